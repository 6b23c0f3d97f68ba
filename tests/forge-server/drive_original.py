#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Drives a running original Forge server through its HTTP API: a small
two-member household's weeks of training, body metrics, labs, niggles,
equipment, food and chat, so `forged import forge-server` has a real
database to move (the round trip of issue 23 is still to be wired into a test).

Usage: drive_original.py BASE_URL WEEKS
Prints one JSON object: the members' emails, the ingest token each has after
rotation, and what was written, for the test to check against.
"""
import datetime
import json
import sys
import urllib.request
import http.cookiejar

BASE = sys.argv[1].rstrip("/")
WEEKS = int(sys.argv[2]) if len(sys.argv) > 2 else 8


class Client:
    def __init__(self, email):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.call("POST", "/auth/dev", {"email": email})

    def call(self, method, path, body=None, headers=None, ok=(200, 201)):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(BASE + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        try:
            with self.opener.open(req) as resp:
                text = resp.read().decode()
                status = resp.status
        except urllib.error.HTTPError as e:
            text = e.read().decode()
            status = e.code
        if status not in ok:
            raise SystemExit(f"{method} {path}: {status} {text[:300]}")
        return json.loads(text) if text else None


def main():
    today = datetime.date.today()
    start = today - datetime.timedelta(weeks=WEEKS)
    ann = Client("ann@example.org")
    ben = Client("ben@example.org")
    written = {"sessions": 0, "sets": 0, "metrics": 0, "meals": 0, "chat": 0}
    ben.call("PATCH", "/api/prefs", {"prefs": {"units": "lb"}}, ok=(200,))
    for who, client in (("ann", ann), ("ben", ben)):
        week = client.call("GET", "/api/week")
        strength = {datetime.date.fromisoformat(d["date"]).weekday() for d in week["days"] if d["kind"] == "strength"}
        day = start
        n = 0
        while day < today:
            if day.weekday() in strength:
                s = client.call("POST", "/api/sessions", {"date": day.isoformat(), "plan_day": str(day.weekday())})
                sid = s["id"] if "id" in s else s["session"]["id"]
                for set_no in range(1, 4):
                    client.call("POST", f"/api/sessions/{sid}/sets",
                                {"slug": "back-squat", "set_no": set_no, "weight": 60 + n * 2.5, "reps": 5,
                                 "rpe": 8})
                    written["sets"] += 1
                if n % 5 == 1:  # an edit
                    client.call("PATCH", f"/api/sessions/{sid}/sets",
                                {"slug": "back-squat", "set_no": 3, "weight": 60 + n * 2.5, "reps": 4, "rpe": 9})
                client.call("POST", f"/api/sessions/{sid}/complete", {})
                written["sessions"] += 1
                n += 1
            if day.weekday() == 6:
                client.call("POST", "/api/food/log",
                            {"date": day.isoformat(), "slot": "dinner", "label": "Curry night", "kcal": 700,
                             "protein_g": 40, "client_id": f"{who}-{day}"})
                written["meals"] += 1
            day += datetime.timedelta(days=1)
        client.call("POST", "/api/body", {"type": "weight", "value": 80.5 if who == "ann" else 72.0})
        written["metrics"] += 1
        client.call("POST", "/api/labs", {"drawn_on": (today - datetime.timedelta(days=10)).isoformat(),
                                          "results": [{"marker": "ldl", "value": 2.9, "ref_high": 3.0}]})
        nig = client.call("POST", "/api/niggles", {"body_part": "left knee", "note": "twinge on stairs"})
        if who == "ben":
            client.call("PATCH", f"/api/niggles/{nig['id']}", {"status": "cleared"})
        client.call("POST", "/api/chat", {"text": "How did my week go?"})
        written["chat"] += 1
    tokens = {}
    for who, client in (("ann", ann), ("ben", ben)):
        rotated = client.call("POST", "/api/connections/rotate-token", {})
        tokens[who] = rotated.get("token") if isinstance(rotated, dict) else None
    print(json.dumps({"tokens": tokens, "written": written}, sort_keys=True))


main()
