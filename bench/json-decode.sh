#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Decoding a health push into JSONValue (the ingest hot path): the current
# Decodable init against the old guess order (bench/json-decode/main.swift),
# on the same payload shape as bench/ingest.sh. Compiled with -O against
# Sources/ForgeCore/JSONValue.swift. One run on a shared machine: read the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
python3 - "$WORK/payload.json" <<'PY'
import json, sys
metrics = [{"name": "heart_rate", "units": "count/min", "data": [
    {"date": f"2031-02-01 10:{i % 60:02d}:{i % 60:02d} +0000", "qty": 60 + i % 40, "Min": 55, "Max": 90.5} for i in range(5000)]}]
workouts = [{"name": "Run", "start": "2031-02-01 07:00:00 +0000", "end": "2031-02-01 08:00:00 +0000",
             "heartRateData": [{"date": f"2031-02-01 07:{j // 60:02d}:{j % 60:02d} +0000", "Avg": 120.5 + j % 30,
                                "Min": 110, "Max": 150, "units": "count/min"} for j in range(3600)],
             "route": [{"lat": 51.5 + j * 1e-5, "lon": -0.1 + j * 1e-5, "altitude": 12.5,
                        "timestamp": f"2031-02-01 07:{j // 60:02d}:{j % 60:02d} +0000"} for j in range(3600)]}
            for _ in range(5)]
json.dump({"data": {"metrics": metrics, "workouts": workouts}}, open(sys.argv[1], "w"))
PY
swiftc -O -module-name JSONBench Sources/ForgeCore/JSONValue.swift bench/json-decode/main.swift -o "$WORK/json-decode"
"$WORK/json-decode" "$WORK/payload.json"
