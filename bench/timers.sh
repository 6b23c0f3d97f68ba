#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Cook timers on the release binary: lateness with 1,000 active timers and
# the fan-out time to 50 event-socket subscribers (bench/timers.py does the
# measuring). Figures from one run on a shared machine are only comparable
# as ratios. TIMERS and SUBSCRIBERS override the counts.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18182}
. bench/lib.sh
bench_need_bin timers

bench_serve "$WORK/state" "$WORK/log" --runtime-dir "$WORK/run"
until [ -S "$WORK/run/events.sock" ]; do sleep 0.01; done
cookie="forge_session=$(bench_signin ada@example.org)"
python3 bench/timers.py "http://127.0.0.1:$PORT" "$WORK/run/events.sock" "$cookie" \
  "${TIMERS:-1000}" "${SUBSCRIBERS:-50}"
echo "daemon RSS after the run: $(bench_rss_kib) KiB"
