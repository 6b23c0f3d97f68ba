#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One ingredient line's reading and weighing (issue 37: at most 50 µs a line), and
# the cost of loading the food reference once. Runs `forged food weigh` over the
# 729 hand-labelled real lines of Tests/Fixtures/ingredient-lines/lines.tsv,
# repeated REPEAT times (default 20), and over a single line, and prints:
#   "N lines: T s; one line S µs; the food reference loads in L ms"
# where one line = (T − time for one line) / (N − 1). Each run is taken three
# times and the fastest kept (the machine is shared). The reference point is the
# same binary on one line, measured in the same run.
# Usage: bench/food-lines.sh [REPEAT]   (BIN=path/to/forged, default the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${1:-20}
BIN=${BIN:-.build/release/forged}
[ -x "$BIN" ] || { echo "food-lines: no binary at $BIN (make release)"; exit 1; }
command -v python3 >/dev/null || { echo "food-lines: needs python3 (Debian package python3)"; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
tail -n +2 Tests/Fixtures/ingredient-lines/lines.tsv | cut -f1 > "$WORK/once.txt"
for _ in $(seq "$REPEAT"); do cat "$WORK/once.txt"; done > "$WORK/lines.txt"
head -1 "$WORK/once.txt" > "$WORK/one.txt"
python3 - "$BIN" "$WORK/lines.txt" "$WORK/one.txt" <<'PY'
import subprocess, sys, time
binary, lines, one = sys.argv[1:4]
def best(path):
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([binary, "food", "weigh", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)
n = sum(1 for _ in open(lines, encoding="utf-8"))
full, single = best(lines), best(one)
print(f"{n} lines: {full:.2f} s; one line {(full - single) / (n - 1) * 1e6:.0f} µs; "
      f"the food reference loads in {single * 1000:.0f} ms (target <= 50 µs a line)")
PY
