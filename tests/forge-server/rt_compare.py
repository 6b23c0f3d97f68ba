# SPDX-License-Identifier: Apache-2.0
"""The GET side of the round trip (tests/forge-server/roundtrip.py): the
requests both servers answer, asked of each, and the comparison of the
answers with the named normalisations of forge-server's differences."""
import json
import urllib.parse

from rt_processes import http_request

ANON = None


def sign_in(port, email):
    status, _, body, headers = http_request(port, "POST", "/auth/dev", {"email": email})
    if status != 200:
        raise SystemExit(f"roundtrip: sign-in {email} on :{port}: {status} {body[:200]!r}")
    return next(v.split(";")[0] for k, v in headers if k.lower() == "set-cookie")


def get_json(port, path, cookie):
    status, _, body, _ = http_request(port, "GET", path, headers={"Cookie": cookie})
    if status != 200:
        raise SystemExit(f"roundtrip: GET {path}: {status} {body[:200]!r}")
    return json.loads(body)


def plan_requests(port, emails, dates):
    """The GET requests of the comparison, as (member email or None, path), from the original's data:
    every route both servers serve with its parameters filled from what the household has
    (sessions, recipes, exercises, metric types, photos), per member and date. Returns the
    requests and the route shapes they cover (parameters as `{}`)."""
    out = []
    covered = set()

    def add(who, path, route):
        out.append((who, path))
        covered.add(route)

    for email in emails:
        cookie = sign_in(port, email)
        for d in [None] + dates:
            q = "" if d is None else "?date=" + d
            add(email, "/api/today" + q, "/api/today")
            add(email, "/api/week" + q, "/api/week")
            add(email, "/api/food/week" + q, "/api/food/week")
        add(email, "/api/today?budget=30&date=" + dates[0], "/api/today")
        for path in ("/api/records", "/api/progress", "/api/dashboard", "/api/labs", "/api/niggles",
                     "/api/equipment", "/api/chat", "/api/coach/runs", "/api/connections",
                     "/api/connections/token", "/api/export", "/api/food/proposal", "/api/proposal",
                     "/api/push/config", "/api/map/config", "/auth/me", "/auth/mode", "/api/admin/settings",
                     "/api/admin/users", "/api/admin/demo", "/api/exercises", "/api/food/recipes"):
            add(email, path, path)
        add(email, "/api/exercises?q=squat", "/api/exercises")
        add(email, "/api/food/recipes?kind=dinner", "/api/food/recipes")
        add(email, "/api/food/recipes?q=harissa", "/api/food/recipes")
        add(email, "/api/history", "/api/history")
        add(email, "/api/history?limit=5&offset=5", "/api/history")
        add(email, "/api/history?favorites=true", "/api/history")
        for s in get_json(port, "/api/history?limit=100", cookie):
            add(email, f"/api/sessions/{s['id']}", "/api/sessions/{}")
        slugs = sorted({st["slug"] for st in get_json(port, "/api/export", cookie)["sets"]})
        for slug in slugs:
            add(email, f"/api/exercises/{slug}", "/api/exercises/{}")
            add(email, f"/api/exercises/{slug}/alternatives", "/api/exercises/{}/alternatives")
        for mtype in ("weight", "body_fat_pct", "height", "resting_hr", "steps", "sleep_h", "hrv"):
            add(email, f"/api/metrics/{mtype}/history", "/api/metrics/{}/history")
    cookie = sign_in(port, emails[0])
    listed = get_json(port, "/api/food/recipes", cookie)["recipes"]
    for r in sorted({r["slug"] for r in listed} | {f"roundtrip-harissa-beans-{n}" for n in (1, 2, 3)}):
        add(emails[0], f"/api/food/recipes/{r}", "/api/food/recipes/{}")
    for path in ("/healthz", "/.well-known/oauth-authorization-server", "/.well-known/oauth-authorization-server/mcp",
                 "/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp",
                 "/.well-known/security.txt", "/security.txt", "/mcp", "/", "/dashboard", "/welcome",
                 "/welcome.html", "/auth/login", "/auth/callback", "/api/withings/connect",
                 "/api/withings/callback", "/api/withings/webhook", "/mcp/oauth/authorize", "/auth/mode"):
        add(ANON, path, path)
    return out, covered


def media_requests(requests, answers, email):
    """The photos (`/api/food/media/ID`) the captured answers name, as requests of `email`."""
    media = set()
    for (_, path), (_, _, _, raw) in zip(requests, answers):
        media.update(p for p in raw.decode(errors="replace").split('"') if p.startswith("/api/food/media/"))
    return [(email, m) for m in sorted(media)]


def shared_get_routes(original_openapi, forged_openapi):
    """GET routes in both route tables, parameters written `{}`."""
    def shape(path):
        return "/".join("{}" if p.startswith("{") else p for p in path.split("/"))

    o = {shape(p) for p, ops in original_openapi["paths"].items() if "get" in ops}
    f = {shape(p) for p, ops in forged_openapi["paths"].items() if "get" in ops}
    return sorted(o & f)


def capture(port, requests, emails):
    """Each request's answer: (status, content type, parsed JSON or None, raw bytes)."""
    cookies = {e: sign_in(port, e) for e in emails}
    out = []
    for who, path in requests:
        headers = {"Cookie": cookies[who]} if who else {}
        status, ctype, body, _ = http_request(port, "GET", path, headers=headers)
        parsed = None
        if ctype.startswith("application/json"):
            try:
                parsed = json.loads(body)
            except ValueError:
                parsed = None
        out.append((status, ctype.split(";")[0], parsed, body))
    return out
