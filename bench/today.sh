#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Measures the release binary: size, start-to-listening time, idle RSS, and
# GET /api/today under wrk (-t2 -c32 -d8s). Prints one report; figures from a
# single run on a shared machine are only comparable as ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/forged}
PORT=${PORT:-18181}
STATE=$(mktemp -d)
command -v wrk >/dev/null || { echo "bench: installing wrk"; apt-get install -y -qq wrk >/dev/null; }
trap 'kill $PID 2>/dev/null || true; rm -rf "$STATE"' EXIT

size=$(stat -c %s "$BIN")
stripped=$(strip -o "$STATE/forged.stripped" "$BIN" && stat -c %s "$STATE/forged.stripped")

start=$(date +%s%N)
"$BIN" serve --listen 127.0.0.1:$PORT --state-dir "$STATE" --dev-auth --config /dev/null \
  --allowed-users "ada@example.org:Ada,ben@example.org:Ben" --log-level warning 2>"$STATE/log" &
PID=$!
until curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null; do sleep 0.005; done
ready_ms=$(( ($(date +%s%N) - start) / 1000000 ))
sleep 2
idle_rss=$(awk '/VmRSS/ {print $2}' /proc/$PID/status)

curl -s -c "$STATE/cookies" -H 'Content-Type: application/json' -d '{"email":"ada@example.org"}' \
  "http://127.0.0.1:$PORT/auth/dev" >/dev/null
cookie=$(awk '$6=="forge_session" {print $7}' "$STATE/cookies")
wrk -t2 -c32 -d8s --latency -H "Cookie: forge_session=$cookie" \
  "http://127.0.0.1:$PORT/api/today?date=2026-07-20" > "$STATE/wrk.txt"
loaded_rss=$(awk '/VmRSS/ {print $2}' /proc/$PID/status)

echo "release binary:        $size bytes ($stripped stripped)"
echo "start to listening:    ${ready_ms} ms (first /healthz answered, fresh state dir: migrations + seeding)"
echo "idle RSS:              ${idle_rss} KiB"
echo "RSS after load:        ${loaded_rss} KiB"
echo "GET /api/today under wrk -t2 -c32 -d8s:"
grep -E 'Requests/sec|Non-2xx|Socket errors' "$STATE/wrk.txt" || true
grep -E '^\s+(50|90|99)%' "$STATE/wrk.txt"
