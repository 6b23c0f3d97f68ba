#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/scale.sh — reads and memory on the seeded demo and on a heavy household.
#
# Builds the release binary (unless BIN is given), makes two state directories
# (the seeded demo: a first start with two --allowed-users seats; the heavy
# household: the same plus `forged bench-fill`, three years of two members and
# 1,000 recipes), and for each one:
#   - start to READY: a restart on the existing state, until /healthz answers;
#   - idle RSS two seconds later;
#   - for every route: wrk -t2 -c32 -d$DURATION on forged, then on nginx
#     serving the same response bytes as a static file (same run, same
#     machine), req/s as a ratio of nginx's and forged's p99; the server time
#     of one request alone is the median of 9 sequential requests' access-log
#     durations, as clients repeat them (read cache warm) and uncached (each
#     with its own Accept value, so each is computed);
#   - RSS after 100,000 mixed GETs over every route, and after a second 100,000.
# Knobs for iterating: ROUTES="/healthz /api/today" benches only the routes
# whose path (no query) is listed; SETS="heavy" only that data set; MIXED=0
# skips the mixed-load RSS runs.
# Prints one table. Figures on a shared machine are comparable only as ratios.
# Needs root for apt-get (wrk, nginx-light) when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-8s}
MIXED=${MIXED:-100000}
PORT=${PORT:-18281}
NGINX_PORT=${NGINX_PORT:-18282}
DATE=2026-07-20
if [ -z "${BIN:-}" ]; then
  echo "scale: building the release binary" >&2
  swift build -c release --static-swift-stdlib >&2
  BIN=.build/release/forged
fi
BENCH_LOG_LEVEL=info   # server_ms reads request durations from the access log
. bench/lib.sh
NGINX_PID=""
BENCH_CLEANUP+=('[ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null')
bench_need wrk wrk
bench_need nginx nginx-light

rss() { bench_rss_kib | awk '{print int($1/1024*10)/10}'; }

# The reference: nginx on its own port, serving $WORK/www with a temporary config.
mkdir -p "$WORK/www" "$WORK/nginx"
chmod 755 "$WORK" "$WORK/www"   # nginx's workers run as nobody
cat > "$WORK/nginx/nginx.conf" <<NGINX
worker_processes 2;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx; proxy_temp_path $WORK/nginx; fastcgi_temp_path $WORK/nginx;
  uwsgi_temp_path $WORK/nginx; scgi_temp_path $WORK/nginx;
  default_type application/json;
  server { listen 127.0.0.1:$NGINX_PORT; root $WORK/www; }
}
NGINX
nginx -c "$WORK/nginx/nginx.conf" -g 'daemon off;' >/dev/null 2>&1 &
NGINX_PID=$!

wrk_run() {  # wrk_run URL [COOKIE]: prints "req/s p99_ms"
  local out; out=$(wrk -t2 -c32 -d"$DURATION" --latency ${2:+-H "Cookie: forge_session=$2"} "$1")
  local rps p99
  rps=$(awk '/Requests\/sec/ {printf "%d", $2}' <<<"$out")
  p99=$(awk '$1=="99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; printf "%.2f", v}' <<<"$out")
  if grep -q 'Non-2xx' <<<"$out"; then echo "scale: non-2xx answers from $1" >&2; fi
  echo "$rps $p99"
}

server_ms() {  # server_ms PATH_AND_QUERY COOKIE LOG [cold]: median access-log ms of 9 lone requests
  # "cold": each request with its own Accept value, a read-cache key of its own, so every one is computed.
  local path=${1%%\?*} i
  for i in 1 2 3 4 5 6 7 8 9; do
    curl -s -o /dev/null -b "forge_session=$2" ${4:+-H "Accept: application/json;q=0.$i$RANDOM"} "http://127.0.0.1:$PORT$1"
  done
  sleep 0.2
  { grep -a "GET $path 200 " "$3" || true; } | tail -9 | sed -E 's/.* ([0-9.]+)ms.*/\1/' | sort -n | sed -n 5p
}

ROWS=()
bench_set() {  # bench_set NAME STATE
  local name=$1 state=$2 log="$WORK/$1.log"
  local ready idle cookie slug
  bench_serve "$state" "$log"; ready=$READY_MS
  sleep 2
  idle=$(rss)
  cookie=$(bench_signin ada@example.org)
  slug=$(curl -s -b "forge_session=$cookie" "http://127.0.0.1:$PORT/api/food/recipes" \
    | python3 -c 'import json,sys; r=json.load(sys.stdin); r=r.get("recipes", r) if isinstance(r, dict) else r; print(r[len(r)//2]["slug"])')
  local routes=("/healthz" "/api/today?date=$DATE" "/api/week?date=$DATE" "/api/food/week?date=$DATE"
                "/api/food/recipes" "/api/food/recipes/$slug" "/api/exercises" "/api/history"
                "/api/records" "/api/progress" "/api/dashboard")
  local route file bytes f n ms
  for route in "${routes[@]}"; do
    if [ -n "${ROUTES:-}" ] && ! [[ " $ROUTES " == *" ${route%%\?*} "* ]]; then continue; fi
    file=$(echo "$name$route" | tr '/?=&' '____')
    curl -s -b "forge_session=$cookie" "http://127.0.0.1:$PORT$route" > "$WORK/www/$file"
    chmod 644 "$WORK/www/$file"
    bytes=$(stat -c %s "$WORK/www/$file")
    f=$(wrk_run "http://127.0.0.1:$PORT$route" "$cookie")
    n=$(wrk_run "http://127.0.0.1:$NGINX_PORT/$file")
    ms=$(server_ms "$route" "$cookie" "$log"); ms=${ms:-n/a}
    cold=$(server_ms "$route" "$cookie" "$log" cold); cold=${cold:-n/a}
    ROWS+=("$(awk -v set="$name" -v r="${route%%\?*}" -v b="$bytes" -v f="$f" -v n="$n" -v ms="$ms" -v cold="$cold" 'BEGIN {
      split(f, F, " "); split(n, N, " ");
      printf "| %s | %s | %d | %d | %d | %.2f | %s | %s | %s |", set, r, b, F[1], N[1], (N[1] > 0 ? F[1] / N[1] : 0), F[2], ms, cold }')")
  done
  # Mixed load: every route in turn, $MIXED requests, twice.
  if [ "$MIXED" -eq 0 ]; then SUMMARY+=("| $name | $ready | $idle | - | - |"); bench_stop; return; fi
  local lua="$WORK/mixed.lua" list=""
  for route in "${routes[@]}"; do list="$list\"$route\","; done
  cat > "$lua" <<LUA
local paths = {$list}
local n, limit = 0, $MIXED / 2
request = function() n = n + 1; return wrk.format("GET", paths[(n % #paths) + 1]) end
response = function() if n >= limit then wrk.thread:stop() end end
LUA
  wrk -t2 -c32 -d120s -s "$lua" -H "Cookie: forge_session=$cookie" "http://127.0.0.1:$PORT" >/dev/null
  local after1; after1=$(rss)
  wrk -t2 -c32 -d120s -s "$lua" -H "Cookie: forge_session=$cookie" "http://127.0.0.1:$PORT" >/dev/null
  local after2; after2=$(rss)
  SUMMARY+=("| $name | $ready | $idle | $after1 | $after2 |")
  bench_stop
}

# State directories: the seeded demo, and the heavy household on top of the same start.
for set in ${SETS:-demo heavy}; do
  mkdir -p "$WORK/$set"
  bench_serve "$WORK/$set" "$WORK/$set-first.log"; bench_stop
done
if [[ " ${SETS:-demo heavy} " == *" heavy "* ]]; then
  echo "scale: generating the heavy household" >&2
  "$BIN" bench-fill --state-dir "$WORK/heavy" --config /dev/null >&2
fi
SUMMARY=()
for set in ${SETS:-demo heavy}; do bench_set "$set" "$WORK/$set"; done

echo "forged $("$BIN" version | awk '{print $2}'), wrk -t2 -c32 -d$DURATION; nginx serves the same bytes (ratio = forged/nginx)"
echo
echo "| data | route | bytes | forged req/s | nginx req/s | ratio | forged p99 ms | one request ms (access log) | one uncached request ms |"
echo "|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${ROWS[@]}"
echo
echo "| data | start to READY ms | idle RSS MB | RSS after $MIXED mixed MB | after another $MIXED MB |"
echo "|---|---|---|---|---|"
printf '%s\n' "${SUMMARY[@]}"
