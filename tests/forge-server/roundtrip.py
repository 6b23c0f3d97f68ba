#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The round trip against the real original Forge server (issue 23).

Usage: roundtrip.py --reference DIR --forged BIN --venv DIR --differences docs/differences.md [--work DIR] [--keep]

1. PostgreSQL from Debian's `postgresql` package in a temporary directory
   (initdb and pg_ctl as an unprivileged user, 127.0.0.1 only); the original
   (DIR/server/app, copied, with a placeholder static/index.html) in the venv
   of tests/forge-server/original-requirements.txt against it.
2. drive_original.py writes about eight weeks of a two-member household over
   the original's HTTP API.
3. Every GET request of the comparison (rt_compare.plan_requests: both
   members, four dates, every GET route both servers serve, parameters from
   the household's own data) is answered by the original; then it stops and
   `pg_dump --clean --if-exists` dumps its database.
4. For each source (the dump file; the live `postgresql+psycopg://` URL):
   `forged import forge-server --from SOURCE` into a fresh state directory,
   `forged serve` on the original's port, the same requests, and the answers
   compared (rt_normalise: equal apart from docs/differences.md's listed differences,
   each named); then the ingest tokens the phones hold push to forged's
   /ingest, the token rotated away is refused, and the MCP connector's OAuth
   access token calls /mcp.
5. The same against the original on SQLite (a shorter drive; the file imported).

Prints one summary line per source and, last, a JSON object with the counts;
exit status 0 only when every answer matched and every check passed.
"""
import argparse
import copy
import datetime
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drive_original import drive  # noqa: E402
from rt_compare import capture, media_requests, plan_requests, shared_get_routes  # noqa: E402
from rt_normalise import check_differences, compare  # noqa: E402
from rt_processes import Postgres, free_port, http_request, start_forged, start_original  # noqa: E402

EMAILS = ["ann@example.org", "ben@example.org"]
SEATS = "ann@example.org:Ann,ben@example.org:Ben"


def log(text):
    print(f"roundtrip: {text}", flush=True)


def comparison_dates(info):
    """Today, and the last Monday (Lower A), Friday (Upper A) and Wednesday (the Zone 2 run) before it,
    whatever weekday the run falls on."""
    today = datetime.date.fromisoformat(info["today"])

    def last(weekday):
        return today - datetime.timedelta(days=(today.weekday() - weekday) % 7 or 7)

    return [d.isoformat() for d in (today, last(0), last(4), last(2) - datetime.timedelta(days=14))]


def original_side(args, work, database_url, port, weeks, short):
    """Drives the original at `database_url`; returns (drive info, requests, answers, its route table)."""
    original = start_original(args.reference, args.venv, work, database_url, SEATS, port)
    try:
        started = time.monotonic()
        today = datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=args.shift_days)
        info = drive(port, weeks=weeks, today=today, short=short)
        log(f"drove the original ({database_url.split(':')[0]}) in {time.monotonic() - started:.1f} s: "
            + ", ".join(f"{v} {k}" for k, v in sorted(info["written"].items())))
        openapi = json.loads(http_request(port, "GET", "/openapi.json")[2])
        requests, covered = plan_requests(port, EMAILS, comparison_dates(info))
        answers = capture(port, requests, EMAILS)
        photos = media_requests(requests, answers, EMAILS[0])
        if not photos:
            raise SystemExit("roundtrip: the original's answers name no photo (/api/food/media/ID)")
        requests, answers = requests + photos, answers + capture(port, photos, EMAILS)
        log(f"{len(requests)} requests answered by the original ({len(photos)} photos)")
        covered.add("/api/food/media/{}")
    finally:
        original.stop()
    return info, (requests, covered), answers, openapi


def mark_week_reviewed(state):
    """Marks this ISO week reviewed for every seat of the moved household. forged's own
    weekly review (Sunday 20:00 household time, docs/differences.md, "Coach") runs at start when due: it is
    forged's, not part of the move, and the original runs none, so the comparison must not
    depend on the hour the test runs (from Sunday 20:00 UTC it would add a review, a chat
    message and proposals)."""
    today = datetime.datetime.now(datetime.timezone.utc).date()
    monday = (today - datetime.timedelta(days=today.weekday())).isoformat()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    db = sqlite3.connect(os.path.join(state, "forge.sqlite3"))
    try:
        with db:
            db.execute("INSERT OR IGNORE INTO coach_reviews (user_id, week, ran_at) SELECT id, ?, ? FROM users",
                       (monday, now))
    finally:
        db.close()


def forged_side(args, work, name, source, port, info, planned, answers, original_openapi):
    """Imports `source` into a fresh forged, serves it, compares; returns (summary, failures)."""
    requests, covered = planned
    state = os.path.join(work, f"state-{name}")
    env = {"PATH": "/usr/bin:/bin", "HOME": work, "TZ": "UTC"}
    started = time.monotonic()
    # --verbose: every skipped row listed (the terminal otherwise counts what forged skips by design).
    run = subprocess.run([args.forged, "import", "forge-server", "--from", source, "--state-dir", state,
                          "--config", "/dev/null", "--verbose"], capture_output=True, text=True, env=env,
                         stdin=subprocess.DEVNULL)
    seconds = time.monotonic() - started
    with open(os.path.join(work, f"import-{name}.txt"), "w") as f:
        f.write(run.stdout + run.stderr)
    if run.returncode != 0:
        return None, [f"{name}: forged import forge-server exited {run.returncode}: {run.stderr[-2000:]}"]
    failures = []
    skipped = re.findall(r"^  (\S+) \S+: (?!rebuilt)(\S+):", run.stdout, re.M)
    if skipped:
        failures.append(f"{name}: the import skipped rows of the original's own making: {skipped[:10]}")
    mark_week_reviewed(state)
    server = start_forged(args.forged, state, work, SEATS, port, name=f"forged-{name}")
    try:
        forged_openapi = json.loads(http_request(port, "GET", "/api/openapi.json")[2])
        shared = shared_get_routes(original_openapi, forged_openapi)
        uncovered = [r for r in shared if r not in covered]
        if uncovered:
            failures.append(f"{name}: GET routes both servers serve that were not called: {uncovered}")
        forged_answers = capture(port, requests, EMAILS)
        count, unexcused = {}, []
        for (who, path), a, b in zip(requests, answers, forged_answers):
            for diff in compare(path.split("?")[0], a, b, count):
                unexcused.append((who, path) + diff)
        groups = {}
        for who, path, jpath, kind, a, b in unexcused:
            shape = "/".join("{}" if len(p) == 32 and p.isalnum() else p for p in path.split("?")[0].split("/"))
            groups.setdefault((shape, jpath, kind), []).append((who, path, a, b))
        with open(os.path.join(work, f"differences-{name}.txt"), "w") as f:
            for who, path, jpath, kind, a, b in unexcused:
                f.write(f"{who} GET {path} {jpath} ({kind}): {json.dumps(a)} / {json.dumps(b)}\n")
        for (shape, jpath, kind), items in sorted(groups.items()):
            who, path, a, b = items[0]
            failures.append(f"{name}: GET {shape} {jpath} ({kind}) ×{len(items)}, e.g. {who or 'anonymous'} "
                            f"{path}: original {json.dumps(a)[:160]} / forged {json.dumps(b)[:160]}")
        failures += comparison_has_teeth(name, requests, answers, forged_answers)
        failures += after_the_move(name, port, info)
    finally:
        server.stop()
    return {"requests": len(requests), "routes": len(shared), "differences": len(unexcused),
            "normalised": dict(sorted(count.items())), "import_seconds": round(seconds, 2)}, failures


def comparison_has_teeth(name, requests, answers, forged_answers):
    """The comparison itself catches a changed lab value and a dropped niggle note in forged's answers."""
    failures = []
    for path, mutate in (("/api/labs", lambda j: j[0]["results"][0].update(value=j[0]["results"][0]["value"] + 1)),
                         ("/api/niggles", lambda j: j[0].pop("note"))):
        i = next(i for i, (_, p) in enumerate(requests) if p == path)
        status, ctype, body, raw = forged_answers[i]
        if not body:
            failures.append(f"{name}: {path} is empty on forged: nothing to compare")
            continue
        changed = copy.deepcopy(body)
        mutate(changed)
        if not compare(path, answers[i], (status, ctype, changed, raw), {}):
            failures.append(f"{name}: the comparison did not notice a changed {path} answer")
    return failures


def after_the_move(name, port, info):
    """The phones' ingest tokens push to forged, the rotated-away one is refused, the OAuth token calls /mcp."""
    failures = []
    today = info["today"]
    push = {"data": {"metrics": [{"name": "weight_body_mass", "units": "kg",
                                  "data": [{"date": f"{today} 05:55:00 +0000", "qty": 79.1}]}],
                     "workouts": []}}
    for who, token in sorted(info["tokens"].items()):
        status, _, body, _ = http_request(port, "POST", "/ingest", push, {"Authorization": f"Bearer {token}"})
        answer = json.loads(body) if status == 200 else {}
        if status != 200 or answer.get("stored") != 1:
            failures.append(f"{name}: {who}'s ingest token after the move: {status} {body[:200]!r}")
    status, _, body, _ = http_request(port, "POST", "/ingest", push,
                                      {"Authorization": f"Bearer {info['rotated_away']}"})
    if status != 401:
        failures.append(f"{name}: the token rotated away in the original pushes to forged: {status}")
    access = info["oauth"]["access_token"]
    status, _, body, _ = http_request(port, "POST", "/mcp", {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                                             "params": {"name": "search_recipes",
                                                                        "arguments": {"query": "roundtrip"}}},
                                      {"Authorization": f"Bearer {access}",
                                       "Accept": "application/json, text/event-stream"})
    text = body.decode(errors="replace")
    if status != 200 or "roundtrip-harissa-beans-1" not in text:
        failures.append(f"{name}: the MCP OAuth access token after the move: {status} {text[:300]}")
    return failures


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--reference", required=True)
    p.add_argument("--forged", required=True)
    p.add_argument("--venv", required=True)
    p.add_argument("--differences", required=True)
    p.add_argument("--work")
    p.add_argument("--keep", action="store_true")
    p.add_argument("--sources", default="dump,live,sqlite")
    # For runs by hand: the household's weeks end this many days before today (another weekday's layout).
    p.add_argument("--shift-days", type=int, default=0)
    args = p.parse_args()
    args.forged, args.venv = os.path.abspath(args.forged), os.path.abspath(args.venv)
    with open(args.differences) as f:
        unlisted = check_differences(f.read())
    if unlisted:
        raise SystemExit(f"roundtrip: normalisations {args.differences} does not list: {unlisted}")
    work = args.work or tempfile.mkdtemp(prefix="forge-roundtrip-")
    os.makedirs(work, exist_ok=True)
    sources = args.sources.split(",")
    summary, failures, finished = {}, [], False
    started = time.monotonic()
    first_day = datetime.datetime.now(datetime.timezone.utc).date()
    try:
        if "dump" in sources or "live" in sources:
            pg = Postgres(work)
            try:
                port = free_port()
                info, planned, answers, openapi = original_side(args, work, pg.url(), port, 8, False)
                dump = os.path.join(work, "forge.sql")
                pg.dump(dump)
                for name, source in (("dump", dump), ("live", pg.url())):
                    if name in sources:
                        result, failed = forged_side(args, work, name, source, port, info, planned, answers,
                                                     openapi)
                        summary[name], failures = result, failures + failed
            finally:
                pg.stop()
        if "sqlite" in sources:
            port = free_port()
            db = os.path.join(work, "original.db")
            info, planned, answers, openapi = original_side(args, work, "sqlite:///" + db, port, 4, True)
            result, failed = forged_side(args, work, "sqlite", db, port, info, planned, answers, openapi)
            summary["sqlite"], failures = result, failures + failed
        finished = True
    finally:
        if not args.keep and finished and not failures:
            shutil.rmtree(work, ignore_errors=True)
        elif not finished:
            log(f"stopped early; work directory kept: {work}")
    for name, s in summary.items():
        if s:
            log(f"{name}: {s['requests']} requests compared on {s['routes']} shared GET routes, "
                f"{s['differences']} unexcused differences, normalisations applied: "
                + ", ".join(f"{k} ×{v}" for k, v in s["normalised"].items()))
    for f in failures:
        print("FAIL " + f, flush=True)
    if failures and datetime.datetime.now(datetime.timezone.utc).date() != first_day:
        log("note: the UTC date changed during the run (both servers answer for their own today): run it again")
    if failures:
        log(f"work directory kept: {work}")
    print(json.dumps({"ok": not failures, "seconds": round(time.monotonic() - started, 1), "sources": summary},
                     sort_keys=True), flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
