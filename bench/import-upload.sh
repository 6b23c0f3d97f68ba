#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Measures the import upload door (POST /api/import, multipart/form-data read by libmicrohttpd's
# post processor as it arrives, the file part written to disk): uploads a SIZE-byte file with
# curl -F (mostly a hole, so the client side costs little) and prints the upload time and rate and
# the server's peak RSS (VmHWM) before and after. The memory must not grow with SIZE (target: less
# than 16 MB over the idle peak). The file is not a real export, so the answer is a 422 once the
# whole body arrived; that is the path every upload takes up to the kind check.
# Usage: bench/import-upload.sh   (BIN=path/to/forged, default the release build; SIZE=bytes, default 1 GiB)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18384}
SIZE=${SIZE:-1073741824}
BASE="http://127.0.0.1:$PORT"
. bench/lib.sh
bench_need_bin "import-upload bench"

BENCH_SEATS=ada@example.org:Ada
bench_serve "$WORK/state" "$WORK/server.log" --timezone Europe/London
COOKIE="forge_session=$(bench_signin ada@example.org)"

head -c 1048576 /dev/urandom >"$WORK/export.csv"
truncate -s "$SIZE" "$WORK/export.csv"
before=$(awk '/VmHWM/ {print $2}' "/proc/$PID/status")
result=$(curl -s -o "$WORK/out" -w '%{http_code} %{time_total}' -b "$COOKIE" -H "Origin: $BASE" \
  -F kind=strong -F "file=@$WORK/export.csv;filename=export.csv" "$BASE/api/import")
after=$(awk '/VmHWM/ {print $2}' "/proc/$PID/status")
left=$(find "$WORK/state" -name 'forged-upload-*' -o -name 'upload-*' | wc -l)
read -r status seconds <<<"$result"
python3 - "$SIZE" "$status" "$seconds" "$before" "$after" "$left" "$(cat "$WORK/out")" <<'PY'
import sys
size, status, seconds, before, after, left, body = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
print(f"upload of {size / 2**20:.0f} MiB: {seconds:.2f} s ({size / 2**20 / seconds:.0f} MiB/s), answer {status} {body}")
print(f"server peak RSS: {before / 1024:.1f} MB before, {after / 1024:.1f} MB after (+{(after - before) / 1024:.1f} MB; target < 16)")
print(f"temporary files left: {left} (target 0)")
PY
