# SPDX-License-Identifier: Apache-2.0
"""The named normalisations of the round trip (tests/forge-server/roundtrip.py).

Each one is a deliberate difference between forged and the original server
listed in docs/differences.md ("Differences from the contract"); `readme` is a
phrase of that page that names it (the round trip fails when the phrase is not
there). A difference the table does not excuse fails the round trip: that is
either an import that lost or changed something, or a contract difference
docs/differences.md does not list yet.
"""
import fnmatch
import re

# What a rule excuses: a member only forged answers ("added"), a value (or
# anything beneath it: "value"), or the status of a non-JSON page ("status").
ADDED, VALUE, STATUS = "added", "value", "status"


class Rule:
    def __init__(self, name, readme, routes, paths, kinds, when=None):
        self.name, self.readme, self.kinds, self.when = name, readme, kinds, when
        self.routes = [re.compile(r) for r in routes]
        self.paths = paths

    def excuses(self, route, path, kind, original=None, forged=None):
        return (kind in self.kinds and any(r.fullmatch(route) for r in self.routes)
                and any(fnmatch.fnmatchcase(path, p) for p in self.paths)
                and (self.when is None or self.when(original, forged)))


RECORD_ROUTES = [r"/api/records", r"/api/dashboard", r"/api/export"]
E1RM_ROUTES = [r"/api/progress", r"/api/dashboard"]

RULES = [
    Rule("record details in the member's unit", "**Record `detail`**", RECORD_ROUTES,
         ["$[].detail", "$.records[].detail"], [VALUE]),
    Rule("e1RM on the trained day", "**Trained day**", E1RM_ROUTES, ["$.e1rm.*.points*"], [VALUE]),
    Rule("last.when on the trained day", "**Trained day**", [r"/api/today"], ["$.exercises[].last.when"], [VALUE]),
    Rule("prescriptions land on loadable weights", "**Prescriptions land on loadable weights**", [r"/api/today"],
         ["$.exercises[].weight", "$.exercises[].warmup*", "$.tonnage_est"], [VALUE]),
    Rule("loadable", "**`loadable: {down_kg, up_kg}`** is added", [r"/api/today"], ["$.exercises[].loadable"],
         [ADDED]),
    Rule("plate math in the plates' unit", "**Plate math in the plates' unit**", [r"/api/today"],
         ["$.exercises[].plate"], [VALUE]),
    Rule("profile on Today in its unit", "`profile` on Today adds `unit`, `bar` and `plates`", [r"/api/today"],
         ["$.profile.unit", "$.profile.bar", "$.profile.plates"], [ADDED]),
    Rule("trend", "**`trend`** is added", E1RM_ROUTES, ["$.e1rm.*.trend"], [ADDED]),
    Rule("prs_this_week", "**`prs_this_week`** is added", E1RM_ROUTES, ["$.prs_this_week"], [ADDED]),
    Rule("media_tier", "**Exercise media**", [r"/api/exercises", r"/api/exercises/[^/]+"],
         ["$.media_tier", "$.media_url", "$[].media_tier", "$[].media_url"], [VALUE]),
    Rule("the exercise library's texts are forged's", "**Exercise library texts**", [r"/api/exercises/[^/]+"],
         ["$.benefit", "$.cues*", "$.dont"], [VALUE]),
    Rule("the excluded alternative's reason names the oldest niggle's first pattern",
         "**Alternatives**: when several active niggles", [r"/api/exercises/[^/]+/alternatives"], ["$[].why"],
         [VALUE], when=lambda a, b: all(isinstance(x, str) and x.startswith("excluded: ") for x in (a, b))),
    Rule("equipment in its own unit", "**Equipment in its own unit**", [r"/api/equipment"],
         ["$.profiles[].unit", "$.profiles[].bar", "$.profiles[].plates", "$.profiles[].dumbbells"], [ADDED]),
    Rule("zone minutes of a regular sparse series", "Where the samples are regular and sparser than 30 s",
         [r"/api/sessions/[^/]+"], ["$.zones.zones[].min"], [VALUE],
         when=lambda a, b: isinstance(a, (int, float)) and isinstance(b, (int, float)) and b >= a),
    Rule("session targets carry note", "**Plan entries carry `note`**", [r"/api/sessions/[^/]+"],
         ["$.fitted.targets[].note"], [ADDED]),
    Rule("set kinds in the session view", "**Set kinds in the session view**", [r"/api/sessions/[^/]+"],
         ["$.exercises[[]].sets[[]].kind"], [ADDED]),
    Rule("day totals say when they are partial", "**Day totals say when they are partial**",
         [r"/api/food/week"], ["$.days[].totals.complete", "$.days[].totals.unknown"], [ADDED]),
    Rule("recipe detail: yield, macros_source, notes", "`macros_source` (migration 0315)",
         [r"/api/food/recipes/[^/]+"], ["$.yield", "$.macros_source", "$.notes"], [ADDED]),
    Rule("recipe step cue", "**Recipe step `cue`**", [r"/api/food/recipes/[^/]+"], ["$.steps[].cue"], [ADDED]),
    Rule("recipe detail: real food", "**Real food**", [r"/api/food/recipes/[^/]+"],
         ["$.complete", "$.parked_because", "$.ingredients[].food_id", "$.ingredients[].food",
          "$.ingredients[].grams", "$.ingredients[].kcal", "$.ingredients[].estimate",
          "$.ingredients[].negligible"], [ADDED]),
    Rule("connection notes in forged's words", "**Connection notes**", [r"/api/connections"],
         ["$.coach_mcp.note", "$.withings.note"], [VALUE]),
    Rule("/auth/mode password", "**`/auth/mode`** adds `password: true`", [r"/auth/mode"], ["$.password"],
         [ADDED]),
    Rule("/healthz additions and build stamp", "**`/healthz`** adds", [r"/healthz"],
         ["$.version", "$.timezone", "$.utc_offset_s", "$.today", "$.backup", "$.build"], [ADDED, VALUE]),
    Rule("web pages", "**Web pages**", [r"/", r"/dashboard"], ["$"], [STATUS]),
    Rule("sign-in page", "`GET /auth/login` serves a", [r"/auth/login"], ["$"], [STATUS]),
]

# Rewrites applied before the comparison, each named and listed in docs/differences.md as well.
TIMESTAMPS = ("timestamps to the millisecond", "**Timestamps**")
RECORD_ORDER = ("records by slug then kind", "records by slug then kind")
METRIC_TIES = ("metrics of one instant in the order stored", "metrics of one instant")
ALTERNATIVES_ORDER = ("alternatives in library order", "alternatives in library order")
REWRITES = [TIMESTAMPS, RECORD_ORDER, METRIC_TIES, ALTERNATIVES_ORDER]

# With the offset (PostgreSQL's timestamptz) or without (SQLite keeps no zone: UTC).
ISO = re.compile(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(?:\+00:00)?")


def millis(value, count):
    """The original's instants (Python isoformat: microseconds, none when zero; no offset on
    SQLite) as forged writes them (milliseconds, always three digits, `+00:00`)."""
    if isinstance(value, dict):
        return {k: millis(v, count) for k, v in value.items()}
    if isinstance(value, list):
        return [millis(v, count) for v in value]
    if isinstance(value, str):
        m = ISO.fullmatch(value)
        if m:
            out = f"{m.group(1)}.{(m.group(2) or '').ljust(3, '0')[:3]}+00:00"
            if out != value:
                count[TIMESTAMPS[0]] = count.get(TIMESTAMPS[0], 0) + 1
            return out
    return value


def reorder(route, original, forged, count):
    """The orderings the original leaves to the database, made total as forged makes them."""
    def sort(items, key, name):
        if not isinstance(items, list):
            return items
        out = sorted(items, key=key)
        if out != items:
            count[name] = count.get(name, 0) + 1
        return out

    record = (lambda r: (r.get("slug", ""), r.get("kind", "")))
    if route == "/api/records":
        original = sort(original, record, RECORD_ORDER[0])
    elif route == "/api/dashboard" and isinstance(original, dict) and "records" in original:
        original = dict(original, records=sort(original["records"], record, RECORD_ORDER[0]))
    elif route == "/api/export" and isinstance(original, dict) and "records" in original:
        dated = (lambda r: (r.get("achieved_on", ""), r.get("slug", ""), r.get("kind", "")))
        original = dict(original, records=sort(original["records"], dated, RECORD_ORDER[0]))
    if route.endswith("/alternatives") and isinstance(original, list) and isinstance(forged, list):
        # the original walks the library in the database's order; forged in library order:
        # compared in forged's order, each original entry matched by slug
        place = {a.get("slug"): i for i, a in enumerate(forged)}
        original = sort(original, lambda a: (a.get("excluded", False), place.get(a.get("slug"), len(place))),
                        ALTERNATIVES_ORDER[0])
    if route == "/api/export" and isinstance(original, dict) and "metrics" in original:
        # ties in time: the original's ORDER BY ts leaves them to PostgreSQL's sort
        key = (lambda m: (m.get("ts", ""), m.get("type", ""), m.get("source", "")))
        original = dict(original, metrics=sort(original["metrics"], key, METRIC_TIES[0]))
        forged = dict(forged, metrics=sorted(forged.get("metrics", []), key=key))
    return original, forged


def differences(original, forged, path="$"):
    """(path with list indices as [], kind, original, forged) for every difference."""
    out = []

    def number(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    if isinstance(original, dict) and isinstance(forged, dict):
        for k in original:
            if k not in forged:
                out.append((f"{path}.{k}", "missing", original[k], None))
            else:
                out += differences(original[k], forged[k], f"{path}.{k}")
        for k in forged:
            if k not in original:
                out.append((f"{path}.{k}", ADDED, None, forged[k]))
    elif isinstance(original, list) and isinstance(forged, list):
        if len(original) != len(forged):
            out.append((path, VALUE, f"{len(original)} items", f"{len(forged)} items"))
        for a, b in zip(original, forged):
            out += differences(a, b, path + "[]")
    elif number(original) and number(forged):
        if original != forged:
            out.append((path, VALUE, original, forged))
    elif type(original) is not type(forged) or original != forged:
        out.append((path, VALUE, original, forged))
    return out


def excused(route, path, kind, original=None, forged=None):
    """The rule excusing this difference, or None. A member the original has and forged lacks
    ('missing') is never excused."""
    for rule in RULES:
        if rule.excuses(route, path, kind, original, forged):
            return rule
    return None


def compare(route, original, forged, count):
    """Unexcused differences of one answer pair; `count` gains each normalisation applied."""
    o_status, _, o_json, _ = original
    f_status, _, f_json, _ = forged
    if original[1].startswith("image/"):  # a photo: the same bytes, the same type
        same = (o_status, original[1], original[3]) == (f_status, forged[1], forged[3])
        return [] if same else [("$", "photo", f"{o_status} {original[1]} {len(original[3])} bytes",
                                 f"{f_status} {forged[1]} {len(forged[3])} bytes")]
    if o_json is None:  # not JSON on the original (pages, text, an empty 405): the status only
        if o_status == f_status:
            return []
        rule = excused(route, "$", STATUS)
        if rule:
            count[rule.name] = count.get(rule.name, 0) + 1
            return []
        return [("$", "status", o_status, f_status)]
    if f_json is None or o_status != f_status:
        rule = excused(route, "$", STATUS)
        if rule:
            count[rule.name] = count.get(rule.name, 0) + 1
            return []
        return [("$", "status or type", o_status, f"{f_status} {forged[1]}")]
    o_json = millis(o_json, count)
    o_json, f_json = reorder(route, o_json, f_json, count)
    left = []
    for path, kind, a, b in differences(o_json, f_json):
        rule = excused(route, path, kind, a, b)
        if rule:
            count[rule.name] = count.get(rule.name, 0) + 1
        else:
            left.append((path, kind, a, b))
    return left


def check_differences(page_text):
    """Every normalisation's phrase is on the differences page (docs/differences.md, from its
    title "# Differences from the contract" to its end); the names missing."""
    start = page_text.find("# Differences from the contract\n")
    section = page_text[start:] if start >= 0 else ""
    phrases = [(r.name, r.readme) for r in RULES] + REWRITES
    return [f"{name} ({phrase})" for name, phrase in phrases if phrase not in section]
