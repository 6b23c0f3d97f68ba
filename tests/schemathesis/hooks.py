"""Schemathesis hooks for forged: sign the seeded household in.

Loaded by run.sh through SCHEMATHESIS_HOOKS. Authentication follows
schemathesis's auth extension (`@schemathesis.auth()`): the provider signs in
through `POST /auth/dev` and supplies the `forge_session` cookie to every
operation documented with `cookieAuth`; a second provider gives `/ingest` and
`/mcp` (documented with `bearerAuth`) the signed-in member's ingest token.
"""

import os

import requests
import schemathesis

BASE_URL = os.environ["FORGED_URL"]
EMAIL = os.environ.get("FORGED_EMAIL", "ada@example.org")


def sign_in() -> requests.Session:
    session = requests.Session()
    response = session.post(f"{BASE_URL}/auth/dev", json={"email": EMAIL}, timeout=10)
    response.raise_for_status()
    return session


@schemathesis.auth(refresh_interval=60).skip_for(path_regex=r"^/(ingest|mcp)$")
class HouseholdCookie:
    """Signs Ada (the admin seat) in and sends her `forge_session` cookie."""

    def get(self, case, ctx):
        return sign_in().cookies["forge_session"]

    def set(self, case, data, ctx):
        case.cookies = dict(case.cookies or {})
        case.cookies["forge_session"] = data


# Not cached: the run itself calls POST /api/connections/rotate-token, which
# replaces the token, so each case reads the current one.
@schemathesis.auth(refresh_interval=None).apply_to(path_regex=r"^/(ingest|mcp)$")
class HouseholdIngestToken:
    """The signed-in member's ingest token, as `Authorization: Bearer`."""

    def get(self, case, ctx):
        session = sign_in()
        response = session.get(f"{BASE_URL}/api/connections/token", timeout=10)
        if response.status_code == 404:
            response = session.post(f"{BASE_URL}/api/connections/rotate-token", timeout=10)
        response.raise_for_status()
        return response.json()["token"]

    def set(self, case, data, ctx):
        case.headers = dict(case.headers or {})
        case.headers["Authorization"] = f"Bearer {data}"


_seats: dict = {}


def seats() -> dict:
    """Ada's and Ben's user ids, read once through the API."""
    if not _seats:
        session = sign_in()
        me = session.get(f"{BASE_URL}/auth/me", timeout=10).json()
        users = session.get(f"{BASE_URL}/api/admin/users", timeout=10).json()
        _seats["self"] = me["id"]
        _seats["other"] = next(u["id"] for u in users if u["id"] != me["id"] and u["role"] != "demo")
    return _seats


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    """Keep the signed-in seat signing in: `PATCH /api/admin/users/{id}` may
    change a member's email (their sign-in), so a case aimed at Ada's own
    seat is pointed at Ben's instead. Every other id is left as generated."""
    if case.operation.method.upper() == "PATCH" and case.operation.path == "/api/admin/users/{id}":
        ids = seats()
        if (case.path_parameters or {}).get("id") == ids["self"]:
            case.path_parameters = {**case.path_parameters, "id": ids["other"]}
