#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Moving in from the original Forge server (issue 23, item 4): a large
# household (bench/forge-server-household.py: 2 members, 5 years, ~1,000
# sessions, 30,000 sets, 10,000 metrics, 10,000 meal logs, 300 recipes)
# written into the original's schema in a temporary cluster of Debian's
# PostgreSQL, dumped with `pg_dump --clean --if-exists` as a household does.
# The reference, timed in the same run: the original's own move, `psql -f` of
# that dump into an empty database. Then `forged import forge-server --from
# dump.sql` into a fresh state directory, under /usr/bin/time for peak RSS. The two alternate RUNS
# times (default 3) and the medians are compared: one run of either moves by 2x on a shared machine.
# Targets: the import no slower than psql -f, under 60 s, peak RSS < 128 MB.
# A third time per round is the storage floor: sqlite3's shell loading a .dump of forged's own
# database after the move (the same rows, written by SQLite with no conversion at all).
# Usage: bench/movein-forge-server.sh [SCALE]   (BIN=path/to/forged, default the release build;
#        RUNS=3 alternating rounds of reference and import, medians reported;
#        PERF=1 records the first import under perf and prints its top symbols; KEEP=1 keeps the dump and state)
set -euo pipefail
cd "$(dirname "$0")/.."
SCALE=${1:-1}
BIN=$(realpath "${BIN:-.build/release/forged}")
[ -x "$BIN" ] || { echo "movein-forge-server: no binary at $BIN (make release)"; exit 1; }
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$PGBIN/initdb" ] || { echo "movein-forge-server: initdb missing: apt-get install postgresql"; exit 1; }
WORK=$(mktemp -d)
PG="$WORK/pg"
chmod 711 "$WORK"
as_pg() {
  if [ "$(id -u)" = 0 ]; then setpriv --reuid=postgres --regid=postgres --clear-groups -- "$@"; else "$@"; fi
}
cleanup() {
  [ -f "$PG/data/postmaster.pid" ] && as_pg "$PGBIN/pg_ctl" -D "$PG/data" -m immediate -w stop >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
mkdir -p "$PG"
[ "$(id -u)" = 0 ] && chown postgres:postgres "$PG"
chmod 700 "$PG"
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# A household's server: PostgreSQL's defaults (fsync on), loopback only, trust for this one user.
as_pg "$PGBIN/initdb" -D "$PG/data" -U forge --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$PG/data" -l "$PG/log" -w -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PG" start \
  >/dev/null
PSQL=("$PGBIN/psql" -q -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U forge)
"$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U forge household

python3 bench/forge-server-household.py "$WORK/household.sql" "$SCALE" 2>"$WORK/counts"
"${PSQL[@]}" -d household -f "$WORK/household.sql" >/dev/null
"$PGBIN/pg_dump" -h 127.0.0.1 -p "$PORT" -U forge -d household --clean --if-exists -f "$WORK/dump.sql"
SIZE=$(stat -c %s "$WORK/dump.sql")
sync

"$BIN" user add ada@example.org --name Ada --password-stdin --state-dir "$WORK/template" --config /dev/null \
  <<<"bench-password-1" >/dev/null
# forged as a household has it after its first start (the start-up upkeep done), so only the move is timed.
"$BIN" import list --state-dir "$WORK/template" --config /dev/null >/dev/null 2>&1
PERF_CMD=()
if [ "${PERF:-0}" = 1 ]; then PERF_CMD=(perf record -q -g -o "$WORK/perf.data" --); fi
# RUNS rounds, each the reference into a new empty database then the import into a copy of the
# fresh state directory, alternating, so both see the same load; medians reported.
RUNS=${RUNS:-3}
: >"$WORK/times"
for run in $(seq "$RUNS"); do
  "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U forge "reference$run"
  ref_start=$(date +%s.%N)
  "${PSQL[@]}" -d "reference$run" -f "$WORK/dump.sql" >/dev/null 2>"$WORK/psql.err"
  ref_end=$(date +%s.%N)
  rm -rf "$WORK/state"
  cp -a "$WORK/template" "$WORK/state"
  sync
  perf_run=()
  [ "$run" = 1 ] && perf_run=("${PERF_CMD[@]}")
  imp_start=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$WORK/rss" "${perf_run[@]}" "$BIN" import forge-server --from "$WORK/dump.sql" \
    --state-dir "$WORK/state" --config /dev/null >"$WORK/report" 2>"$WORK/import.err" || {
    cat "$WORK/import.err" "$WORK/report"
    exit 1
  }
  imp_end=$(date +%s.%N)
  # The storage floor: SQLite's own shell loading the rows the import wrote (a .dump of forged's
  # database after the move, taken once) into an empty file, timed in the same round.
  [ "$run" = 1 ] && sqlite3 "$WORK/state/forge.sqlite3" .dump >"$WORK/floor.sql"
  rm -f "$WORK/floor.sqlite3"
  floor_start=$(date +%s.%N)
  sqlite3 "$WORK/floor.sqlite3" <"$WORK/floor.sql"
  floor_end=$(date +%s.%N)
  echo "$ref_start $ref_end $imp_start $imp_end $(tail -1 "$WORK/rss") $floor_start $floor_end" >>"$WORK/times"
done
ROWS=$("${PSQL[@]}" -At -d reference1 -c "SELECT SUM(n) FROM (
  SELECT (xpath('/row/c/text()', query_to_xml('SELECT COUNT(*) AS c FROM public.' || quote_ident(table_name),
          false, true, '')))[1]::text::bigint AS n
  FROM information_schema.tables WHERE table_schema = 'public') t")
again_start=$(date +%s.%N)
"$BIN" import forge-server --from "$WORK/dump.sql" --state-dir "$WORK/state" --config /dev/null >"$WORK/again"
again_end=$(date +%s.%N)

python3 - "$WORK/times" "$again_start" "$again_end" "$ROWS" "$SIZE" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import statistics, sys
runs = [list(map(float, line.split())) for line in open(sys.argv[1])]
again = float(sys.argv[3]) - float(sys.argv[2])
rows, size, load = int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
refs = [r[1] - r[0] for r in runs]
imps = [r[3] - r[2] for r in runs]
rss = max(int(r[4]) for r in runs)
floors = [r[6] - r[5] for r in runs]
ref, imp, floor = statistics.median(refs), statistics.median(imps), statistics.median(floors)
print(f"pg_dump of the household: {rows} rows, {size / 1e6:.1f} MB; {len(runs)} alternating runs, load {load}")
print(f"psql -f into an empty PostgreSQL (reference): median {ref:.2f} s ({rows / ref:.0f} rows/s); "
      + " ".join(f"{t:.2f}" for t in refs))
print(f"forged import forge-server: median {imp:.2f} s ({rows / imp:.0f} rows/s); " + " ".join(f"{t:.2f}" for t in imps))
print(f"ratio of medians {imp / ref:.2f}x (target <= 1x, < 60 s)")
print(f"storage floor, sqlite3 loading a .dump of forged's database after the move: median {floor:.2f} s; "
      + " ".join(f"{t:.2f}" for t in floors) + f"; forged / floor {imp / floor:.2f}x, psql -f / floor {ref / floor:.2f}x")
print(f"peak RSS: {rss / 1024:.1f} MB, the largest of the runs (target < 128 MB)")
print(f"second run from the same source (changes nothing): {again:.2f} s")
PY
echo "generated: $(cat "$WORK/counts")"
grep -E "^(logged_sets|metrics|meal_log|recipes|workout_sessions) " "$WORK/report" || true
grep -E "^import .* done" "$WORK/report"
head -1 "$WORK/again"
if [ "${PERF:-0}" = 1 ]; then
  perf report -i "$WORK/perf.data" --no-children --stdio --percent-limit 1.5 2>/dev/null | grep -E "^ +[0-9]" | head -30
fi
