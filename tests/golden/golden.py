#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The golden comparison: two forged binaries answer the same requests alike.

Usage: golden.py BEFORE AFTER [--keep DIR] [--datasets demo,heavy]

Seeds the databases ONCE with BEFORE (so every id is the same for both):
  demo   a first start with the two member seats (ada admin, ben member), the
         demo seat with its history (POST /api/admin/demo), a kitchen display
         paired (forged display pair + POST /kitchen/pair), an MCP OAuth grant
         (register, consent, token) and the members' ingest tokens;
  heavy  a copy of demo plus `forged bench-fill` (three years of two members,
         1,000 recipes).
Then, per data set, it copies the state directory for each binary, starts
both on their copy with the wall clock frozen (faketime(1): forged has no
fixed-clock setting, only a relative test offset): request n of the run is
answered at 2026-07-20 10:00:00 UTC + n seconds by both binaries, so times
match and no two writes share an instant (rows created in one instant would
be ordered by their random ids). It sends every request to both in the same
order: every route of
the route table (`GET /api/openapi.json`) as anonymous, both members, the
demo, the kitchen display and the two bearers (ingest token, OAuth token),
GETs with several dates and parameters, then every write (published
examples, plus an empty and a wrong-typed body) in one fixed order, then the
GETs again, then the destructive routes. Each answer is compared byte for
byte: status, Content-Type and body.

Normalised before comparing (named in every difference report):
  - ids created during the run (32 hex digits that are not in the seeded
    database) become <new-id-N>, numbered per binary in order of first
    appearance: `Identifier.make()` is random (UUID), so a new row's id
    differs between any two runs, even of one binary;
  - ingest tokens created during the run (`fg_` and 32 characters, random;
    `POST /api/connections/rotate-token`) become <new-token-N>, and their
    masked form (`fg_XXXXX…XXXX`) <new-token-N-masked>;
  - the binary's build stamp (`forged --version`, served by /healthz) becomes
    <build>: it is the binary's GNU build-id;
  - the state directory's path (in the export's backup ledger) becomes
    <state-dir>: each binary serves its own copy.
Nothing else is touched. Exit status: 0 when there is no difference, 1 otherwise.
"""
import argparse
import base64
import calendar
import glob
import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse

FROZEN = "2026-07-20 10:00:00"  # UTC; a Monday, the README's demo date
ZONE = "Europe/London"
SEATS = "ada@example.org:Ada,ben@example.org:Ben"
BASE_URL = "http://127.0.0.1:8080"  # the same --base-url and Host header for both
HOST = "127.0.0.1:8080"
DATES = ["2026-07-20", "2026-07-14", "2026-07-26", "2026-07-27", "2026-03-29", "2026-10-25", "2025-07-20",
         "2026-02-30", "x"]
REDIRECT = "http://127.0.0.1:9/cb"
PASSWORD = "a long golden passphrase"
ID = re.compile(rb"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")
TOKEN = re.compile(rb"fg_[A-Za-z0-9_-]{32}")


def frozen(command, clock):
    """`command` under faketime(1), its wall clock read from the file `clock` at every call
    (a frozen instant the driver moves; monotonic time runs). faketime forks: its child is forged."""
    if shutil.which("faketime") is None:
        sys.exit("golden: faketime missing: apt-get install faketime "
                 "(make golden installs the golden group of packaging/debian-packages.txt)")
    set_clock(clock, 0)
    env = {"PATH": "/usr/bin:/bin", "TZ": "UTC", "FAKETIME_DONT_FAKE_MONOTONIC": "1",
           "FAKETIME_TIMESTAMP_FILE": clock, "FAKETIME_NO_CACHE": "1"}
    # faketime sets FAKETIME (which would win over the file); env(1) drops it before forged starts.
    return ["faketime", "-f", FROZEN, "env", "-u", "FAKETIME"] + command, env


def set_clock(clock, seconds):
    """Freezes the clock of the processes reading `clock` at FROZEN + `seconds`."""
    instant = time.gmtime(calendar.timegm(time.strptime(FROZEN, "%Y-%m-%d %H:%M:%S")) + seconds)
    with open(clock + ".tmp", "w") as f:
        f.write(time.strftime("%Y-%m-%d %H:%M:%S", instant) + "\n")
    os.replace(clock + ".tmp", clock)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One forged serving a state directory on a free port, clock frozen."""

    def __init__(self, binary, state, log):
        self.port = free_port()
        self.log = open(log, "ab")
        self.clock = state + ".clock"
        args = [binary, "serve", "--listen", f"127.0.0.1:{self.port}", "--state-dir", state,
                "--runtime-dir", state + ".run", "--config", "/dev/null", "--dev-auth", "--timezone", ZONE,
                "--allowed-users", SEATS, "--base-url", BASE_URL]
        command, env = frozen(args, self.clock)
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=self.log,
                                        stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit(f"golden: {binary} exited {self.process.returncode} at start (log: {log})")
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        sys.exit(f"golden: {binary} did not answer /healthz (log: {log})")

    def request(self, method, path, body=None, headers=None):
        """(status, content type, body bytes, headers) of one request."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", HOST)
            for k, v in (headers or {}).items():
                conn.putheader(k, v)
            data = body if body is not None else b""
            if body is not None or method in ("POST", "PUT", "PATCH", "DELETE"):
                conn.putheader("Content-Length", str(len(data)))
            conn.endheaders(data if data else None)
            r = conn.getresponse()
            payload = r.read()
            return r.status, r.getheader("Content-Type") or "", payload, dict(r.getheaders())
        finally:
            conn.close()

    def stop(self):
        """SIGTERM to forged (faketime's child; faketime exits after it), then waits."""
        pid = self.process.pid
        try:
            with open(f"/proc/{pid}/task/{pid}/children") as f:
                children = [int(c) for c in f.read().split()]
        except OSError:
            children = []
        for child in children:
            os.kill(child, signal.SIGTERM)
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            for child in children:
                os.kill(child, signal.SIGKILL)
            self.process.wait()
        self.log.close()


def cookie_of(headers, name):
    for k, v in headers.items():
        if k.lower() == "set-cookie" and v.startswith(name + "="):
            return v.split(";")[0]
    raise SystemExit(f"golden: no {name} cookie in {headers}")


def seed(before, work):
    """The demo state directory, seeded once by BEFORE; returns the callers' credentials."""
    state = os.path.join(work, "seed-demo")
    os.makedirs(state)
    server = Server(before, state, os.path.join(work, "seed.log"))
    try:
        def post(path, body, headers=None, form=False):
            # A browser's form post says where it comes from: the consent form is refused cross-site without it.
            h = {"Content-Type": "application/x-www-form-urlencoded" if form else "application/json",
                 "Origin": BASE_URL}
            h.update(headers or {})
            data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
            return server.request("POST", path, data, h)

        creds = {}
        # Ben has a password too, so /auth/login can succeed (set before his sign-in: it revokes sessions).
        command, env = frozen([before, "user", "passwd", "ben@example.org", "--state-dir", state,
                               "--config", "/dev/null", "--password-stdin"], state + ".clock")
        subprocess.run(command, env=env, input=PASSWORD + "\n", text=True, check=True, capture_output=True)
        for who in ("ada", "ben"):
            status, _, body, headers = post("/auth/dev", {"email": f"{who}@example.org"})
            assert status == 200, body
            creds[who] = {"Cookie": cookie_of(headers, "forge_session")}
        status, _, body, _ = server.request("POST", "/api/admin/demo", b"", creds["ada"])
        assert status == 200, body
        status, _, body, headers = server.request("POST", "/auth/demo", b"")
        assert status == 200, body
        creds["demo"] = {"Cookie": cookie_of(headers, "forge_session")}
        # The kitchen display: a one-time code from the CLI, paired over HTTP.
        command, env = frozen([before, "display", "pair", "--name", "Kitchen", "--state-dir", state,
                               "--config", "/dev/null", "--base-url", BASE_URL], state + ".clock")
        out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
        code = re.search(r"code for \"Kitchen\": (\S+)", out)
        assert code, out
        status, _, body, headers = post("/kitchen/pair", {"code": code.group(1)})
        assert status == 200, body
        creds["display"] = {"Cookie": cookie_of(headers, "forge_display")}
        # An MCP OAuth grant: dynamic registration, Ada's consent, the code for a token (PKCE S256).
        status, _, body, _ = post("/mcp/oauth/register", {"client_name": "Golden", "redirect_uris": [REDIRECT]})
        assert status in (200, 201), body
        client = json.loads(body)["client_id"]
        verifier = "golden-verifier-0123456789abcdef0123456789abcdef0123456789"
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        query = urllib.parse.urlencode({"client_id": client, "redirect_uri": REDIRECT, "response_type": "code",
                                        "code_challenge": challenge, "code_challenge_method": "S256",
                                        "state": "golden"})
        # The consent page first: its form carries the token the consent must send back.
        status, _, page, _ = server.request("GET", "/mcp/oauth/authorize?" + query, None, creds["ada"])
        token = re.search(rb'name="csrf_token" value="([^"]+)"', page)
        assert status == 200 and token, page[:300]
        status, _, body, headers = post(
            "/mcp/oauth/authorize?" + query, {"decision": "allow", "csrf_token": token.group(1).decode()},
            creds["ada"], True)
        location = next((v for k, v in headers.items() if k.lower() == "location"), None)
        assert location, f"consent answered {status} without a redirect: {body[:300]!r}"
        grant = urllib.parse.parse_qs(urllib.parse.urlparse(location).query)["code"][0]
        status, _, body, _ = post("/mcp/oauth/token", {"grant_type": "authorization_code", "code": grant,
                                                       "client_id": client, "code_verifier": verifier,
                                                       "redirect_uri": REDIRECT}, form=True)
        assert status == 200, body
        creds["oauth"] = {"Authorization": "Bearer " + json.loads(body)["access_token"]}
        creds["oauth-client"] = client
        creds["oauth-query"] = query
    finally:
        server.stop()
    db = sqlite3.connect(os.path.join(state, "forge.sqlite3"))
    token = db.execute("SELECT token FROM ingest_tokens WHERE user_id = (SELECT id FROM users WHERE email = ?)",
                       ("ada@example.org",)).fetchone()[0]
    db.close()
    creds["ingest"] = {"Authorization": "Bearer " + token}
    creds["anon"] = {}
    return state, creds


def known_ids(state):
    """Every 32-hex-digit string in the seeded database (ids that both copies share)."""
    db = sqlite3.connect(os.path.join(state, "forge.sqlite3"))
    found = set()
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        for row in db.execute(f'SELECT * FROM "{table}"'):
            for value in row:
                if isinstance(value, str) and len(value) >= 32:
                    found.update(ID.findall(value.encode()))
                    found.update(TOKEN.findall(value.encode()))
    db.close()
    return found


class Side:
    """One binary in the lockstep: its server, build stamp and id numbering."""

    def __init__(self, name, binary, state, work, known):
        self.name = name
        self.server = Server(binary, state, os.path.join(work, f"{name}.log"))
        version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
        self.build = re.search(r"build ([0-9a-f]+)", version).group(1).encode()
        self.state = state.encode()
        self.known = known
        self.new_ids = {}
        self.new_tokens = {}
        self.fixtures = {}

    def normalise(self, body):
        def rename(m):
            value = m.group(0)
            if value in self.known:
                return value
            if value not in self.new_ids:
                self.new_ids[value] = b"<new-id-%d>" % (len(self.new_ids) + 1)
            return self.new_ids[value]

        def token(m):
            value = m.group(0)
            if value in self.known:
                return value
            if value not in self.new_tokens:
                self.new_tokens[value] = b"<new-token-%d>" % (len(self.new_tokens) + 1)
            return self.new_tokens[value]
        body = ID.sub(rename, body)
        body = TOKEN.sub(token, body)
        # A new token's masked form (`fg_` + 5 characters, an ellipsis, the last 4).
        for value, name in self.new_tokens.items():
            body = body.replace(value[:8] + "\u2026".encode() + value[-4:], name + b"-masked")
        return body.replace(self.build, b"<build>").replace(self.state, b"<state-dir>")


class Run:
    def __init__(self, sides, creds):
        self.sides = sides
        self.creds = creds
        self.count = 0
        self.differences = []
        self.answered = []  # (method, path, the before binary's status) of every request

    def send(self, phase, caller, method, path, body=None, content_type="application/json", capture=None):
        """Sends one request to every side (templates `{name}` filled from each side's fixtures)."""
        answers = []
        for side in self.sides:
            # Request n runs at FROZEN + n s on both: equal times, and no two writes share an instant.
            set_clock(side.server.clock, self.count + 1)
            try:
                p = fill(path, side.fixtures)
                b = body
                if isinstance(b, (dict, list)):
                    b = fill(json.dumps(b), side.fixtures)
                elif isinstance(b, str):
                    b = fill(b, side.fixtures)
            except KeyError as e:
                answers.append((side, None, f"no fixture {e}"))
                continue
            headers = dict(self.creds[caller])
            data = None
            if b is not None:
                data = b.encode() if isinstance(b, str) else b
                headers["Content-Type"] = content_type
            status, ctype, payload, _ = side.server.request(method, p, data, headers)
            if method == "POST" and p == "/api/chat" and status < 300:
                settle_chat(side, headers)
            answers.append((side, (status, ctype, side.normalise(payload)), payload))
            if capture and status < 300:
                try:
                    capture(side, json.loads(payload))
                except (ValueError, KeyError, TypeError, IndexError):
                    pass
        self.count += 1
        (a, ra, _), (b_, rb, _) = answers
        self.answered.append((method, path, ra[0] if ra else None))
        if ra != rb:
            self.differences.append((phase, caller, method, path, body, ra, rb))
        return answers


def settle_chat(side, headers):
    """Waits until the coach's background reply is stored (`pending` false), so both binaries
    write it at the same instant and in the same order."""
    headers = {k: v for k, v in headers.items() if k != "Content-Type"}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        status, _, body, _ = side.server.request("GET", "/api/chat", None, headers)
        if status != 200 or not json.loads(body).get("pending"):
            return
        time.sleep(0.05)


def fill(text, fixtures):
    for k, v in fixtures.items():
        text = text.replace("{" + k + "}", str(v))
    if re.search(r"\{[a-z_]+\}", text):
        raise KeyError(re.search(r"\{[a-z_]+\}", text).group(0))
    return text


def operations(document):
    ops = []
    for path, entry in document["paths"].items():
        for method, op in entry.items():
            if method in ("get", "post", "put", "patch", "delete"):
                example = None
                for ctype, content in op.get("requestBody", {}).get("content", {}).items():
                    example = (ctype, content.get("example"))
                ops.append((method.upper(), path, op, example))
    return ops


def discover(run, side):
    """Seeded path parameters, read through the API (the same on both copies)."""
    ada, ben = run.creds["ada"], run.creds["ben"]
    f = side.fixtures

    def get(path, who=ada):
        status, _, body, _ = side.server.request("GET", path, None, who)
        return json.loads(body) if status == 200 else None

    recipes = get("/api/food/recipes") or {}
    recipes = recipes.get("recipes", recipes) if isinstance(recipes, dict) else recipes
    f["slugs"] = [r["slug"] for r in recipes[:3]] + ["no-such-recipe"]
    exercises = get("/api/exercises") or []
    exercises = exercises.get("exercises", exercises) if isinstance(exercises, dict) else exercises
    f["exercises"] = ["back-squat"] + [e["slug"] for e in exercises[:2]] + ["no-such-lift"]
    f["sessions"] = []
    for who in (ada, ben, run.creds["demo"]):
        history = get("/api/history?limit=2", who) or []
        history = history.get("sessions", history) if isinstance(history, dict) else history
        f["sessions"] += [s["id"] for s in history[:2] if isinstance(s, dict) and "id" in s]
    f["sessions"].append("0" * 32)
    backups = get("/api/admin/backups") or []
    f["backups"] = [b["name"] for b in backups[:1]] + ["forge-20000101-000000.sqlite3"]
    users = get("/api/admin/users") or []
    f["ben_id"] = next(u["id"] for u in users if u["email"] == "ben@example.org")
    equipment = get("/api/equipment") or {}
    f["profile_id"] = equipment["profiles"][0]["id"]
    niggles = get("/api/niggles") or []
    f["niggle_id"] = niggles[0]["id"] if niggles else "0" * 32
    status, _, page, _ = side.server.request("GET", "/kitchen", None, run.creds["display"])
    f["assets"] = sorted(set(re.findall(r"/kitchen/assets/([A-Za-z0-9._-]+)", page.decode("utf-8", "replace"))))
    f["assets"] = (f["assets"] or ["app.js"]) + ["no-such.js"]
    connections = get("/api/connections") or {}
    grants = connections.get("mcp_clients", []) if isinstance(connections, dict) else []
    f["grant_id"] = grants[0]["id"] if grants else "0" * 32
    # The demo's pending proposals (its seeded history has them), approved and rejected at the end.
    for key, path in (("proposal_id", "/api/proposal"), ("food_proposal_id", "/api/food/proposal")):
        proposal = (get(path, run.creds["demo"]) or {}).get("proposal") or {}
        f[key] = proposal.get("id", "0" * 32)


def path_variants(path, f):
    """The concrete paths for one route pattern (path parameters from the fixtures)."""
    table = {
        "{slug}": f["slugs"] if "recipes" in path else f["exercises"],
        "{sid}": f["sessions"], "{name}": f["assets"] if path.startswith("/kitchen") else f["backups"],
        "{type}": ["weight", "resting_hr", "body_fat", "sleep", "no-such-metric"],
        "{id}": ["0" * 32], "{file}": ["back-squat-0.jpg", "../x"], "{grant_id}": [f["grant_id"]],
    }
    params = re.findall(r"\{[a-z_]+\}", path)
    if not params:
        return [path]
    return [path.replace(params[0], urllib.parse.quote(v, safe="")) for v in table[params[0]]]


def query_variants(path, op):
    names = {p["name"] for p in op.get("parameters", []) if p["in"] == "query"}
    out = [""]
    if "date" in names:
        out += ["?date=" + d for d in DATES]
    if path == "/api/today":
        out += ["?date=2026-07-20&budget=" + b for b in ("20", "45", "90", "0", "x")]
    if path == "/api/food/recipes":
        out += ["?kind=dinner", "?kind=snack&limit=5", "?limit=5&offset=5", "?q=salmon", "?limit=0", "?limit=x"]
    if path == "/api/history":
        out += ["?limit=5", "?limit=5&offset=5", "?favorites=true", "?limit=-1"]
    if path == "/api/exercises":
        out += ["?q=squat", "?q=zzz"]
    if path == "/api/withings/callback":
        out += ["?code=x&state=y"]
    return out


def read_pass(run, document, phase, callers):
    f = run.sides[0].fixtures
    for method, path, op, _ in operations(document):
        if method != "GET" or path in ("/api/events",):
            continue
        if path.startswith("/mcp/oauth/authorize"):
            for who in ("anon", "ada"):
                run.send(phase, who, "GET", path + "?" + run.creds["oauth-query"])
            continue
        for concrete in path_variants(path, f):
            for i, query in enumerate(query_variants(path, op)):
                for who in (callers if i == 0 else [c for c in callers if c in ("ada", "ben", "display")]):
                    run.send(phase, who, "GET", concrete + query)


def capture_id(key):
    def capture(side, body):
        value = body.get("id") or (body.get("timer") or {}).get("id") or (body.get("session") or {}).get("id")
        if value:
            side.fixtures[key] = value
    return capture


RECIPE_PAGE = ('<html><head><script type="application/ld+json">{"@context":"https://schema.org",'
               '"@type":"Recipe","name":"Golden Eggs","recipeYield":"2","recipeIngredient":["4 eggs",'
               '"200 g cherry tomatoes"],"recipeInstructions":[{"@type":"HowToStep","text":"Scramble the eggs '
               'for 5 minutes."}],"nutrition":{"calories":"320 kcal","proteinContent":"20 g"}}</script>'
               '</head><body></body></html>')


def write_pass(run, document, gpx):
    """Every write, in one fixed order: creates, edits, actions, deletes; invalid bodies after each."""
    ops = [o for o in operations(document) if o[0] != "GET"]
    # Kept for the end: they sign out, revoke, wipe or remove what later requests use.
    last = {("POST", "/auth/logout"), ("DELETE", "/api/admin/recipes"), ("DELETE", "/api/admin/demo"),
            ("DELETE", "/api/connections/mcp/{grant_id}"), ("POST", "/api/connections/rotate-token")}

    def rank(op):
        method, path = op[0], op[1]
        if method == "DELETE":
            return 4
        if any(path.endswith(s) for s in ("/complete", "/cancel", "/reject", "/finish", "/dismiss")):
            return 3
        return 2 if "{" in path else 0

    special_bodies = {
        "/api/equipment/active": {"profile_id": "{profile_id}"},
        "/api/food/recipes/import": {"url": "https://example.org/golden", "html": RECIPE_PAGE},
        "/api/cook/sessions/{id}/finish": {},
    }
    fixture_of = {"/api/sessions/{sid}": "sid", "/api/cook/timers/{id}": "timer_id",
                  "/api/cook/sessions/{id}": "cook_id", "/api/food/log/{id}": "log_id",
                  "/api/food/shopping/{id}": "shopping_id", "/api/niggles/{id}": "niggle_id",
                  "/api/plan-items/{id}": "plan_item_id", "/api/admin/users/{id}": "ben_id",
                  "/api/proposal/{id}": "none_id", "/api/food/proposal/{id}": "none_id",
                  "/api/equipment/{id}": "profile_id", "/api/connections/mcp/{grant_id}": "grant_id"}
    creates = {"/api/sessions": "sid", "/api/cook/timers": "timer_id", "/api/cook/sessions": "cook_id",
               "/api/food/log": "log_id", "/api/food/shopping": "shopping_id", "/api/niggles": "niggle_id",
               "/api/plan-items": "plan_item_id"}
    for side in run.sides:
        side.fixtures.setdefault("none_id", "0" * 32)
    for method, path, op, example in sorted(ops, key=lambda o: (rank(o), o[1], o[0])):
        if (method, path) in last:
            continue
        concrete = path
        for prefix, key in fixture_of.items():
            if path.startswith(prefix):
                concrete = path.replace(prefix, prefix.split("{")[0] + "{" + key + "}")
        capture = capture_id(creates[path]) if path in creates else None
        ctype, body = example if example else ("application/json", None)
        if path in special_bodies:
            body = special_bodies[path]
        if path == "/api/sessions/import":
            run.send("write", "ada", method, concrete, gpx, "application/gpx+xml")
            continue
        if path == "/ingest":
            payload = {"data": {"metrics": [{"name": "weight_body_mass", "units": "kg",
                                             "data": [{"date": "2026-07-19 07:00:00 +0100", "qty": 80.5}]}]}}
            for who in ("ingest", "oauth", "anon"):
                run.send("write", who, method, concrete, payload)
            continue
        if path == "/mcp":
            mcp_calls(run)
            continue
        if ctype == "application/x-www-form-urlencoded":
            form = urllib.parse.urlencode(body or {})
            run.send("write", "anon", method, concrete, form, ctype)
            continue
        who = "display" if path.startswith("/api/kitchen") else "ada"
        run.send("write", who, method, concrete, body if body is not None else None, ctype, capture)
        if body is not None:
            run.send("write", who, method, concrete, {}, ctype)
            run.send("write", who, method, concrete, "[1]", ctype)
        # The others' view of the same write: the member, the demo's walls, the display, a bearer.
        for other in ("ben", "demo", "display", "ingest"):
            if other != who and rank((method, path)) == 0:
                run.send("write", other, method, concrete, body, ctype)


def mcp_calls(run):
    def rpc(who, method, params, ident=1):
        run.send("write", who, "POST", "/mcp", {"jsonrpc": "2.0", "id": ident, "method": method, "params": params})

    for who in ("oauth", "ingest", "anon", "ada"):
        rpc(who, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "golden", "version": "1"}})
        rpc(who, "tools/list", {})
    answers = run.send("write", "oauth", "POST", "/mcp",
                       {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
    tools = []
    side, reply, raw = answers[0]
    try:
        tools = [t["name"] for t in json.loads(raw)["result"]["tools"]]
    except (ValueError, KeyError, TypeError):
        pass
    arguments = {"search_recipes": {"query": "salmon"}, "get_food_log": {"date": "2026-07-20", "days": 7},
                 "get_recipe": {"slug": "salmon-puy-lentils"}}
    for name in sorted(tools):
        rpc("oauth", "tools/call", {"name": name, "arguments": arguments.get(name, {})}, 3)
    rpc("oauth", "tools/call", {"name": "no_such_tool", "arguments": {}}, 4)
    rpc("oauth", "no/such/method", {}, 5)


def end_pass(run):
    """The destructive routes, then what they change."""
    login = {"email": "ben@example.org", "password": PASSWORD}
    run.send("end", "anon", "POST", "/auth/login", login)
    run.send("end", "anon", "POST", "/auth/login", dict(login, password="not it"))
    for method, path, who in [
        ("POST", "/api/proposal/{proposal_id}/reject", "ada"), ("POST", "/api/proposal/{proposal_id}/approve", "demo"),
        ("GET", "/api/proposal", "demo"), ("POST", "/api/food/proposal/{food_proposal_id}/reject", "demo"),
        ("GET", "/api/food/proposal", "demo"), ("GET", "/api/week?date=2026-07-20", "demo"),
        ("POST", "/api/connections/rotate-token", "ada"), ("DELETE", "/api/connections/mcp/{grant_id}", "ada"),
        ("GET", "/api/connections", "ada"), ("DELETE", "/api/admin/demo", "ben"), ("DELETE", "/api/admin/demo", "ada"),
        ("GET", "/api/admin/demo", "ada"), ("POST", "/auth/demo", "anon"), ("POST", "/api/admin/demo", "ada"),
        ("GET", "/api/admin/demo", "ada"), ("DELETE", "/api/admin/recipes", "ben"),
        ("DELETE", "/api/admin/recipes", "ada"), ("GET", "/api/food/recipes", "ada"),
        ("GET", "/api/food/week?date=2026-07-20", "ada"), ("POST", "/auth/logout", "ben"),
        ("GET", "/auth/me", "ben"), ("GET", "/api/today?date=2026-07-20", "ben"),
    ]:
        run.send("end", who, method, path, {} if method != "GET" else None)
    rpc = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    run.send("end", "oauth", "POST", "/mcp", rpc)
    run.send("end", "ingest", "POST", "/mcp", rpc)


def compare_dataset(name, seed_state, before, after, work, creds, gpx, known):
    print(f"golden: {name}: starting both binaries on copies of the seeded state", file=sys.stderr)
    sides = []
    for label, binary in (("before", before), ("after", after)):
        state = os.path.join(work, f"{name}-{label}")
        shutil.copytree(seed_state, state)
        sides.append(Side(label, binary, state, work, known))
    run = Run(sides, creds)
    try:
        for side in sides:
            discover(run, side)
        docs = [json.loads(s.server.request("GET", "/api/openapi.json")[2]) for s in sides]
        document = docs[1]  # the after binary's route table; a route only one has shows as a difference
        extra = sorted({(m, p) for m, p, _, _ in operations(docs[0])} ^ {(m, p) for m, p, _, _ in operations(docs[1])})
        callers = ["anon", "ada", "ben", "demo", "display", "ingest", "oauth"]
        read_pass(run, document, "read", callers)
        write_pass(run, document, gpx)
        read_pass(run, document, "reread", ["ada", "ben", "demo", "display"])
        end_pass(run)
    finally:
        for side in sides:
            side.server.stop()
    print(f"golden: {name}: {run.count} requests compared, {len(run.differences)} differ", file=sys.stderr)
    return run, extra, document


def coverage(run, document):
    """Statuses by class, and the routes of the table that never answered 2xx in this run."""
    patterns = [(m, p, re.compile("^" + re.sub(r"\\\{[a-z_]+\\\}", "[^/]+", re.escape(p)) + "$"))
                for m, p, _, _ in operations(document)]
    classes, ok = {}, set()
    for method, path, status in run.answered:
        key = f"{status // 100}xx" if status else "none"
        classes[key] = classes.get(key, 0) + 1
        bare = path.split("?")[0]
        for m, p, rx in patterns:
            if m == method and rx.match(bare) and status and 200 <= status < 400:
                ok.add((m, p))
    never = sorted(f"{m} {p}" for m, p, _ in patterns if (m, p) not in ok)
    return ", ".join(f"{k} {v}" for k, v in sorted(classes.items())), len(patterns), never


def show(name, run, extra, document):
    classes, routes, never = coverage(run, document)
    lines = [f"== {name}: {run.count} requests sent to both binaries and compared; "
             f"{len(run.differences)} differences",
             f"   answers (before): {classes}; {routes - len(never)} of {routes} routes answered 2xx/3xx at least once",
             f"   never 2xx/3xx here (an error answer compared instead): {', '.join(never)}"]
    for m, p in extra:
        lines.append(f"  route in one route table only: {m} {p}")
    for phase, caller, method, path, body, a, b in run.differences:
        lines.append(f"-- [{phase}] {caller} {method} {path}" + (f" body={(json.dumps(body) if not isinstance(body, bytes) else repr(body))[:200]}" if body else ""))
        if a is None or b is None:
            lines.append(f"   before: {a}\n   after:  {b}")
            continue
        if a[0] != b[0]:
            lines.append(f"   status: before {a[0]}, after {b[0]}")
        if a[1] != b[1]:
            lines.append(f"   content-type: before {a[1]!r}, after {b[1]!r}")
        if a[2] != b[2]:
            at = next((i for i, (x, y) in enumerate(zip(a[2], b[2])) if x != y), min(len(a[2]), len(b[2])))
            lines.append(f"   body ({len(a[2])} vs {len(b[2])} bytes) first differs at byte {at}:")
            lines.append(f"     before: {a[2][max(0, at - 120):at + 200]!r}")
            lines.append(f"     after:  {b[2][max(0, at - 120):at + 200]!r}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--keep", help="keep the work directory here (logs, state copies)")
    parser.add_argument("--datasets", default="demo,heavy")
    args = parser.parse_args()
    before, after = os.path.abspath(args.before), os.path.abspath(args.after)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    gpx = open(os.path.join(root, "Tests/Fixtures/gpx/two-segments-prefixed.gpx"), "rb").read()
    work = args.keep or tempfile.mkdtemp(prefix="forge-golden.")
    os.makedirs(work, exist_ok=True)
    started = time.monotonic()
    try:
        demo, creds = seed(before, work)
        sets = {"demo": demo}
        if "heavy" in args.datasets.split(","):
            heavy = os.path.join(work, "seed-heavy")
            shutil.copytree(demo, heavy)
            print("golden: bench-fill for the heavy household", file=sys.stderr)
            command, env = frozen([before, "bench-fill", "--state-dir", heavy, "--config", "/dev/null"],
                                  heavy + ".clock")
            subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
            sets["heavy"] = heavy
        total, differing, report = 0, 0, []
        for name in args.datasets.split(","):
            known = known_ids(sets[name])
            run, extra, document = compare_dataset(name, sets[name], before, after, work, creds, gpx, known)
            total += run.count
            differing += len(run.differences) + len(extra)
            report.append(show(name, run, extra, document))
        print("\n".join(report))
        print(f"golden: {total} requests compared in {time.monotonic() - started:.0f} s, {differing} differences "
              f"(before {before}, after {after}; clock frozen at {FROZEN} UTC; normalised: new ids, new ingest tokens, build stamp, state directory)")
        return 0 if differing == 0 else 1
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
