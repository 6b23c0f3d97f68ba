#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Measures the release binary: size, start-to-listening time, idle RSS, and
# GET /api/today under wrk (-t2 -c32 -d8s). Prints one report; figures from a
# single run on a shared machine are only comparable as ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18181}
. bench/lib.sh
bench_need_bin today
bench_need wrk wrk

size=$(stat -c %s "$BIN")
stripped=$(strip -o "$WORK/forged.stripped" "$BIN" && stat -c %s "$WORK/forged.stripped")

bench_serve "$WORK/state" "$WORK/log"
ready_ms=$READY_MS
sleep 2
idle_rss=$(bench_rss_kib)

cookie=$(bench_signin ada@example.org)
wrk -t2 -c32 -d8s --latency -H "Cookie: forge_session=$cookie" \
  "http://127.0.0.1:$PORT/api/today?date=2026-07-20" > "$WORK/wrk.txt"
loaded_rss=$(bench_rss_kib)

echo "release binary:        $size bytes ($stripped stripped)"
echo "start to listening:    ${ready_ms} ms (first /healthz answered, fresh state dir: migrations + seeding)"
echo "idle RSS:              ${idle_rss} KiB"
echo "RSS after load:        ${loaded_rss} KiB"
echo "GET /api/today under wrk -t2 -c32 -d8s:"
grep -E 'Requests/sec|Non-2xx|Socket errors' "$WORK/wrk.txt" || true
grep -E '^\s+(50|90|99)%' "$WORK/wrk.txt"
