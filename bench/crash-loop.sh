#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Crash test (issue 8): TRIALS times, start the release binary on one state
# directory, check that every write acknowledged (2xx) before the previous
# kill -9 is there, run several concurrent writers, and kill -9 the server
# mid-way. Writers: one per app setting key (PUT /api/admin/settings with an
# increasing sequence number; the stored number must be at least the last
# acknowledged one) and two that sign in (POST /auth/dev inserts a session
# row; every acknowledged cookie must still authenticate). Ends with
# PRAGMA integrity_check on the database and one report line:
#   "N trials, W acknowledged writes, L lost"
# Usage: bench/crash-loop.sh [TRIALS]   (BIN=path/to/forged, default the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
TRIALS=${1:-20}
PORT=${PORT:-18282}
BASE="http://127.0.0.1:$PORT"
. bench/lib.sh
bench_need_bin crash-loop
STATE="$WORK/state"
KEYS=(coach_model withings_client_id vapid_public_key maptiler_key)

start_server() { bench_serve "$STATE" "$WORK/server.log" --timezone UTC; }

setting_writer() {  # key trial: PUT increasing values until the server dies; log acknowledged sequence numbers
  local key=$1 trial=$2 n=0 code
  while :; do
    n=$((n + 1))
    code=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: application/json' -H "Cookie: forge_session=$ADA" \
      -d "{\"values\":{\"$key\":\"t$trial-n$n\"}}" "$BASE/api/admin/settings" || true)
    case $code in 2??) echo "$n" >> "$WORK/acked-$key" ;; 000) return 0 ;; esac
  done
}

session_writer() {  # sign in repeatedly; log every acknowledged cookie
  local cookie
  while :; do
    cookie=$(bench_signin ben@example.org || true)
    [ -z "$cookie" ] && { curl -sf "$BASE/healthz" >/dev/null || return 0; continue; }
    echo "$cookie" >> "$WORK/acked-sessions"
  done
}

acked=0; lost=0
verify() {  # checks the writes acknowledged in the trial before, against the running server
  local trial=$1 settings last stored
  settings=$(curl -sf -H "Cookie: forge_session=$ADA" "$BASE/api/admin/settings")
  for key in "${KEYS[@]}"; do
    [ -s "$WORK/acked-$key" ] || continue
    last=$(tail -1 "$WORK/acked-$key")
    acked=$((acked + $(wc -l < "$WORK/acked-$key")))
    stored=$(jq -r ".${key}.value" <<<"$settings")
    if [[ "$stored" != "t$trial-n"* ]] || [ "${stored#t$trial-n}" -lt "$last" ]; then
      echo "trial $trial: $key lost: last acknowledged t$trial-n$last, stored $stored"; lost=$((lost + 1))
    fi
  done
  if [ -s "$WORK/acked-sessions" ]; then
    while read -r cookie; do
      acked=$((acked + 1))
      code=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: forge_session=$cookie" "$BASE/auth/me")
      [ "$code" = 200 ] || { echo "trial $trial: session lost ($code)"; lost=$((lost + 1)); }
    done < "$WORK/acked-sessions"
  fi
  rm -f "$WORK"/acked-*
}

for trial in $(seq 1 "$TRIALS"); do
  start_server
  ADA=$(bench_signin ada@example.org)
  [ "$trial" -gt 1 ] && verify $((trial - 1))
  for key in "${KEYS[@]}"; do setting_writer "$key" "$trial" & done
  session_writer & session_writer &
  sleep "$((RANDOM % 2 + 1)).$((RANDOM % 10))"   # 1.0–2.9 s of writes
  kill -9 $PID; wait $PID 2>/dev/null || true
  wait                                # writers stop when the server is gone
  echo "trial $trial: killed after $(cat "$WORK"/acked-* 2>/dev/null | wc -l) acknowledged writes"
done
start_server
ADA=$(bench_signin ada@example.org)
verify "$TRIALS"
kill $PID; wait $PID 2>/dev/null || true; PID=""
integrity=$(sqlite3 "$STATE/forge.sqlite3" 'PRAGMA integrity_check')
echo "integrity_check: $integrity"
echo "$TRIALS trials, $acked acknowledged writes, $lost lost"
[ "$lost" = 0 ] && [ "$integrity" = ok ]
