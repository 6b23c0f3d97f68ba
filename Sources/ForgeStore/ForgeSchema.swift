import Foundation

/// forged's database schema as numbered, append-only migrations. A migration
/// never edits an earlier one; each runs in one immediate transaction and is
/// recorded in `schema_migrations`.
///
/// Conventions: ids are 32-hex text; instants are ISO 8601 UTC text
/// (`2026-07-20T09:15:27.104Z`); dates are `YYYY-MM-DD` text; JSON documents
/// are text; canonical units only (kg, kcal, g, mg, seconds). Every
/// user-owned row carries `user_id` with `ON DELETE CASCADE`.
package enum ForgeSchema {
    /// The migrator with every migration this binary knows, in order.
    package static func migrator() -> Migrator {
        var m = Migrator()
        m.register("0001-users-and-auth") { db in
            try db.executeScript(
                """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY,
                    email TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    role TEXT NOT NULL CHECK (role IN ('admin', 'member', 'demo')),
                    units TEXT NOT NULL DEFAULT 'kg',
                    prefs TEXT NOT NULL DEFAULT '{}',
                    password_hash TEXT,
                    active_profile_id TEXT,
                    created_at TEXT NOT NULL
                );
                CREATE TABLE auth_sessions (
                    token_hash TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    created_at TEXT NOT NULL,
                    expires_at TEXT NOT NULL
                );
                CREATE INDEX auth_sessions_user ON auth_sessions(user_id);
                CREATE TABLE ingest_tokens (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    token TEXT NOT NULL UNIQUE,
                    samples INTEGER NOT NULL DEFAULT 0,
                    last_push TEXT,
                    created_at TEXT NOT NULL
                );
                """)
        }
        m.register("0002-training") { db in
            try db.executeScript(
                """
                CREATE TABLE exercises (
                    slug TEXT PRIMARY KEY,
                    seq INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    primary_muscles TEXT NOT NULL,
                    secondary_muscles TEXT NOT NULL,
                    equipment TEXT NOT NULL,
                    patterns TEXT NOT NULL,
                    cues TEXT NOT NULL,
                    dont TEXT NOT NULL,
                    benefit TEXT NOT NULL,
                    media_tier TEXT NOT NULL DEFAULT 'wanted',
                    media_url TEXT NOT NULL DEFAULT ''
                );
                CREATE TABLE equipment_profiles (
                    id TEXT PRIMARY KEY,
                    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    shared INTEGER NOT NULL DEFAULT 0,
                    bar_kg REAL NOT NULL DEFAULT 0,
                    plates_kg TEXT NOT NULL DEFAULT '[]',
                    db_max_kg REAL NOT NULL DEFAULT 0,
                    items TEXT NOT NULL DEFAULT '[]',
                    created_at TEXT NOT NULL
                );
                CREATE INDEX equipment_profiles_user ON equipment_profiles(user_id);
                CREATE TABLE plans (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
                    goal TEXT NOT NULL,
                    status TEXT NOT NULL DEFAULT 'active',
                    created_at TEXT NOT NULL
                );
                CREATE TABLE plan_revisions (
                    id TEXT PRIMARY KEY,
                    plan_id TEXT NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
                    num INTEGER NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('proposed', 'active', 'superseded')),
                    rationale TEXT NOT NULL DEFAULT '',
                    content TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    UNIQUE (plan_id, num)
                );
                CREATE TABLE niggles (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    body_part TEXT NOT NULL,
                    severity TEXT NOT NULL DEFAULT 'mild',
                    status TEXT NOT NULL DEFAULT 'active',
                    note TEXT NOT NULL DEFAULT '',
                    avoid_patterns TEXT NOT NULL DEFAULT '[]',
                    mobility_slug TEXT NOT NULL DEFAULT '',
                    opened_at TEXT,
                    cleared_at TEXT,
                    created_at TEXT NOT NULL
                );
                CREATE INDEX niggles_user ON niggles(user_id);
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    name TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('strength', 'cardio')),
                    status TEXT NOT NULL CHECK (status IN ('active', 'completed', 'unplanned')),
                    started_at TEXT NOT NULL,
                    completed_at TEXT,
                    time_budget_min INTEGER,
                    fitted TEXT NOT NULL DEFAULT '{}',
                    stats TEXT NOT NULL DEFAULT '{}',
                    notes TEXT NOT NULL DEFAULT '',
                    cooldown_status TEXT NOT NULL DEFAULT '',
                    favorite INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX sessions_user_day ON sessions(user_id, day);
                CREATE TABLE sets (
                    id TEXT PRIMARY KEY,
                    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    slug TEXT NOT NULL,
                    substituted_for TEXT,
                    set_no INTEGER NOT NULL,
                    weight REAL NOT NULL DEFAULT 0,
                    reps INTEGER NOT NULL,
                    rpe INTEGER,
                    ts TEXT NOT NULL,
                    client_id TEXT,
                    UNIQUE (user_id, client_id)
                );
                CREATE INDEX sets_session ON sets(session_id);
                CREATE INDEX sets_user_slug ON sets(user_id, slug);
                CREATE TABLE metrics (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    value REAL NOT NULL,
                    unit TEXT NOT NULL,
                    ts TEXT NOT NULL,
                    source TEXT NOT NULL,
                    UNIQUE (user_id, type, ts, source)
                );
                CREATE INDEX metrics_user_type_ts ON metrics(user_id, type, ts);
                CREATE TABLE planned_items (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    date TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('workout', 'meal')),
                    title TEXT NOT NULL,
                    notes TEXT NOT NULL DEFAULT '',
                    plan_day TEXT,
                    created_at TEXT NOT NULL
                );
                CREATE INDEX planned_items_user_date ON planned_items(user_id, date);
                """)
        }
        m.register("0003-food") { db in
            try db.executeScript(
                """
                CREATE TABLE ingredients (
                    name TEXT PRIMARY KEY,
                    aisle TEXT NOT NULL DEFAULT 'cupboard',
                    unit TEXT NOT NULL DEFAULT 'g',
                    pack TEXT NOT NULL DEFAULT '',
                    kcal_100 REAL NOT NULL DEFAULT 0,
                    protein_100 REAL NOT NULL DEFAULT 0,
                    carbs_100 REAL NOT NULL DEFAULT 0,
                    sugar_100 REAL NOT NULL DEFAULT 0,
                    fiber_100 REAL NOT NULL DEFAULT 0,
                    fat_100 REAL NOT NULL DEFAULT 0,
                    satfat_100 REAL NOT NULL DEFAULT 0,
                    sodium_100 REAL NOT NULL DEFAULT 0,
                    pantry INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE recipes (
                    slug TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('dinner', 'breakfast', 'lunch', 'snack')),
                    minutes INTEGER NOT NULL DEFAULT 0,
                    difficulty TEXT NOT NULL DEFAULT 'easy',
                    serves INTEGER NOT NULL DEFAULT 2,
                    batch INTEGER NOT NULL DEFAULT 0,
                    why TEXT NOT NULL DEFAULT '',
                    platefig TEXT NOT NULL DEFAULT 'plate',
                    source TEXT NOT NULL DEFAULT 'import',
                    source_url TEXT NOT NULL DEFAULT '',
                    rating REAL NOT NULL DEFAULT 0,
                    rating_count INTEGER NOT NULL DEFAULT 0,
                    complete INTEGER NOT NULL DEFAULT 0,
                    tags TEXT NOT NULL DEFAULT '[]',
                    steps TEXT NOT NULL DEFAULT '[]',
                    ingredients TEXT NOT NULL DEFAULT '[]',
                    images TEXT NOT NULL DEFAULT '[]',
                    kcal REAL NOT NULL DEFAULT 0,
                    protein_g REAL NOT NULL DEFAULT 0,
                    carbs_g REAL NOT NULL DEFAULT 0,
                    sugar_g REAL NOT NULL DEFAULT 0,
                    fiber_g REAL NOT NULL DEFAULT 0,
                    fat_g REAL NOT NULL DEFAULT 0,
                    satfat_g REAL NOT NULL DEFAULT 0,
                    sodium_mg REAL NOT NULL DEFAULT 0,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                CREATE TABLE food_revisions (
                    id TEXT PRIMARY KEY,
                    scope TEXT NOT NULL,
                    num INTEGER NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('proposed', 'active', 'superseded')),
                    rationale TEXT NOT NULL DEFAULT '',
                    content TEXT NOT NULL,
                    changes TEXT NOT NULL DEFAULT '[]',
                    created_at TEXT NOT NULL,
                    UNIQUE (scope, num)
                );
                CREATE TABLE meal_logs (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    slot TEXT NOT NULL,
                    recipe TEXT,
                    label TEXT NOT NULL,
                    servings REAL NOT NULL DEFAULT 1,
                    kcal REAL NOT NULL DEFAULT 0,
                    protein_g REAL NOT NULL DEFAULT 0,
                    carbs_g REAL NOT NULL DEFAULT 0,
                    sugar_g REAL NOT NULL DEFAULT 0,
                    fiber_g REAL NOT NULL DEFAULT 0,
                    fat_g REAL NOT NULL DEFAULT 0,
                    satfat_g REAL NOT NULL DEFAULT 0,
                    sodium_mg REAL NOT NULL DEFAULT 0,
                    estimated INTEGER NOT NULL DEFAULT 0,
                    source TEXT NOT NULL DEFAULT 'plan',
                    client_id TEXT,
                    venue TEXT NOT NULL DEFAULT '',
                    cost REAL NOT NULL DEFAULT 0,
                    currency TEXT NOT NULL DEFAULT '',
                    note TEXT NOT NULL DEFAULT '',
                    photos TEXT NOT NULL DEFAULT '[]',
                    created_at TEXT NOT NULL,
                    UNIQUE (user_id, client_id)
                );
                CREATE INDEX meal_logs_user_day ON meal_logs(user_id, day);
                """)
        }
        // Later areas register their own numbered migrations, each in its
        // own file (ForgeSchema+Area.swift), in this order:
        registerTraining(&m)  // 01xx: sessions, records, progress, equipment, niggles, labs
        registerFood(&m)  // 02xx: meal logs, media, proposals
        registerImport(&m)  // 03xx: recipe import, MCP, OAuth
        registerMovingIn(&m)  // 0310-0319: import ledger, imported set columns
        registerOperations(&m)  // 04xx: backups, admin settings, demo
        registerAppliance(&m)  // 05xx: systemd-facing state
        registerCoach(&m)
        registerIngest(&m)
        registerCooking(&m)  // 06xx: cook timers, cook sessions, kitchen displays
        registerLiftBestsSessionSplit(&m)  // 0802: lift_day_best's session trigger in two (after the highest)
        registerSeedMarks(&m)  // 0803: which seed assets the database was seeded from
        registerSetsRebuild(&m)  // 0804: sets without a per-row IN list or entries for NULL client ids
        registerMinuteWorkoutKeys(&m)  // 0805: workout import keys to the minute
        registerRecipeParkReason(&m)  // 0806: an import's own reason to park a recipe
        registerHouseholdIdentity(&m)  // 0807: the household's id, sealed into copies off the box
        registerPlanActivation(&m)  // 0808: when each plan revision came into force
        return m
    }
}
