#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Cook timers on the release binary: lateness with 1,000 active timers and
# the fan-out time to 50 event-socket subscribers (bench/timers.py does the
# measuring). Figures from one run on a shared machine are only comparable
# as ratios. TIMERS and SUBSCRIBERS override the counts.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/forged}
PORT=${PORT:-18182}
STATE=$(mktemp -d)
trap 'kill $PID 2>/dev/null || true; rm -rf "$STATE"' EXIT

"$BIN" serve --listen 127.0.0.1:$PORT --state-dir "$STATE" --runtime-dir "$STATE/run" --dev-auth --config /dev/null \
  --allowed-users "ada@example.org:Ada,ben@example.org:Ben" --log-level warning 2>"$STATE/log" &
PID=$!
until curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null; do sleep 0.01; done
until [ -S "$STATE/run/events.sock" ]; do sleep 0.01; done
curl -s -c "$STATE/cookies" -H 'Content-Type: application/json' -d '{"email":"ada@example.org"}' \
  "http://127.0.0.1:$PORT/auth/dev" >/dev/null
cookie="forge_session=$(awk '$6=="forge_session" {print $7}' "$STATE/cookies")"
python3 bench/timers.py "http://127.0.0.1:$PORT" "$STATE/run/events.sock" "$cookie" \
  "${TIMERS:-1000}" "${SUBSCRIBERS:-50}"
echo "daemon RSS after the run: $(awk '/VmRSS/ {print $2}' /proc/$PID/status) KiB"
