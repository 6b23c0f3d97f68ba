#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Moving in (issue 24, item 5): a generated 25,000-row Strong CSV (the current
# 12-column form: 5 years of workouts, 8 exercises, warm-ups, Rest Timer rows,
# notes) through `forged import strong` into a fresh state directory, against
# the reference measured in the same run: sqlite3's `.import --csv` of the
# same file into an empty table. Both are timed RUNS times (default 5),
# alternating, each sqlite3 run into a new database and each import into a new
# state directory; prints the median, min and max of each, the ratio of the
# medians (target <= 5x and under 5 s) and forged's peak RSS over the runs
# (target < 96 MB), then imports the last run's file again (must add nothing)
# and times the undo.
# Then, with `forged serve` running and two members signed in, the other
# member's GET /api/today latency is measured idle and while the first
# member's POST /api/import of the same file runs (a fresh state directory,
# sequential keep-alive requests, median and p99): "other members' requests
# keep their usual latency while an import runs" is the ratio import/idle.
# Usage: bench/movein-strong.sh [ROWS]   (BIN=path/to/forged, default the release build; PORT, default 18183;
#   RUNS, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-25000}
PORT=${PORT:-18183}
RUNS=${RUNS:-5}
. bench/lib.sh
bench_need_bin movein-strong
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
# Reference and import alternate, so both see the same moments of a shared machine.
: >"$WORK/times"
for _ in $(seq 1 "$RUNS"); do
  rm -f "$WORK/ref.sqlite3"
  ref_start=$(date +%s.%N)
  sqlite3 "$WORK/ref.sqlite3" ".import --csv $CSV strong"
  ref_end=$(date +%s.%N)
  rm -rf "$WORK/state"
  "$BIN" user add ada@example.org --name Ada --password-stdin --state-dir "$WORK/state" --config /dev/null \
    <<<"bench-password-1" >/dev/null 2>&1
  imp_start=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$WORK/rss" "$BIN" import strong "$CSV" --state-dir "$WORK/state" --config /dev/null \
    --timezone UTC >"$WORK/report" 2>/dev/null
  imp_end=$(date +%s.%N)
  echo "$ref_start $ref_end $imp_start $imp_end $(cat "$WORK/rss")" >>"$WORK/times"
done
again_start=$(date +%s.%N)
"$BIN" import strong "$CSV" --state-dir "$WORK/state" --config /dev/null --timezone UTC >"$WORK/again" 2>/dev/null
again_end=$(date +%s.%N)
ID=$(head -1 "$WORK/report" | sed -E 's/^import ([0-9a-f]+):.*/\1/')
undo_start=$(date +%s.%N)
"$BIN" import undo "$ID" --state-dir "$WORK/state" --config /dev/null >/dev/null
undo_end=$(date +%s.%N)
python3 - "$WORK/times" "$again_start" "$again_end" "$undo_start" "$undo_end" "$LINES" "$SIZE" \
  "$(cat /proc/loadavg)" <<'PY'
import statistics, sys
runs = [list(map(float, line.split())) for line in open(sys.argv[1])]
again, undo = float(sys.argv[3]) - float(sys.argv[2]), float(sys.argv[5]) - float(sys.argv[4])
rows, size, load = int(sys.argv[6]), int(sys.argv[7]), sys.argv[8].split()[:3]
refs, imps = [r[1] - r[0] for r in runs], [r[3] - r[2] for r in runs]
rss_kb = max(int(r[4]) for r in runs)
ref, imp = statistics.median(refs), statistics.median(imps)
def spread(xs):
    return f"min {min(xs):.3f}, max {max(xs):.3f}: " + " ".join(f"{x:.3f}" for x in xs)
print(f"strong CSV: {rows} rows, {size/1e6:.1f} MB; {len(runs)} alternating runs each; load average {' '.join(load)}")
print(f"sqlite3 .import --csv (reference): median {ref:.3f} s ({spread(refs)})")
print(f"forged import strong: median {imp:.3f} s ({rows/imp:.0f} rows/s; {spread(imps)})")
print(f"ratio of medians {imp/ref:.2f}x (target <= 5x, < 5 s); per run "
      + " ".join(f"{i/r:.2f}x" for r, i in zip(refs, imps)))
print(f"peak RSS: {rss_kb/1024:.1f} MB, the largest of the runs (target < 96 MB)")
print(f"re-import (adds nothing): {again:.3f} s; undo: {undo:.3f} s")
PY
grep -E "^added|^already" "$WORK/report" "$WORK/again" | sed "s|$WORK/||"

# Other members' latency while an import runs.
bench_serve "$WORK/served" "$WORK/serve.log" --timezone UTC
python3 - "$PORT" "$CSV" <<'PY'
import http.client, json, sys, threading, time
port, csv = int(sys.argv[1]), sys.argv[2]
def signin(email):
    c = http.client.HTTPConnection("127.0.0.1", port)
    c.request("POST", "/auth/dev", json.dumps({"email": email}), {"Content-Type": "application/json"})
    r = c.getresponse(); r.read()
    cookie = [v for k, v in r.getheaders() if k.lower() == "set-cookie" and v.startswith("forge_session=")][0]
    return cookie.split(";")[0]
ada, ben = signin("ada@example.org"), signin("ben@example.org")
conn = http.client.HTTPConnection("127.0.0.1", port)
def today():
    t = time.perf_counter()
    conn.request("GET", "/api/today?date=2026-07-20", headers={"Cookie": ben})
    r = conn.getresponse(); r.read()
    assert r.status == 200, r.status
    return time.perf_counter() - t
def stats(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2], xs[min(len(xs) - 1, int(len(xs) * 0.99))]
for _ in range(50): today()
idle = [today() for _ in range(400)]
up = http.client.HTTPConnection("127.0.0.1", port)
up.request("POST", "/api/import?kind=strong&name=strong.csv", open(csv, "rb").read(),
           {"Cookie": ada, "Content-Type": "text/csv", "Origin": f"http://127.0.0.1:{port}"})
r = up.getresponse(); job = json.loads(r.read())
assert r.status == 202, (r.status, job)
busy, state, poll = [], job["state"], http.client.HTTPConnection("127.0.0.1", port)
started = time.perf_counter(); last_poll = 0.0
while state == "running":
    busy.append(today())
    if time.perf_counter() - last_poll > 0.05:
        last_poll = time.perf_counter()
        poll.request("GET", "/api/import/" + job["id"], headers={"Cookie": ada})
        pr = poll.getresponse(); state = json.loads(pr.read())["state"]
took = time.perf_counter() - started
assert state == "done", state
(i50, i99), (b50, b99) = stats(idle), stats(busy)
print(f"other member's GET /api/today, sequential: idle p50 {i50*1e3:.2f} ms, p99 {i99*1e3:.2f} ms ({len(idle)} requests)")
print(f"  during the HTTP import ({took:.2f} s): p50 {b50*1e3:.2f} ms, p99 {b99*1e3:.2f} ms ({len(busy)} requests)")
print(f"  ratio import/idle: p50 {b50/i50:.2f}x, p99 {b99/i99:.2f}x")
PY
