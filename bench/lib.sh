# SPDX-License-Identifier: Apache-2.0
# bench/lib.sh — what the benches that serve share, sourced after `cd` to the
# repository root (`. bench/lib.sh`):
#   - BIN (default the release build), a scratch WORK directory, PID of the
#     forged being served, and one EXIT trap that stops it and removes WORK
#     (a script adds its own cleanup to BENCH_CLEANUP, run first);
#   - bench_need_bin NAME: exits naming NAME when BIN is not built;
#   - bench_need CMD PACKAGE: installs PACKAGE with apt-get when CMD is missing;
#   - bench_serve STATE LOG [ARGS...]: starts `forged serve` on 127.0.0.1:$PORT
#     with dev sign-in and the seats in BENCH_SEATS (default Ada and Ben), at
#     BENCH_LOG_LEVEL (default warning), ARGS added; waits for /healthz (10,000
#     tries 2 ms apart, each a curl: a minute or so at most) and sets PID and
#     READY_MS (start to the first answer, ms);
#   - bench_stop: stops the served forged (SIGTERM) and waits for it;
#   - bench_signin EMAIL: signs EMAIL in through POST /auth/dev and prints the
#     forge_session cookie's value (nothing when the sign-in failed);
#   - bench_rss_kib: the served forged's VmRSS, KiB.
# Each script sets PORT before it serves. Figures are compared only as ratios.

BIN=${BIN:-.build/release/forged}
BENCH_SEATS=${BENCH_SEATS:-ada@example.org:Ada,ben@example.org:Ben}
BENCH_LOG_LEVEL=${BENCH_LOG_LEVEL:-warning}
BENCH_CLEANUP=()
WORK=$(mktemp -d "${TMPDIR:-/tmp}/forge-bench.XXXXXX")
PID=""

bench_cleanup() {
  local hook
  for hook in "${BENCH_CLEANUP[@]}"; do eval "$hook" || true; done
  [ -n "$PID" ] && kill "$PID" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$WORK"
}
trap bench_cleanup EXIT

bench_need_bin() {
  [ -x "$BIN" ] || { echo "$1: no binary at $BIN (make release)" >&2; exit 1; }
}

bench_need() {
  command -v "$1" >/dev/null && return 0
  echo "bench: installing $2" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}

bench_serve() {
  local state=$1 log=$2 start i
  shift 2
  start=$(date +%s%N)
  "$BIN" serve --listen "127.0.0.1:$PORT" --state-dir "$state" --dev-auth --config /dev/null \
    --allowed-users "$BENCH_SEATS" --log-level "$BENCH_LOG_LEVEL" "$@" >/dev/null 2>>"$log" &
  PID=$!
  for i in $(seq 1 10000); do
    if curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz"; then
      READY_MS=$((($(date +%s%N) - start) / 1000000))
      return 0
    fi
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.002
  done
  echo "bench: forged serve did not answer /healthz on port $PORT; its log:" >&2
  tail -5 "$log" >&2
  exit 1
}

bench_stop() {
  [ -n "$PID" ] || return 0
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  PID=""
}

bench_signin() {
  curl -s -D - -o /dev/null -H 'Content-Type: application/json' -d "{\"email\":\"$1\"}" \
    "http://127.0.0.1:$PORT/auth/dev" | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: forge_session=\([^;]*\);.*/\1/p'
}

bench_rss_kib() {
  awk '/VmRSS/ {print $2}' "/proc/$PID/status"
}
