#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Moving in (issue 24, item 5): a generated 25,000-row Strong CSV (the current
# 12-column form: 5 years of workouts, 8 exercises, warm-ups, Rest Timer rows,
# notes) through `forged import strong` into a fresh state directory, against
# the reference measured in the same run: sqlite3's `.import --csv` of the
# same file into an empty table. Prints both times, the ratio (target <= 5x
# and under 5 s) and forged's peak RSS (target < 96 MB), then imports again
# (must add nothing) and times the undo.
# Usage: bench/movein-strong.sh [ROWS]   (BIN=path/to/forged, default the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-25000}
BIN=${BIN:-.build/release/forged}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
[ -x "$BIN" ] || { echo "movein-strong: no binary at $BIN (make release)"; exit 1; }
CSV="$WORK/strong.csv"
python3 - "$ROWS" "$CSV" <<'PY'
import sys, random, datetime
rows, path = int(sys.argv[1]), sys.argv[2]
random.seed(24)
lifts = ["Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)",
         "Bent Over Row (Barbell)", "Pull Up", "Bicep Curl (Dumbbell)", "Leg Press"]
start = datetime.datetime(2021, 1, 4, 7, 30)
with open(path, "w", newline="") as f:
    f.write("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n")
    n, day = 0, 0
    while n < rows:
        when = (start + datetime.timedelta(days=day * 2)).strftime("%Y-%m-%d %H:%M:%S")
        name = random.choice(["Push", "Pull", "Legs, heavy", "Full body"])
        for lift in random.sample(lifts, 4):
            base = random.uniform(20, 140)
            f.write(f'{when},"{name}",1h 5m,"{lift}",W,{base*0.5:.1f},8.0,0,0.0,"",,\n'); n += 1
            for s in range(1, 6):
                f.write(f'{when},"{name}",1h 5m,"{lift}",{s},{base:.1f},{random.randint(3,10)}.0,0,0.0,"",,{random.choice(["","8","8.5","9"])}\n')
                n += 1
            f.write(f'{when},"{name}",1h 5m,"{lift}",Rest Timer,0,0,0,90.0,,,\n'); n += 1
        day += 1
PY
LINES=$(($(wc -l <"$CSV") - 1))
SIZE=$(stat -c %s "$CSV")
ref_start=$(date +%s.%N)
sqlite3 "$WORK/ref.sqlite3" ".import --csv $CSV strong"
ref_end=$(date +%s.%N)
"$BIN" user add ada@example.org --name Ada --password-stdin --state-dir "$WORK/state" --config /dev/null \
  <<<"bench-password-1" >/dev/null
imp_start=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$WORK/rss" "$BIN" import strong "$CSV" --state-dir "$WORK/state" --config /dev/null \
  --timezone UTC >"$WORK/report" 2>/dev/null
imp_end=$(date +%s.%N)
again_start=$(date +%s.%N)
"$BIN" import strong "$CSV" --state-dir "$WORK/state" --config /dev/null --timezone UTC >"$WORK/again" 2>/dev/null
again_end=$(date +%s.%N)
ID=$(head -1 "$WORK/report" | sed -E 's/^import ([0-9a-f]+):.*/\1/')
undo_start=$(date +%s.%N)
"$BIN" import undo "$ID" --state-dir "$WORK/state" --config /dev/null >/dev/null
undo_end=$(date +%s.%N)
python3 - "$ref_start" "$ref_end" "$imp_start" "$imp_end" "$again_start" "$again_end" "$undo_start" "$undo_end" \
  "$(cat "$WORK/rss")" "$LINES" "$SIZE" <<'PY'
import sys
a = list(map(float, sys.argv[1:9])); rss_kb, rows, size = int(sys.argv[9]), int(sys.argv[10]), int(sys.argv[11])
ref, imp, again, undo = a[1]-a[0], a[3]-a[2], a[5]-a[4], a[7]-a[6]
print(f"strong CSV: {rows} rows, {size/1e6:.1f} MB")
print(f"sqlite3 .import --csv (reference): {ref:.3f} s")
print(f"forged import strong: {imp:.3f} s ({rows/imp:.0f} rows/s), ratio {imp/ref:.2f}x (target <= 5x, < 5 s)")
print(f"peak RSS: {rss_kb/1024:.1f} MB (target < 96 MB)")
print(f"re-import (adds nothing): {again:.3f} s; undo: {undo:.3f} s")
PY
grep -E "^added|^already" "$WORK/report" "$WORK/again" | sed "s|$WORK/||"
