#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Moving in (issue 24, item 5): a generated Apple Health export.xml of SIZE_MB megabytes (default 1024),
# shaped like the real ones (bench/apple-health-export.py: DTD, MetadataEntry children, workouts with
# statistics, events and routes), through `forged import apple-health` into a fresh state directory,
# against the reference measured in the same run on the same file: `xmllint --stream --noout`
# (libxml2's streaming reader alone, Debian package libxml2-utils). Prints both times, the ratio
# (target <= 3x and under 3 minutes for 1 GB) and forged's peak RSS (target < 96 MB), then imports
# the same file again (must add nothing) and times the undo.
# Usage: bench/apple-health.sh [SIZE_MB]   (BIN=path/to/forged, default the release build;
#        KEEP=path keeps the generated file there and reuses it on the next run)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE_MB=${1:-1024}
. bench/lib.sh
bench_need_bin apple-health
bench_need xmllint libxml2-utils
XML=${KEEP:-$WORK/export.xml}
if [ ! -s "$XML" ]; then
  gen_start=$(date +%s)
  python3 bench/apple-health-export.py "$SIZE_MB" "$XML" >"$WORK/counts"
  echo "generated $XML in $(($(date +%s) - gen_start)) s: $(cat "$WORK/counts")"
fi
SIZE=$(stat -c %s "$XML")
cat "$XML" >/dev/null  # both readers start from the page cache
ref_start=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$WORK/ref-rss" xmllint --stream --noout "$XML"
ref_end=$(date +%s.%N)
"$BIN" user add ada@example.org --name Ada --password-stdin --state-dir "$WORK/state" --config /dev/null \
  <<<"bench-password-1" >/dev/null 2>&1
imp_start=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$WORK/rss" "$BIN" import apple-health "$XML" --state-dir "$WORK/state" \
  --config /dev/null --timezone UTC >"$WORK/report" 2>/dev/null
imp_end=$(date +%s.%N)
again_start=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$WORK/again-rss" "$BIN" import apple-health "$XML" --state-dir "$WORK/state" \
  --config /dev/null --timezone UTC >"$WORK/again" 2>/dev/null
again_end=$(date +%s.%N)
ID=$(head -1 "$WORK/report" | sed -E 's/^import ([0-9a-f]+):.*/\1/')
undo_start=$(date +%s.%N)
"$BIN" import undo "$ID" --state-dir "$WORK/state" --config /dev/null >/dev/null 2>&1
undo_end=$(date +%s.%N)
python3 - "$ref_start" "$ref_end" "$imp_start" "$imp_end" "$again_start" "$again_end" "$undo_start" "$undo_end" \
  "$(cat "$WORK/rss")" "$(cat "$WORK/again-rss")" "$(cat "$WORK/ref-rss")" "$SIZE" <<'PY'
import sys
a = list(map(float, sys.argv[1:9])); rss, again_rss, ref_rss, size = map(int, sys.argv[9:13])
ref, imp, again, undo = a[1]-a[0], a[3]-a[2], a[5]-a[4], a[7]-a[6]
print(f"export.xml: {size/1e6:.0f} MB")
print(f"xmllint --stream --noout (reference): {ref:.2f} s ({size/1e6/ref:.0f} MB/s), peak RSS {ref_rss/1024:.1f} MB")
print(f"forged import apple-health: {imp:.2f} s ({size/1e6/imp:.0f} MB/s), ratio {imp/ref:.2f}x "
      f"(target <= 3x, < 180 s at 1 GB)")
print(f"peak RSS: {rss/1024:.1f} MB import, {again_rss/1024:.1f} MB re-import (target < 96 MB)")
print(f"re-import (adds nothing): {again:.2f} s; undo: {undo:.2f} s")
PY
grep -E "^(rows|added|already|skipped)" "$WORK/report" "$WORK/again" | sed "s|$WORK/||"
