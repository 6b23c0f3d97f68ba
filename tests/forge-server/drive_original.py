#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Drives a running original Forge server through its HTTP API: about eight
weeks of a two-member household (Ann in kg, Ben in lb), so the round trip
(tests/forge-server/roundtrip.py) has a real database to move.

What it writes, in one fixed order (the same every run; only the dates move
with today, as the original dates sessions and sets by its own clock):
strength sessions on the plan's days with sets, a set edited after the fact,
a substituted set, notes and a favourite, an abandoned session and a
completed one deleted; Health Auto Export pushes (weight in lb for Ben,
resting heart rate, steps, sleep, a run with heart-rate samples and a route
on the plan's cardio days, an unplanned walk); body metrics, a lab panel,
niggles opened and cleared; equipment items changed and the active profile
switched; food-week slot edits, meal logs (one replaced, one deleted); a
dinner planned on a date; recipes imported over MCP (one with a photo) and
a meal logged over MCP with a photo; chat messages (no API key, so the
original answers without the model); an admin setting; Ben's ingest token
rotated (the old one then refused); and an MCP OAuth grant (register,
consent, PKCE token exchange).

Usage as a program: drive_original.py PORT [WEEKS]; prints what it wrote as JSON.
"""
import base64
import datetime
import hashlib
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rt_processes import http_request  # noqa: E402

# A 1x1 PNG, the photo of a recipe and of a meal logged over MCP.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
REDIRECT = "http://127.0.0.1:9/cb"


class Member:
    """One signed-in member of the original (its dev sign-in cookie)."""

    def __init__(self, port, email):
        self.port, self.email = port, email
        status, _, body, headers = http_request(port, "POST", "/auth/dev", {"email": email})
        if status != 200:
            raise SystemExit(f"drive: POST /auth/dev {email}: {status} {body[:200]!r}")
        self.cookie = next(v.split(";")[0] for k, v in headers if k.lower() == "set-cookie")

    def call(self, method, path, body=None, ok=(200, 201), headers=None):
        hs = {"Cookie": self.cookie}
        hs.update(headers or {})
        status, _, payload, _ = http_request(self.port, method, path, body, hs)
        if status not in ok:
            raise SystemExit(f"drive: {self.email} {method} {path}: {status} {payload[:300]!r}")
        return json.loads(payload) if payload else None


def bearer(port, token, method, path, body, ok=(200, 201, 202)):
    status, _, payload, _ = http_request(port, method, path, body, {"Authorization": f"Bearer {token}"})
    if status not in ok:
        raise SystemExit(f"drive: bearer {method} {path}: {status} {payload[:300]!r}")
    return status, (json.loads(payload) if payload else None)


def mcp_tool(port, token, n, name, arguments):
    _, answer = bearer(port, token, "POST", "/mcp", {"jsonrpc": "2.0", "id": n, "method": "tools/call",
                                                     "params": {"name": name, "arguments": arguments}})
    result = answer.get("result") or {}
    if result.get("isError") or "error" in answer:
        raise SystemExit(f"drive: MCP {name}: {answer}")
    return result.get("structuredContent")


def stamp(day, hour, minute=0):
    """HAE's date form: `2026-11-03 07:00:00 +0000`."""
    return f"{day.isoformat()} {hour:02d}:{minute:02d}:00 +0000"


def hae_payload(day, who, k):
    """One Health Auto Export push for `day`: metrics, and on the plan's cardio days a run."""
    lb = who == "ben"
    weight = (176.0 - 0.25 * k) if lb else (80.4 - 0.1 * k)
    metrics = [
        {"name": "weight_body_mass", "units": "lb" if lb else "kg",
         "data": [{"date": stamp(day, 6, 30), "qty": round(weight, 2), "source": "Scale"}]},
        {"name": "resting_heart_rate", "units": "count/min",
         "data": [{"date": stamp(day, 0), "qty": 52 + k % 5}]},
        {"name": "step_count", "units": "count", "data": [{"date": stamp(day, 0), "qty": 8000 + 137 * k}]},
        {"name": "sleep_analysis", "units": "hr",
         "data": [{"date": stamp(day, 0), "core": 4.1, "deep": 1.2, "rem": 1.5 + (k % 3) * 0.1}]},
        {"name": "heart_rate_variability", "units": "ms", "data": [{"date": stamp(day, 0), "qty": 48 + k % 7}]},
    ]
    workouts = []
    if day.weekday() in (2, 5):  # the plan's cardio days (Zone 2 run, intervals)
        start = datetime.datetime.combine(day, datetime.time(7, 0), datetime.timezone.utc)
        hr = [{"date": (start + datetime.timedelta(seconds=60 * i)).strftime("%Y-%m-%d %H:%M:%S +0000"),
               "qty": 118 + (i * 7) % 30} for i in range(0, 31)]
        route = [{"lat": 51.5 + i * 0.0004, "lon": -0.12 + i * 0.0003} for i in range(20)]
        workouts.append({"name": "Outdoor Run", "start": stamp(day, 7), "end": stamp(day, 7, 30),
                         "duration": 1800, "distance": {"qty": 5.2 + 0.1 * (k % 4), "units": "km"},
                         "avgHeartRate": {"qty": 134}, "maxHeartRate": {"qty": 158},
                         "activeEnergyBurned": {"qty": 360, "units": "kcal"},
                         "heartRateData": hr, "route": route})
    if day.weekday() == 6 and who == "ann":  # an unplanned walk
        workouts.append({"name": "Outdoor Walk", "start": stamp(day, 16), "end": stamp(day, 16, 45),
                         "duration": {"qty": 45, "units": "min"}, "distance": {"qty": 2.4, "units": "mi"},
                         "activeEnergyBurned": {"qty": 700, "units": "kJ"},
                         "heartRateData": [{"qty": 96 + i} for i in range(10)]})
    return {"data": {"metrics": metrics, "workouts": workouts}}


def oauth_grant(port, member):
    """The MCP connector's consent: register a client, consent as `member`, PKCE code for tokens."""
    status, _, body, _ = http_request(port, "POST", "/mcp/oauth/register",
                                      {"client_name": "Claude", "redirect_uris": [REDIRECT]})
    if status != 201:
        raise SystemExit(f"drive: register: {status} {body[:200]!r}")
    client = json.loads(body)["client_id"]
    verifier = "roundtrip-verifier-" + "v" * 40
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = urllib.parse.urlencode({"client_id": client, "redirect_uri": REDIRECT, "response_type": "code",
                                    "code_challenge": challenge, "code_challenge_method": "S256",
                                    "state": "s1"})
    status, _, page, _ = http_request(port, "GET", "/mcp/oauth/authorize?" + query,
                                      headers={"Cookie": member.cookie})
    if status != 200:
        raise SystemExit(f"drive: consent page: {status}")
    form = urllib.parse.urlencode({"decision": "allow", "client_id": client, "redirect_uri": REDIRECT,
                                   "state": "s1", "code_challenge": challenge}).encode()
    status, _, _, headers = http_request(port, "POST", "/mcp/oauth/authorize?" + query, form,
                                         {"Cookie": member.cookie,
                                          "Content-Type": "application/x-www-form-urlencoded"})
    location = dict((k.lower(), v) for k, v in headers).get("location", "")
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query).get("code", [""])[0]
    if status != 302 or not code:
        raise SystemExit(f"drive: consent: {status} {location}")
    form = urllib.parse.urlencode({"grant_type": "authorization_code", "code": code, "client_id": client,
                                   "redirect_uri": REDIRECT, "code_verifier": verifier}).encode()
    status, _, body, _ = http_request(port, "POST", "/mcp/oauth/token", form,
                                      {"Content-Type": "application/x-www-form-urlencoded"})
    if status != 200:
        raise SystemExit(f"drive: token: {status} {body[:200]!r}")
    return json.loads(body)


def recipe_args(n, photo):
    args = {
        "name": f"Roundtrip Harissa Beans {n}", "slug": f"roundtrip-harissa-beans-{n}", "kind": "dinner",
        "minutes": 25 + n, "difficulty": "easy", "serves": 2, "kcal": 520 + 10 * n, "protein_g": 31 + n,
        "carbs_g": 48, "fat_g": 18, "fiber_g": 12, "why": "Pantry dinner, high fibre",
        "ingredients": [{"name": "cannellini beans", "qty": 400, "unit": "g", "disp": "1 tin"},
                        {"name": "cherry tomatoes", "qty": 250, "unit": "g"},
                        {"name": "harissa paste", "qty": 30, "unit": "g", "kcal_100": 120, "protein_100": 3,
                         "carbs_100": 12, "fat_100": 6, "aisle": "cupboard"}],
        "steps": [{"title": "Blister", "detail": "Roast the tomatoes until they split and slump, about 12 min.",
                   "minutes": 12, "timer": True},
                  {"title": "Finish", "detail": "Stir in the beans and harissa until glossy and hot through."}],
        "tags": ["pantry", "roundtrip"], "source": "roundtrip",
        "source_url": f"https://example.org/recipes/harissa-beans-{n}",
    }
    if photo:
        args["images"] = ["data:image/png;base64," + base64.b64encode(PNG).decode()]
    return args


def wait_chat(member):
    """The original answers chat on a thread: wait until the reply is stored."""
    for _ in range(300):
        if not member.call("GET", "/api/chat")["pending"]:
            return
        time.sleep(0.05)
    raise SystemExit("drive: chat still pending after 15 s")


def drive(port, weeks=8, today=None, short=False):
    """Writes the household's weeks; returns what the round trip checks afterwards."""
    today = today or datetime.datetime.now(datetime.timezone.utc).date()
    start = today - datetime.timedelta(weeks=weeks)
    start -= datetime.timedelta(days=start.weekday())  # a Monday
    ann, ben = Member(port, "ann@example.org"), Member(port, "ben@example.org")
    members = {"ann": ann, "ben": ben}
    ben.call("PATCH", "/api/prefs", {"units": "lb", "prefs": {"hr_max": 188}})
    ann.call("PATCH", "/api/prefs", {"prefs": {"cook_nights": 3}})
    tokens = {who: m.call("POST", "/api/connections/rotate-token")["token"] for who, m in members.items()}
    written = {"sessions": 0, "sets": 0, "set_edits": 0, "deleted_sessions": 0, "hae_pushes": 0,
               "metrics": 0, "meal_logs": 0, "chat": 0, "mcp_recipes": 0}
    sessions = {"ann": [], "ben": []}

    # Equipment: Ben trains at home from the start; Ann's gym loses the cable station.
    for who, m in members.items():
        eq = m.call("GET", "/api/equipment")
        if who == "ben":
            home = next(p for p in eq["profiles"] if not p["shared"])
            m.call("POST", "/api/equipment/active", {"profile_id": home["id"]})
            m.call("PATCH", f"/api/equipment/{home['id']}",
                   {"items": home["items"] + [{"name": "Kettlebell", "available": True}]})
    # Niggles: both open one; Ben's clears later.
    niggles = {who: m.call("POST", "/api/niggles", {"body_part": "Left knee", "severity": "mild",
                                                    "note": "twinge on stairs", "avoid_patterns": ["lunge"]})["id"]
               for who, m in members.items()}

    step = 3 if short else 1
    day, k = start, 0
    while day < today:
        for who, m in members.items():
            scale = 1.0 if who == "ann" else 1.2
            if day.weekday() in (0, 4):  # Lower A, Upper A
                s = m.call("POST", "/api/sessions", {"date": day.isoformat(), "budget": 60})
                sid = s["id"]
                for t_i, t in enumerate(s["fitted"]["targets"]):
                    base = (t.get("weight") or 0) * scale + 2.5 * (k // 2)
                    for set_no in range(1, t["sets"] + 1):
                        sub = None
                        slug = t["slug"]
                        if who == "ben" and slug == "landmine-press":
                            slug, sub = "overhead-press", "landmine-press"
                        m.call("POST", f"/api/sessions/{sid}/sets",
                               {"slug": slug, "substituted_for": sub, "set_no": set_no,
                                "weight": base, "reps": t["reps"] - (set_no == 3), "rpe": 7 + set_no // 2})
                        written["sets"] += 1
                    if len(sessions[who]) % 4 == 1 and t_i == 0:  # the last set fixed after the fact (heavier)
                        m.call("PATCH", f"/api/sessions/{sid}/sets",
                               {"slug": t["slug"], "set_no": t["sets"], "weight": base + 2.5,
                                "reps": t["reps"], "rpe": 9})
                        written["set_edits"] += 1
                m.call("POST", f"/api/sessions/{sid}/complete",
                       {"cooldown_status": ["done", "partial", "skipped"][k % 3], "cooldown_min": 5 + k % 4,
                        "notes": f"week {k // 2 + 1}" if k % 3 == 0 else ""})
                if k % 5 == 2:
                    m.call("PATCH", f"/api/sessions/{sid}/notes", {"notes": "felt strong — grip held"})
                if k % 6 == 3:
                    m.call("PATCH", f"/api/sessions/{sid}/favorite", {"favorite": True})
                sessions[who].append(sid)
                written["sessions"] += 1
            if day.weekday() == 1 and k % 4 == 0 and who == "ann":  # abandoned, then discarded
                bad = m.call("POST", "/api/sessions", {"date": day.isoformat(), "plan_day": "0", "budget": 45})
                m.call("POST", f"/api/sessions/{bad['id']}/sets",
                       {"slug": "back-squat", "set_no": 1, "weight": 20, "reps": 5})
                m.call("DELETE", f"/api/sessions/{bad['id']}")
                written["deleted_sessions"] += 1
            if (day - start).days % step == 0 or day.weekday() in (2, 5):
                bearer(port, tokens[who], "POST", "/ingest", hae_payload(day, who, k))
                written["hae_pushes"] += 1
            if day.weekday() == 6:
                m.call("POST", "/api/food/log", {"date": day.isoformat(), "slot": "dinner", "label": "Curry night",
                                                 "kcal": 700, "protein_g": 40, "carbs_g": 80, "fat_g": 22,
                                                 "estimated": True, "client_id": f"{who}-{day}"})
                written["meal_logs"] += 1
            if day.weekday() == 3:
                m.call("POST", "/api/food/log", {"date": day.isoformat(), "slot": "lunch",
                                                 "recipe": "tuna-bean-lunchbox", "servings": 1})
                m.call("POST", "/api/food/log", {"date": day.isoformat(), "slot": "snack", "label": "Apple",
                                                 "kcal": 80, "fiber_g": 4, "client_id": f"{who}-snack-{day}"})
                written["meal_logs"] += 2
        if day.weekday() == 4:
            k += 2
        day += datetime.timedelta(days=1)

    # A replaced lunch and a deleted snack; a session deleted after completion (not a record's day).
    last_thu = today - datetime.timedelta(days=(today.weekday() - 3) % 7 or 7)
    ann.call("POST", "/api/food/log", {"date": last_thu.isoformat(), "slot": "lunch", "label": "Soup out",
                                       "kcal": 430, "protein_g": 18, "venue": "Café Rouge", "cost": 8.5,
                                       "currency": "GBP", "note": "with bread"})
    snack = ben.call("POST", "/api/food/log", {"date": last_thu.isoformat(), "slot": "snack", "label": "Crisps",
                                               "kcal": 180})
    ben.call("DELETE", f"/api/food/log/{snack['id']}")
    ann.call("DELETE", f"/api/sessions/{sessions['ann'][0]}")
    sessions["ann"].pop(0)
    written["deleted_sessions"] += 1

    # Body metrics by hand, a lab panel each, Ben's niggle cleared.
    for who, m in members.items():
        m.call("POST", "/api/body", {"type": "height", "value": 171.0 if who == "ann" else 183.5})
        m.call("POST", "/api/body", {"type": "body_fat_pct", "value": 24.5 if who == "ann" else 17.2})
        written["metrics"] += 2
        m.call("POST", "/api/labs", {"drawn_on": (today - datetime.timedelta(days=17)).isoformat(),
                                     "source": "manual",
                                     "results": [{"marker": "LDL", "value": 2.9, "unit": "mmol/L", "ref_high": 3.0},
                                                 {"marker": "HbA1c", "value": 36, "unit": "mmol/mol",
                                                  "ref_low": 20, "ref_high": 42},
                                                 {"marker": "Ferritin", "value": 85, "unit": "ug/L",
                                                  "ref_low": 30, "ref_high": 400}]})
    ben.call("PATCH", f"/api/niggles/{niggles['ben']}", {"status": "cleared"})
    ann.call("POST", "/api/niggles", {"body_part": "Right shoulder", "severity": "moderate",
                                      "note": "pinch overhead", "avoid_patterns": ["vertical_push"]})

    # Equipment changes: Ann switches to the shared gym profile and edits its items.
    eq = ann.call("GET", "/api/equipment")
    gym = next(p for p in eq["profiles"] if p["shared"])
    ann.call("POST", "/api/equipment/active", {"profile_id": gym["id"]})
    ann.call("PATCH", f"/api/equipment/{gym['id']}",
             {"items": [i for i in gym["items"] if "able" not in i["name"].lower()]})

    # Food week: slots penciled in (household-shared); a dinner planned on a date.
    for offset, recipe in ((0, "lentil-spinach-dal"), (2, "miso-salmon-greens")):
        ann.call("PATCH", "/api/food/week/slot",
                 {"date": (today + datetime.timedelta(days=offset)).isoformat(), "recipe": recipe})
    ben.call("PATCH", "/api/food/week/slot", {"date": today.isoformat(), "recipe": "oats-no1", "slot": "breakfast"})
    ann.call("POST", "/api/plan-items", {"date": (today + datetime.timedelta(days=1)).isoformat(), "kind": "meal",
                                         "title": "Dinner at Ben's parents", "notes": "bring dessert"})
    ben.call("POST", "/api/plan-items", {"date": (today + datetime.timedelta(days=3)).isoformat(),
                                         "kind": "workout", "plan_day": "0"})

    # Chat (no API key: the original answers without the model).
    for who, m in members.items():
        for text in ("How did my week go?", "Should I deload next week?"):
            m.call("POST", "/api/chat", {"text": text})
            wait_chat(m)
            written["chat"] += 1

    # An admin setting (app_settings).
    ann.call("PUT", "/api/admin/settings", {"values": {"coach_model": "claude-roundtrip-1"}})

    # The MCP connector: Ann's OAuth grant; recipes over MCP (OAuth and the ingest token).
    grant = oauth_grant(port, ann)
    access = grant["access_token"]
    bearer(port, access, "POST", "/mcp", {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                          "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                                     "clientInfo": {"name": "roundtrip", "version": "1"}}})
    for n in range(1, 4):
        mcp_tool(port, access if n != 2 else tokens["ben"], 10 + n, "import_recipe", recipe_args(n, photo=n == 1))
        written["mcp_recipes"] += 1
    mcp_tool(port, access, 20, "log_food",
             {"description": "Burrito bowl, no rice", "date": (today - datetime.timedelta(days=1)).isoformat(),
              "slot": "lunch", "venue": "Tortilla", "cost": 9.95, "currency": "GBP", "kcal": 640,
              "protein_g": 42, "carbs_g": 55, "fat_g": 24, "estimated": True, "client_id": "mcp-burrito",
              "photos": ["data:image/png;base64," + base64.b64encode(PNG).decode()]})
    written["meal_logs"] += 1
    ann.call("PATCH", "/api/food/week/slot",
             {"date": (today + datetime.timedelta(days=4)).isoformat(), "recipe": "roundtrip-harissa-beans-1"})

    # Ben's phone token rotated: the old one is refused from now on, the new one pushes.
    old = tokens["ben"]
    tokens["ben"] = ben.call("POST", "/api/connections/rotate-token")["token"]
    status, _, _, _ = http_request(port, "POST", "/ingest", {"data": {}}, {"Authorization": f"Bearer {old}"})
    if status != 401:
        raise SystemExit(f"drive: the rotated-away token still pushes ({status})")
    bearer(port, tokens["ben"], "POST", "/ingest", hae_payload(today, "ben", 99))
    written["hae_pushes"] += 1

    return {"tokens": tokens, "rotated_away": old, "oauth": grant, "today": today.isoformat(),
            "start": start.isoformat(), "written": written,
            "sessions": sessions}


if __name__ == "__main__":
    print(json.dumps(drive(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 8), sort_keys=True))
