#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The golden comparison of two forged builds (docs/golden.md): seeds the demo
# and the heavy household once with BEFORE, serves copies with both binaries
# (clock frozen), sends every route of the route table to both and compares
# the answers byte for byte. Prints the number of requests compared and every
# difference; exits 1 when there is one.
#
#   tests/golden/run.sh [BEFORE [AFTER]] [-- golden.py options]
#
# BEFORE and AFTER are each a forged binary or a git revision of this
# repository, which is built (release, static Swift stdlib) in a clone at
# ${GOLDEN_BUILD_DIR:-/tmp}/golden-<commit> and reused from there next time.
# Defaults: BEFORE f5fba09 (the last commit before issue 22), AFTER
# .build/release/forged. Needs faketime (make golden installs it).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
before="${1:-f5fba09}"
after="${2:-$root/.build/release/forged}"
shift $(( $# < 2 ? $# : 2 ))
[ "${1:-}" = "--" ] && shift

binary_of() {
  if [ -f "$1" ] && [ -x "$1" ]; then realpath "$1"; return; fi
  local rev dir
  rev="$(git -C "$root" rev-parse --verify -q "$1^{commit}")" \
    || { echo "golden: $1 is neither a forged binary nor a revision of $root" >&2; exit 2; }
  dir="${GOLDEN_BUILD_DIR:-/tmp}/golden-${rev:0:12}"
  if [ ! -x "$dir/.build/release/forged" ]; then
    [ -d "$dir/.git" ] || git clone -q "$root" "$dir"
    git -C "$dir" checkout -q --detach "$rev"
    echo "golden: building $1 ($rev) in $dir: a release build, about 6 minutes" >&2
    (cd "$dir" && swift build -c release --static-swift-stdlib >&2)
  fi
  echo "$dir/.build/release/forged"
}

command -v faketime >/dev/null \
  || { echo "golden: faketime missing: apt-get install faketime (make golden installs it)" >&2; exit 2; }
before_bin="$(binary_of "$before")"
after_bin="$(binary_of "$after")"
exec python3 "$root/tests/golden/golden.py" "$before_bin" "$after_bin" "$@"
