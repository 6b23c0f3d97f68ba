#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Measures health ingest on the release binary: one Health Auto Export push
# of METRICS metric samples plus WORKOUTS one-hour workouts (3600 HR points
# and 3600 route points each, downsampled to 600/800 on store), timed first
# (everything stored) and again (everything skipped), then a one-hour GPX
# import (3600 points). Prints one report; single runs on a shared machine
# are only comparable as ratios.
# Usage: bench/ingest.sh   (BIN=path/to/forged, default the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18383}
METRICS=${METRICS:-5000}
WORKOUTS=${WORKOUTS:-5}
BASE="http://127.0.0.1:$PORT"
. bench/lib.sh
bench_need_bin "ingest bench"

bench_serve "$WORK/state" "$WORK/server.log" --timezone Europe/London

COOKIE="forge_session=$(bench_signin ada@example.org)"
TOKEN=$(curl -sf -b "$COOKIE" "$BASE/api/connections/token" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

python3 - "$WORK" "$METRICS" "$WORKOUTS" <<'PY'
import json, sys, datetime as dt
work, n_metrics, n_workouts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t0 = dt.datetime(2031, 1, 1, tzinfo=dt.timezone(dt.timedelta(hours=1)))
fmt = lambda t: t.strftime("%Y-%m-%d %H:%M:%S %z")
names = ["weight_body_mass", "resting_heart_rate", "heart_rate_variability", "step_count", "vo2_max"]
metrics = [{"name": n, "units": "kg", "data": [{"date": fmt(t0 + dt.timedelta(minutes=10 * i)), "qty": 70 + i % 7}
                                             for i in range(k, n_metrics, len(names))]} for k, n in enumerate(names)]
workouts = []
for w in range(n_workouts):
    start = t0 + dt.timedelta(days=w, hours=7)
    workouts.append({"name": "Outdoor Run", "start": fmt(start), "duration": {"qty": 60, "units": "min"},
                     "distance": {"qty": 10, "units": "km"},
                     "heartRateData": [{"date": fmt(start + dt.timedelta(seconds=s)), "Avg": 110 + s % 50} for s in range(3600)],
                     "route": [{"lat": 51.5 + s * 1e-5, "lon": -0.12} for s in range(3600)]})
json.dump({"data": {"metrics": metrics, "workouts": workouts}}, open(f"{work}/payload.json", "w"))
pts = "".join(f'<trkpt lat="{51.5 + s * 1e-5:.6f}" lon="-0.12"><time>{(dt.datetime(2031, 2, 1, 7) + dt.timedelta(seconds=s)).isoformat()}Z</time>'
              f'<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>{110 + s % 50}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>'
              for s in range(3600))
open(f"{work}/run.gpx", "w").write('<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" '
    'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"><trk><name>Run</name><trkseg>' + pts + '</trkseg></trk></gpx>')
PY

post() {  # prints "seconds response"
  curl -s -o "$WORK/out" -w '%{time_total}' -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    --data-binary @"$WORK/payload.json" "$BASE/ingest"
  echo " $(cat "$WORK/out")"
}
size=$(stat -c %s "$WORK/payload.json")
first=$(post); second=$(post)
gpx=$(curl -s -o "$WORK/gpx.out" -w '%{time_total}' -b "$COOKIE" -H "Origin: $BASE" -H 'Content-Type: application/gpx+xml' \
  --data-binary @"$WORK/run.gpx" "$BASE/api/sessions/import")
echo "ingest bench: payload $size bytes ($METRICS metric samples, $WORKOUTS workouts × 3600 HR + 3600 route points)"
echo "  first push  (stored): ${first}"
echo "  second push (skipped): ${second}"
echo "  GPX import $(stat -c %s "$WORK/run.gpx") bytes, 3600 points: ${gpx}s $(head -c 120 "$WORK/gpx.out")"
echo "  server RSS after: $(ps -o rss= -p $PID | tr -d ' ') KiB"
