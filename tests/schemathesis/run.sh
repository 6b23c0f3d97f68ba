#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Schemathesis over every operation of forged's /api/openapi.json, with the
# seeded household signed in (see hooks.py). Builds nothing: pass the release
# binary (default .build/release/forged).
#
#   tests/schemathesis/run.sh [path/to/forged [extra schemathesis run options]]
#
# Environment: SCHEMATHESIS (the CLI, default `schemathesis` on PATH),
# ST_MAX_EXAMPLES (examples per operation, default 25), ST_SEED (fixed seed
# for a reproducible run; random by default).
#
# All checks are on. 5xx fail the run except the two deliberate ones, each
# allowed on its own operation only (schemathesis.toml): the 503 of
# `GET /api/withings/connect` when Withings is not configured and the 501 of
# `POST /api/admin/settings/vapid`. Exits non-zero on any failure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
forged="${1:-$root/.build/release/forged}"
[ "$#" -gt 0 ] && shift
schemathesis="${SCHEMATHESIS:-schemathesis}"
[ -x "$forged" ] || { echo "run.sh: no forged binary at $forged (build it first)" >&2; exit 2; }
command -v "$schemathesis" >/dev/null || { echo "run.sh: $schemathesis not found (pip install schemathesis==4.32.5)" >&2; exit 2; }

# Operations left out, each because calling it would end or spoil the run:
excluded=(
  # Signs the household out: every later case would be a 401.
  "POST /auth/logout"
  # Server-sent events: the stream never ends, so the request never returns.
  "GET /api/events"
  # Wipes the whole recipe library, leaving nothing for the recipe routes.
  "DELETE /api/admin/recipes"
)

state="$(mktemp -d "${TMPDIR:-/tmp}/forge-schemathesis.XXXXXX")"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
"$forged" serve --listen "127.0.0.1:$port" --state-dir "$state" --runtime-dir "$state/run" --config /dev/null \
  --base-url "$base" --dev-auth --allowed-users "ada@example.org:Ada,ben@example.org:Ben" \
  >"$state/forged.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$state"
}
trap cleanup EXIT

for _ in $(seq 100); do
  curl -fsS "$base/healthz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$state/forged.log" >&2; exit 1; }
  sleep 0.1
done
curl -fsS "$base/healthz" >/dev/null || { echo "run.sh: forged did not come up" >&2; cat "$state/forged.log" >&2; exit 1; }

args=(run "$base/api/openapi.json" --checks all --max-examples "${ST_MAX_EXAMPLES:-25}" --workers 1
      --request-timeout 10 --no-color)
for name in "${excluded[@]}"; do args+=(--exclude-name "$name"); done
[ -n "${ST_SEED:-}" ] && args+=(--seed "$ST_SEED")
set +e
# Run from the state directory, so schemathesis's example database
# (.schemathesis/) goes away with it.
(cd "$state" && FORGED_URL="$base" SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" \
  "$schemathesis" --config-file "$here/schemathesis.toml" "${args[@]}" "$@")
status=$?
set -e
if [ "$status" -ne 0 ]; then
  echo "run.sh: schemathesis failed (exit $status); last lines of the server log:" >&2
  tail -n 40 "$state/forged.log" >&2
fi
exit "$status"
