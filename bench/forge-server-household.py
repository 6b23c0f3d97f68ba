#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A large household written straight into the original Forge server's schema
(issue 23, item 4): 2 members, 5 years, about 1,000 sessions, 30,000 sets,
10,000 metrics, 10,000 meal logs and 300 recipes, with the smaller tables a
household of that age has (plans and their revisions, planned items, cardio
traces, records, niggles, labs, chat, coach runs, settings, ingredients, food
weeks, photos, and the tables forged does not serve).

The schema is written from the original's table definitions
(server/app/models.py of the original: SQLAlchemy's types as PostgreSQL
creates them: String(n) -> varchar(n), Float -> double precision, JSON ->
json, DateTime(timezone=True) -> timestamptz, LargeBinary -> bytea), with its
primary keys, unique constraints, foreign keys and indexes.

Output: one SQL file (the schema, then one COPY block per table) for `psql -f`
into an empty database; bench/movein-forge-server.sh loads it and takes a
`pg_dump --clean --if-exists` of the result, which is what a household has.

Usage: bench/forge-server-household.py OUT.sql [SCALE]   (SCALE 1.0 = the sizes above)
"""

import datetime
import json
import os
import random
import sys

OUT = sys.argv[1]
SCALE = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
rng = random.Random(23)

SCHEMA = """
CREATE TABLE users (
    id varchar(32) PRIMARY KEY, email varchar(255) NOT NULL, name varchar(80) NOT NULL,
    role varchar(16) NOT NULL, units varchar(16) NOT NULL, prefs json NOT NULL,
    active_profile_id varchar(32), created_at timestamptz NOT NULL);
CREATE UNIQUE INDEX ix_users_email ON users (email);
CREATE TABLE ingest_tokens (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), token varchar(64) NOT NULL,
    created_at timestamptz NOT NULL, last_seen_at timestamptz, samples integer NOT NULL);
CREATE INDEX ix_ingest_tokens_user_id ON ingest_tokens (user_id);
CREATE UNIQUE INDEX ix_ingest_tokens_token ON ingest_tokens (token);
CREATE TABLE oauth_clients (
    id varchar(32) PRIMARY KEY, name varchar(120) NOT NULL, redirect_uris json NOT NULL,
    created_at timestamptz NOT NULL);
CREATE TABLE oauth_codes (
    code varchar(64) PRIMARY KEY, client_id varchar(32) NOT NULL REFERENCES oauth_clients(id),
    user_id varchar(32) NOT NULL REFERENCES users(id), redirect_uri varchar(500) NOT NULL,
    code_challenge varchar(128) NOT NULL, expires_at timestamptz NOT NULL);
CREATE TABLE oauth_tokens (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id),
    client_id varchar(32) NOT NULL REFERENCES oauth_clients(id), access_token varchar(64) NOT NULL,
    refresh_token varchar(64) NOT NULL, access_expires_at timestamptz NOT NULL,
    refresh_expires_at timestamptz NOT NULL, created_at timestamptz NOT NULL, last_used_at timestamptz);
CREATE INDEX ix_oauth_tokens_user_id ON oauth_tokens (user_id);
CREATE UNIQUE INDEX ix_oauth_tokens_access_token ON oauth_tokens (access_token);
CREATE UNIQUE INDEX ix_oauth_tokens_refresh_token ON oauth_tokens (refresh_token);
CREATE TABLE metrics (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), type varchar(40) NOT NULL,
    value double precision NOT NULL, unit varchar(16) NOT NULL, ts timestamptz NOT NULL,
    source varchar(40) NOT NULL,
    CONSTRAINT uq_metric_sample UNIQUE (user_id, type, ts, source));
CREATE INDEX ix_metrics_user_id ON metrics (user_id);
CREATE INDEX ix_metrics_type ON metrics (type);
CREATE INDEX ix_metrics_ts ON metrics (ts);
CREATE TABLE exercises (
    id varchar(32) PRIMARY KEY, slug varchar(60) NOT NULL, name varchar(120) NOT NULL, kind varchar(16) NOT NULL,
    primary_muscles json NOT NULL, secondary_muscles json NOT NULL, equipment json NOT NULL,
    patterns json NOT NULL, cues json NOT NULL, dont text NOT NULL, media_tier varchar(16) NOT NULL,
    media_url text NOT NULL, benefit text NOT NULL);
CREATE UNIQUE INDEX ix_exercises_slug ON exercises (slug);
CREATE TABLE equipment_profiles (
    id varchar(32) PRIMARY KEY, user_id varchar(32) REFERENCES users(id), name varchar(40) NOT NULL,
    items json NOT NULL, bar_kg double precision NOT NULL, plates_kg json NOT NULL,
    db_max_kg double precision NOT NULL);
CREATE TABLE plans (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), domain varchar(20) NOT NULL,
    goal text NOT NULL, status varchar(16) NOT NULL);
CREATE INDEX ix_plans_user_id ON plans (user_id);
CREATE TABLE plan_revisions (
    id varchar(32) PRIMARY KEY, plan_id varchar(32) NOT NULL REFERENCES plans(id), num integer NOT NULL,
    status varchar(16) NOT NULL, content json NOT NULL, rationale text NOT NULL, created_at timestamptz NOT NULL);
CREATE INDEX ix_plan_revisions_plan_id ON plan_revisions (plan_id);
CREATE TABLE planned_items (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), date date NOT NULL,
    kind varchar(16) NOT NULL, title varchar(120) NOT NULL, notes text NOT NULL, plan_day varchar(1),
    created_at timestamptz NOT NULL);
CREATE INDEX ix_planned_items_user_id ON planned_items (user_id);
CREATE INDEX ix_planned_items_date ON planned_items (date);
CREATE TABLE workout_sessions (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), day date NOT NULL,
    name varchar(80) NOT NULL, kind varchar(16) NOT NULL, status varchar(16) NOT NULL,
    started_at timestamptz NOT NULL, completed_at timestamptz, time_budget_min integer, fitted json NOT NULL,
    cooldown_status varchar(16) NOT NULL, notes text NOT NULL, favorite boolean NOT NULL, stats json NOT NULL);
CREATE INDEX ix_workout_sessions_user_id ON workout_sessions (user_id);
CREATE INDEX ix_workout_sessions_day ON workout_sessions (day);
CREATE INDEX ix_workout_sessions_favorite ON workout_sessions (favorite);
CREATE TABLE workout_series (
    id varchar(32) PRIMARY KEY, session_id varchar(32) NOT NULL REFERENCES workout_sessions(id),
    user_id varchar(32) NOT NULL REFERENCES users(id), data json NOT NULL);
CREATE UNIQUE INDEX ix_workout_series_session_id ON workout_series (session_id);
CREATE INDEX ix_workout_series_user_id ON workout_series (user_id);
CREATE TABLE logged_sets (
    id varchar(32) PRIMARY KEY, session_id varchar(32) NOT NULL REFERENCES workout_sessions(id),
    user_id varchar(32) NOT NULL REFERENCES users(id), exercise_slug varchar(60) NOT NULL,
    substituted_for varchar(60), set_no integer NOT NULL, weight double precision NOT NULL, reps integer NOT NULL,
    rpe integer, ts timestamptz NOT NULL);
CREATE INDEX ix_logged_sets_session_id ON logged_sets (session_id);
CREATE INDEX ix_logged_sets_user_id ON logged_sets (user_id);
CREATE INDEX ix_logged_sets_exercise_slug ON logged_sets (exercise_slug);
CREATE TABLE records (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id),
    exercise_slug varchar(60) NOT NULL, kind varchar(16) NOT NULL, value double precision NOT NULL,
    detail varchar(80) NOT NULL, achieved_on date NOT NULL,
    CONSTRAINT uq_record UNIQUE (user_id, exercise_slug, kind));
CREATE INDEX ix_records_user_id ON records (user_id);
CREATE TABLE niggles (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), body_part varchar(60) NOT NULL,
    severity varchar(16) NOT NULL, status varchar(16) NOT NULL, note text NOT NULL, avoid_patterns json NOT NULL,
    mobility_slug varchar(60) NOT NULL, opened_at timestamptz NOT NULL, cleared_at timestamptz);
CREATE INDEX ix_niggles_user_id ON niggles (user_id);
CREATE TABLE lab_panels (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), drawn_on date NOT NULL,
    source varchar(80) NOT NULL);
CREATE INDEX ix_lab_panels_user_id ON lab_panels (user_id);
CREATE TABLE lab_results (
    id varchar(32) PRIMARY KEY, panel_id varchar(32) NOT NULL REFERENCES lab_panels(id), marker varchar(40) NOT NULL,
    value double precision NOT NULL, unit varchar(16) NOT NULL, ref_low double precision,
    ref_high double precision);
CREATE INDEX ix_lab_results_panel_id ON lab_results (panel_id);
CREATE TABLE withings_links (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id),
    withings_user_id varchar(40) NOT NULL, access_token text NOT NULL, refresh_token text NOT NULL,
    expires_at timestamptz NOT NULL, scope varchar(120) NOT NULL, status varchar(20) NOT NULL,
    linked_at timestamptz NOT NULL, last_sync_at timestamptz);
CREATE UNIQUE INDEX ix_withings_links_user_id ON withings_links (user_id);
CREATE INDEX ix_withings_links_withings_user_id ON withings_links (withings_user_id);
CREATE TABLE push_subs (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), endpoint text NOT NULL,
    p256dh text NOT NULL, auth text NOT NULL, created_at timestamptz NOT NULL);
CREATE INDEX ix_push_subs_user_id ON push_subs (user_id);
CREATE TABLE notification_log (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), kind varchar(16) NOT NULL,
    day date NOT NULL, sent_at timestamptz NOT NULL,
    CONSTRAINT uq_notif_once UNIQUE (user_id, kind, day));
CREATE INDEX ix_notification_log_user_id ON notification_log (user_id);
CREATE TABLE agent_runs (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), kind varchar(16) NOT NULL,
    model varchar(60) NOT NULL, input_tokens integer NOT NULL, output_tokens integer NOT NULL,
    tool_calls integer NOT NULL, ok integer NOT NULL, note text NOT NULL, created_at timestamptz NOT NULL);
CREATE INDEX ix_agent_runs_user_id ON agent_runs (user_id);
CREATE TABLE chat_messages (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), who varchar(8) NOT NULL,
    text text NOT NULL, created_at timestamptz NOT NULL);
CREATE INDEX ix_chat_messages_user_id ON chat_messages (user_id);
CREATE TABLE app_settings (key varchar(40) PRIMARY KEY, value text NOT NULL, updated_at timestamptz NOT NULL);
CREATE TABLE recipes (
    id varchar(32) PRIMARY KEY, slug varchar(60) NOT NULL, name varchar(120) NOT NULL, kind varchar(16) NOT NULL,
    minutes integer NOT NULL, difficulty varchar(12) NOT NULL, serves integer NOT NULL, batch integer NOT NULL,
    kcal double precision NOT NULL, protein_g double precision NOT NULL, carbs_g double precision NOT NULL,
    sugar_g double precision NOT NULL, fiber_g double precision NOT NULL, fat_g double precision NOT NULL,
    satfat_g double precision NOT NULL, sodium_mg double precision NOT NULL, why text NOT NULL,
    steps json NOT NULL, ingredients json NOT NULL, tags json NOT NULL, platefig varchar(32) NOT NULL,
    source varchar(24) NOT NULL, source_url text NOT NULL, images json NOT NULL, rating double precision NOT NULL,
    rating_count integer NOT NULL, complete integer NOT NULL);
CREATE UNIQUE INDEX ix_recipes_slug ON recipes (slug);
CREATE TABLE ingredients (
    id varchar(32) PRIMARY KEY, name varchar(80) NOT NULL, aisle varchar(24) NOT NULL, unit varchar(8) NOT NULL,
    pack varchar(40) NOT NULL, kcal_100 double precision NOT NULL, protein_100 double precision NOT NULL,
    carbs_100 double precision NOT NULL, sugar_100 double precision NOT NULL, fiber_100 double precision NOT NULL,
    fat_100 double precision NOT NULL, satfat_100 double precision NOT NULL, sodium_100 double precision NOT NULL,
    pantry integer NOT NULL);
CREATE UNIQUE INDEX ix_ingredients_name ON ingredients (name);
CREATE TABLE meal_revisions (
    id varchar(32) PRIMARY KEY, user_id varchar(32) REFERENCES users(id), num integer NOT NULL,
    status varchar(16) NOT NULL, content json NOT NULL, rationale text NOT NULL, changes json NOT NULL,
    created_at timestamptz NOT NULL);
CREATE INDEX ix_meal_revisions_user_id ON meal_revisions (user_id);
CREATE TABLE meal_log (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), day date NOT NULL,
    slot varchar(12) NOT NULL, recipe_slug varchar(60) NOT NULL, label varchar(120) NOT NULL,
    servings double precision NOT NULL, kcal double precision NOT NULL, protein_g double precision NOT NULL,
    carbs_g double precision NOT NULL, sugar_g double precision NOT NULL, fiber_g double precision NOT NULL,
    fat_g double precision NOT NULL, satfat_g double precision NOT NULL, sodium_mg double precision NOT NULL,
    source varchar(12) NOT NULL, estimated integer NOT NULL, client_id varchar(40), venue varchar(80) NOT NULL,
    cost double precision NOT NULL, currency varchar(8) NOT NULL, note text NOT NULL, photos json NOT NULL,
    ts timestamptz NOT NULL,
    CONSTRAINT uq_meal_client UNIQUE (user_id, client_id));
CREATE INDEX ix_meal_log_user_id ON meal_log (user_id);
CREATE INDEX ix_meal_log_day ON meal_log (day);
CREATE TABLE media_blobs (
    id varchar(32) PRIMARY KEY, user_id varchar(32) REFERENCES users(id), mime varchar(40) NOT NULL,
    data bytea NOT NULL, src_url text NOT NULL, created_at timestamptz NOT NULL);
CREATE INDEX ix_media_blobs_user_id ON media_blobs (user_id);
CREATE TABLE carryovers (
    id varchar(32) PRIMARY KEY, user_id varchar(32) REFERENCES users(id), week_start date NOT NULL,
    item varchar(80) NOT NULL, qty varchar(40) NOT NULL, use_by date, status varchar(12) NOT NULL);
CREATE INDEX ix_carryovers_user_id ON carryovers (user_id);
CREATE INDEX ix_carryovers_week_start ON carryovers (week_start);
CREATE TABLE lunch_favorites (
    id varchar(32) PRIMARY KEY, user_id varchar(32) NOT NULL REFERENCES users(id), vendor varchar(20) NOT NULL,
    item varchar(120) NOT NULL, price double precision NOT NULL, kcal double precision NOT NULL,
    protein_g double precision NOT NULL, carbs_g double precision NOT NULL, sugar_g double precision NOT NULL,
    fiber_g double precision NOT NULL, fat_g double precision NOT NULL, satfat_g double precision NOT NULL,
    sodium_mg double precision NOT NULL, notes text NOT NULL, last_ordered date);
CREATE INDEX ix_lunch_favorites_user_id ON lunch_favorites (user_id);
"""


def uid():
    return "%032x" % rng.getrandbits(128)


def ts(t):
    return t.strftime("%Y-%m-%d %H:%M:%S.%f+00")


def field(v):
    """One value in COPY's text format."""
    if v is None:
        return "\\N"
    if isinstance(v, bool):
        return "t" if v else "f"
    if isinstance(v, bytes):
        return "\\\\x" + v.hex()
    if isinstance(v, datetime.datetime):
        return ts(v)
    if isinstance(v, datetime.date):
        return v.isoformat()
    if isinstance(v, (dict, list)):
        v = json.dumps(v, ensure_ascii=False)
    if isinstance(v, float):
        return repr(round(v, 4))
    s = str(v)
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


tables = {}


def add(table, **row):
    tables.setdefault(table, []).append(row)


def n(count):
    return max(1, int(count * SCALE))


def load(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return json.load(f)


library = load("Sources/ForgeTrain/Assets/exercises.json")
seeded_recipes = load("Sources/ForgeCook/Assets/recipes.json")
reference = load("Sources/ForgeCook/Assets/ingredients.json")
starter = load("Sources/ForgeTrain/Assets/starter_plan.json")
first_week = load("Sources/ForgeCook/Assets/food_week.json")

START = datetime.datetime(2021, 12, 6, tzinfo=datetime.timezone.utc)
DAYS = 5 * 365
ada, ben = uid(), uid()
members = [(ada, "ada@example.org", "Ada", "admin", "kg"), (ben, "ben@example.org", "Ben", "member", "lb")]

# members, tokens
profiles = {}
for i, (user, email, name, role, units) in enumerate(members):
    profile = uid()
    profiles[user] = profile
    add("users", id=user, email=email, name=name, role=role, units=units,
        prefs={"notify": {"morning": True, "review": i == 0}}, active_profile_id=profile,
        created_at=START + datetime.timedelta(minutes=i))
    for k in range(3):  # rotated twice
        made = START + datetime.timedelta(days=k * 500 + i)
        add("ingest_tokens", id=uid(), user_id=user, token=uid() + uid(), created_at=made,
            last_seen_at=made + datetime.timedelta(days=400), samples=rng.randint(100, 90000))
    add("equipment_profiles", id=profile, user_id=user, name="Home gym" if i == 0 else "Garage",
        items=[{"name": "barbell", "available": True}, {"name": "dumbbells", "available": True},
               {"name": "bench", "available": True}, {"name": "pull-up bar", "available": i == 0}],
        bar_kg=20.0, plates_kg=[25, 20, 15, 10, 5, 2.5, 1.25], db_max_kg=32.5 + 10 * i)
add("equipment_profiles", id=uid(), user_id=None, name="Hotel", items=[{"name": "dumbbells", "available": True}],
    bar_kg=20.0, plates_kg=[], db_max_kg=20.0)
client = uid()
add("oauth_clients", id=client, name="Claude", redirect_uris=["https://claude.ai/api/mcp/auth_callback"],
    created_at=START + datetime.timedelta(days=900))
add("oauth_codes", code=uid() + uid(), client_id=client, user_id=ada, redirect_uri="https://claude.ai/cb",
    code_challenge="x" * 43, expires_at=START + datetime.timedelta(days=DAYS))
for user, *_ in members:
    made = START + datetime.timedelta(days=1700)
    add("oauth_tokens", id=uid(), user_id=user, client_id=client, access_token=uid() + uid(),
        refresh_token=uid() + uid(), access_expires_at=made + datetime.timedelta(days=3650),
        refresh_expires_at=made + datetime.timedelta(days=3650), created_at=made,
        last_used_at=made + datetime.timedelta(days=20))
add("app_settings", key="coach_model", value="claude-sonnet-4-5", updated_at=START + datetime.timedelta(days=30))
add("app_settings", key="anthropic_api_key", value="sk-ant-bench-" + uid(), updated_at=START)

# metrics: about 10,000 (5,000 per member)
metric_kinds = [("weight", "kg", 0.20), ("resting_hr", "bpm", 0.30), ("sleep_h", "h", 0.30), ("steps", "count", 0.20)]
for user, *_ in members:
    base = {"weight": rng.uniform(62, 88), "resting_hr": rng.uniform(50, 62)}
    for kind, unit, share in metric_kinds:
        days = sorted(rng.sample(range(DAYS), n(5000 * share)))
        for d in days:
            when = START + datetime.timedelta(days=d, hours=6, minutes=rng.randint(0, 90))
            value = {
                "weight": base["weight"] + 3 * rng.uniform(-1, 1),
                "resting_hr": base["resting_hr"] + rng.uniform(-5, 5),
                "sleep_h": rng.uniform(5.5, 8.9),
                "steps": float(rng.randint(2000, 18000)),
            }[kind]
            add("metrics", id=uid(), user_id=user, type=kind, value=value, unit=unit, ts=when, source="hae")

# exercises: the original's library as it has it (merged by slug) and three of the household's own
for e in library:
    add("exercises", id=uid(), slug=e["slug"], name=e["name"], kind=e["kind"],
        primary_muscles=e.get("primary_muscles", []), secondary_muscles=e.get("secondary_muscles", []),
        equipment=e.get("equipment", []), patterns=e.get("patterns", []), cues=e.get("cues", []),
        dont=e.get("dont", ""), media_tier="images", media_url="", benefit=e.get("benefit", ""))
custom = ["trap-bar-deadlift", "zercher-squat", "pendlay-row"]
for slug in custom:
    add("exercises", id=uid(), slug=slug, name=slug.replace("-", " ").title(), kind="bb",
        primary_muscles=["back"], secondary_muscles=[], equipment=["barbell"], patterns=["hinge"],
        cues=["Brace first."], dont="", media_tier="wanted", media_url="", benefit="The household's own.")
lifts = [e["slug"] for e in library if e["kind"] in ("bb", "db", "machine")] + custom

# plans: three per member over the years, ten revisions each
for user, *_ in members:
    for p in range(3):
        plan = uid()
        add("plans", id=plan, user_id=user, domain="training", goal=starter["goal"],
            status="active" if p == 2 else "archived")
        for r in range(10):
            made = START + datetime.timedelta(days=p * 600 + r * 50)
            add("plan_revisions", id=uid(), plan_id=plan, num=r + 1,
                status="active" if (p == 2 and r == 9) else "superseded",
                content={"days": starter["days"]}, rationale=starter["rationale"], created_at=made)
    for k in range(n(60)):
        d = (START + datetime.timedelta(days=rng.randrange(DAYS))).date()
        add("planned_items", id=uid(), user_id=user, date=d, kind=rng.choice(["workout", "meal"]),
            title="Pencilled in", notes="", plan_day=str(d.weekday()), created_at=START)

# sessions: about 1,000 (10 % cardio with traces), 30,000 sets
session_days = sorted(rng.sample(range(DAYS), n(1000) // 2 + n(1000) % 2))
n_sets = 0
want_sets = n(30000)
strength_sessions = []
for user, *_ in members:
    for d in session_days[: n(1000) // 2]:
        started = START + datetime.timedelta(days=d, hours=17, minutes=rng.randint(0, 59))
        sid = uid()
        cardio = rng.random() < 0.1
        stats = ({"duration_s": 1800 + rng.randint(0, 1800), "distance_km": round(rng.uniform(4, 12), 2),
                  "avg_hr": 140, "max_hr": 171, "kcal": 420} if cardio else
                 {"duration_s": 3600 + rng.randint(0, 1200), "tonnage": 0})
        add("workout_sessions", id=sid, user_id=user, day=started.date(), name="Easy run" if cardio else "Full body",
            kind="cardio" if cardio else "strength", status="completed", started_at=started,
            completed_at=started + datetime.timedelta(seconds=stats["duration_s"]), time_budget_min=60,
            fitted={} if cardio else {"targets": [{"slug": s, "sets": 3} for s in rng.sample(lifts, 3)]},
            cooldown_status=rng.choice(["done", "partial", "skipped", ""]), notes="", favorite=rng.random() < 0.02,
            stats=stats)
        if cardio:
            hr = [[t * 10, 120 + rng.randint(0, 50)] for t in range(180)]
            route = [[51.5 + t * 1e-4, -0.12 + t * 1e-4] for t in range(180)]
            add("workout_series", id=uid(), session_id=sid, user_id=user, data={"hr": hr, "route": route})
        else:
            strength_sessions.append((sid, user, started))
per_session = want_sets / max(1, len(strength_sessions))
carry = 0.0
for sid, user, started in strength_sessions:
    carry += per_session
    count, carry = int(carry), carry - int(carry)
    chosen = rng.sample(lifts, max(1, (count + 5) // 6))
    for k in range(count):
        slug = chosen[k % len(chosen)]
        add("logged_sets", id=uid(), session_id=sid, user_id=user, exercise_slug=slug, substituted_for=None,
            set_no=k // len(chosen) + 1, weight=float(rng.randint(8, 60)) * 2.5, reps=rng.randint(3, 12),
            rpe=rng.choice([None, 7, 8, 9]), ts=started + datetime.timedelta(minutes=2 * k))
for user, *_ in members:
    for slug in lifts[:30]:
        for kind in ("e1rm", "best_set"):
            add("records", id=uid(), user_id=user, exercise_slug=slug, kind=kind, value=100.0,
                detail="100 kg x 1", achieved_on=(START + datetime.timedelta(days=900)).date())

# niggles, labs
for user, *_ in members:
    for k in range(6):
        opened = START + datetime.timedelta(days=rng.randrange(DAYS))
        add("niggles", id=uid(), user_id=user, body_part=rng.choice(["knee", "lower back", "shoulder"]),
            severity="mild", status="cleared" if k < 5 else "active", note="", avoid_patterns=["deep_knee_flexion"],
            mobility_slug="", opened_at=opened, cleared_at=opened + datetime.timedelta(days=20) if k < 5 else None)
    for k in range(10):
        panel = uid()
        add("lab_panels", id=panel, user_id=user, drawn_on=(START + datetime.timedelta(days=k * 180)).date(),
            source="manual")
        for marker, unit, low, high in [("ldl", "mmol/L", 0.0, 3.0), ("hdl", "mmol/L", 1.0, None),
                                        ("hba1c", "mmol/mol", 20.0, 42.0), ("ferritin", "ug/L", 30.0, 400.0)]:
            add("lab_results", id=uid(), panel_id=panel, marker=marker, value=rng.uniform(1, 40), unit=unit,
                ref_low=low, ref_high=high)

# coach
for user, *_ in members:
    for k in range(n(300)):
        made = START + datetime.timedelta(days=k * DAYS / n(300), hours=20)
        add("chat_messages", id=uid(), user_id=user, who="me" if k % 2 == 0 else "coach",
            text="How did this week go?\tAll good." if k % 2 == 0 else "Steady week: keep the squat at 5x5.",
            created_at=made)
    for k in range(n(100)):
        add("agent_runs", id=uid(), user_id=user, kind=rng.choice(["chat", "review"]), model="claude-sonnet-4-5",
            input_tokens=rng.randint(1000, 9000), output_tokens=rng.randint(100, 900), tool_calls=rng.randint(0, 5),
            ok=1, note="", created_at=START + datetime.timedelta(days=k * 18))

# food: 300 recipes (the original's seeded ones as it has them, the rest the household's own)
photos = []
for k in range(n(30)):
    mid = uid()
    photos.append(mid)
    add("media_blobs", id=mid, user_id=None if k % 2 else ada, mime="image/jpeg",
        data=b"\xff\xd8\xff\xe0" + rng.randbytes(40000) + b"\xff\xd9", src_url="",
        created_at=START + datetime.timedelta(days=k * 50))
recipes = []
for r in seeded_recipes:
    m = r.get("macros", {})
    add("recipes", id=uid(), slug=r["slug"], name=r["name"], kind=r["kind"], minutes=r["minutes"],
        difficulty=r["difficulty"], serves=r["serves"], batch=r.get("batch", 0),
        **{k: float(m.get(k, r.get(k, 0))) for k in
           ("kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g", "sodium_mg")},
        why=r.get("why", ""), steps=r.get("steps", []), ingredients=r.get("ingredients", []), tags=r.get("tags", []),
        platefig=r.get("platefig", "plate"), source="seed", source_url="", images=[], rating=0.0, rating_count=0,
        complete=1)
    recipes.append(r["slug"])
names = [i["name"] for i in reference]
while len(recipes) < n(300):
    slug = "household-dish-%03d" % len(recipes)
    kind = rng.choice(["dinner", "dinner", "breakfast", "lunch", "snack"])
    ingredients = [{"name": x, "qty": rng.randint(1, 400), "unit": "g", "disp": "some"} for x in rng.sample(names, 7)]
    steps = [{"title": "Step %d" % s, "minutes": 5, "detail": "Cook until done; stir now and then.", "timer": 0,
              "parallel": False} for s in range(5)]
    add("recipes", id=uid(), slug=slug, name="Household dish %d" % len(recipes), kind=kind,
        minutes=rng.randint(10, 70), difficulty=rng.choice(["easy", "medium"]), serves=rng.choice([2, 4]), batch=0,
        kcal=rng.uniform(250, 750), protein_g=rng.uniform(10, 50), carbs_g=rng.uniform(20, 90),
        sugar_g=rng.uniform(2, 20), fiber_g=rng.uniform(2, 15), fat_g=rng.uniform(5, 35), satfat_g=rng.uniform(1, 10),
        sodium_mg=rng.uniform(100, 1500), why="A weeknight standby.", steps=steps, ingredients=ingredients,
        tags=["household"], platefig="plate", source="import", source_url="https://example.org/r/%d" % len(recipes),
        images=["/api/food/media/" + rng.choice(photos)], rating=4.5, rating_count=12, complete=1)
    recipes.append(slug)
for i in reference:
    add("ingredients", id=uid(), name=i["name"], aisle=i["aisle"], unit=i["unit"], pack=i.get("pack", ""),
        **{k: float(i.get(k, 0)) for k in ("kcal_100", "protein_100", "carbs_100", "sugar_100", "fiber_100",
                                            "fat_100", "satfat_100", "sodium_100")}, pantry=int(bool(i["pantry"])))
for k in range(20):
    add("ingredients", id=uid(), name="household staple %d" % k, aisle="cupboard", unit="g", pack="500 g",
        kcal_100=350.0, protein_100=10.0, carbs_100=70.0, sugar_100=3.0, fiber_100=5.0, fat_100=2.0,
        satfat_100=0.5, sodium_100=10.0, pantry=0)
weeks = DAYS // 7
for w in range(weeks):
    add("meal_revisions", id=uid(), user_id=None, num=w + 1, status="active" if w == weeks - 1 else "superseded",
        content=first_week["content"], rationale=first_week["rationale"],
        changes=[{"sign": "+", "what": "a new dinner", "why": "variety"}],
        created_at=START + datetime.timedelta(days=7 * w))
per_member = n(10000) // 2
for user, *_ in members:
    days = sorted(rng.randrange(DAYS) for _ in range(per_member))
    for k, d in enumerate(days):
        slot = ["breakfast", "lunch", "dinner", "snack"][k % 4]
        eaten_out = rng.random() < 0.1
        slug = "" if eaten_out else rng.choice(recipes)
        servings = rng.choice([1.0, 1.0, 1.5, 2.0])
        add("meal_log", id=uid(), user_id=user, day=(START + datetime.timedelta(days=d)).date(), slot=slot,
            recipe_slug=slug, label="Lunch out" if eaten_out else "", servings=servings,
            kcal=500 * servings, protein_g=30 * servings, carbs_g=55 * servings, sugar_g=8 * servings,
            fiber_g=7 * servings, fat_g=15 * servings, satfat_g=4 * servings, sodium_mg=600 * servings,
            source="order" if eaten_out else "plan", estimated=int(eaten_out),
            client_id=uid() if rng.random() < 0.5 else None, venue="Pret" if eaten_out else "",
            cost=7.5 if eaten_out else 0.0, currency="GBP" if eaten_out else "", note="",
            photos=["/api/food/media/" + rng.choice(photos)] if rng.random() < 0.01 else [],
            ts=START + datetime.timedelta(days=d, hours=8 + 4 * (k % 4)))

# what forged does not serve
add("withings_links", id=uid(), user_id=ada, withings_user_id="1234567", access_token="w" * 40,
    refresh_token="r" * 40, expires_at=START, scope="user.metrics", status="ok", linked_at=START, last_sync_at=START)
for user, *_ in members:
    add("push_subs", id=uid(), user_id=user, endpoint="https://push.example.org/" + uid(), p256dh="p" * 87,
        auth="a" * 22, created_at=START)
    for d in range(0, DAYS, 3):
        add("notification_log", id=uid(), user_id=user, kind="morning",
            day=(START + datetime.timedelta(days=d)).date(), sent_at=START + datetime.timedelta(days=d, hours=7))
    add("lunch_favorites", id=uid(), user_id=user, vendor="other", item="Falafel wrap", price=6.5, kcal=520.0,
        protein_g=18.0, carbs_g=60.0, sugar_g=6.0, fiber_g=9.0, fat_g=20.0, satfat_g=3.0, sodium_mg=900.0,
        notes="", last_ordered=None)
for w in range(0, weeks, 10):
    add("carryovers", id=uid(), user_id=None, week_start=(START + datetime.timedelta(days=7 * w)).date(),
        item="spinach", qty="half a bag", use_by=None, status="open")

# Parents first, so the foreign keys hold while COPY loads.
order = ["users", "ingest_tokens", "oauth_clients", "oauth_codes", "oauth_tokens", "app_settings", "metrics",
         "exercises", "equipment_profiles", "plans", "plan_revisions", "planned_items", "workout_sessions",
         "workout_series", "logged_sets", "records", "niggles", "lab_panels", "lab_results", "chat_messages",
         "agent_runs", "media_blobs", "recipes", "ingredients", "meal_revisions", "meal_log", "withings_links",
         "push_subs", "notification_log", "lunch_favorites", "carryovers"]
assert set(order) == set(tables), set(tables) ^ set(order)
with open(OUT, "w", encoding="utf-8") as f:
    f.write("SET client_encoding = 'UTF8';\n" + SCHEMA + "\n")
    for name in order:
        rows = tables[name]
        columns = list(rows[0].keys())
        f.write("COPY %s (%s) FROM stdin;\n" % (name, ", ".join(columns)))
        for row in rows:
            f.write("\t".join(field(row[c]) for c in columns) + "\n")
        f.write("\\.\n\n")
counts = {k: len(v) for k, v in tables.items()}
print(" ".join("%s=%d" % (k, counts[k]) for k in order), file=sys.stderr)
