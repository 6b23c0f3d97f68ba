#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# packaging/order-file.sh — regenerates packaging/forged.order, the link order of
# the functions forged runs at start, while idle and on its common reads.
#
# The release link (Package.swift) hands the file to lld as
# --symbol-ordering-file: those functions are laid out together at the start
# of .text, so the pages an idle daemon keeps mapped are a few contiguous
# megabytes instead of every 64 KiB window of a 20 MB text that a start
# happens to touch (docs/performance.md, "Idle memory"). A stale file costs
# only locality, never correctness: lld ignores names it does not find.
#
# Usage: make order-file, or packaging/order-file.sh [BIN]   (needs valgrind; BIN defaults to the
# release build). Runs forged under callgrind on a fresh demo state: a first
# start (seeding), then a restart, 3 s idle, and one request per common read.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/forged}
command -v valgrind >/dev/null || { echo "order-file: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
WORK=$(mktemp -d)
PID=""
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$WORK"' EXIT
SEATS="ada@example.org:Ada,ben@example.org:Ben"
run() {  # run TAG: forged under callgrind on a free port, until /healthz answers (at most 120 s); sets PID and PORT
  valgrind --tool=callgrind --demangle=no --dump-line=no --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$WORK/cg.$1" "$BIN" serve --listen 127.0.0.1:0 --state-dir "$WORK/state" \
    --dev-auth --config /dev/null --allowed-users "$SEATS" >/dev/null 2>"$WORK/$1.err" &
  PID=$!
  for _ in $(seq 600); do
    kill -0 "$PID" 2>/dev/null || { echo "order-file: forged exited:" >&2; tail -5 "$WORK/$1.err" >&2; exit 1; }
    PORT=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$WORK/$1.err" | head -1)
    [ -n "$PORT" ] && curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && return
    sleep 0.2
  done
  echo "order-file: forged did not answer within 120 s" >&2; exit 1
}
mkdir "$WORK/state"
run first; kill -TERM $PID; wait $PID || true; PID=""
run start; sleep 3
callgrind_control -d "$PID" >/dev/null   # part 1: start and idle
curl -s -c "$WORK/cookies" -H 'Content-Type: application/json' -d '{"email":"ada@example.org"}' \
  "http://127.0.0.1:$PORT/auth/dev" >/dev/null
cookie=$(awk '$6=="forge_session" {print $7}' "$WORK/cookies")
for route in /healthz "/api/today?date=2026-07-20" "/api/week?date=2026-07-20" "/api/food/week?date=2026-07-20" \
             /api/food/recipes /api/exercises /api/history /api/records /api/progress /api/dashboard /api/me; do
  curl -s -o /dev/null -b "forge_session=$cookie" "http://127.0.0.1:$PORT$route"
  curl -s -o /dev/null -b "forge_session=$cookie" "http://127.0.0.1:$PORT$route"
done
kill -TERM $PID; wait $PID || true; PID=""
# Functions of forged's own image, first the start and idle, then the reads, then the first start's seeding.
python3 - "$WORK" "$(readlink -f "$BIN")" > packaging/forged.order <<'PY'
import glob, os, sys
work, binary = sys.argv[1], sys.argv[2]
def functions(path):
    names, ob, seen = [], None, set()
    for line in open(path, errors="replace"):
        if line.startswith("ob="):
            ob = line[3:].strip()
        elif line.startswith("fn=") and ob and os.path.realpath(ob) == binary:
            name = line[3:].strip()
            if name not in seen and not name.startswith("0x"):
                seen.add(name); names.append(name)
    return names
parts = sorted(glob.glob(f"{work}/cg.start*"), key=os.path.getmtime)
order, seen = [], set()
for path in parts + [f"{work}/cg.first"]:
    # Sorted within a part: the file stays stable from one run to the next
    # (callgrind lists functions in no fixed order), and all of a part is run anyway.
    for name in sorted(set(functions(path)) - seen):
        seen.add(name); order.append(name)
print("\n".join(order))
PY
echo "order-file: $(wc -l < packaging/forged.order) functions in packaging/forged.order" >&2
echo "order-file: SwiftPM does not relink for it alone: rm -f $BIN and build again (make order-file does)" >&2
