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
