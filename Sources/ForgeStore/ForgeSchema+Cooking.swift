extension ForgeSchema {
    /// Migrations 0600–0699: cook timers, cook sessions, paired kitchen displays
    /// the notice ledger (proposal ready, planned-day reminder) and web push
    /// subscriptions.
    static func registerCooking(_ m: inout Migrator) {
        // Deadlines are absolute UTC instants (`ends_at`), so a restart loses
        // nothing; a paused timer keeps its remaining milliseconds instead.
        m.register("0600-cook-timers") { db in
            try db.executeScript(
                """
                CREATE TABLE cook_timers (
                    id TEXT PRIMARY KEY,
                    scope TEXT NOT NULL,
                    label TEXT NOT NULL,
                    seconds INTEGER NOT NULL,
                    recipe_slug TEXT,
                    step INTEGER,
                    background INTEGER NOT NULL DEFAULT 0,
                    state TEXT NOT NULL,
                    ends_at TEXT,
                    remaining_ms INTEGER,
                    fired_at TEXT,
                    late_by_ms INTEGER,
                    created_by TEXT NOT NULL DEFAULT '',
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                CREATE INDEX cook_timers_scope_state ON cook_timers(scope, state);
                CREATE INDEX cook_timers_pending ON cook_timers(state, ends_at);
                """)
        }
        m.register("0601-cook-sessions") { db in
            try db.executeScript(
                """
                CREATE TABLE cook_sessions (
                    id TEXT PRIMARY KEY,
                    scope TEXT NOT NULL,
                    recipe_slug TEXT NOT NULL,
                    step INTEGER NOT NULL DEFAULT 0,
                    state TEXT NOT NULL DEFAULT 'active',
                    started_by TEXT NOT NULL DEFAULT '',
                    started_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    finished_at TEXT,
                    meal_log_id TEXT
                );
                CREATE INDEX cook_sessions_scope_state ON cook_sessions(scope, state);
                """)
        }
        m.register("0602-kitchen-displays") { db in
            try db.executeScript(
                """
                CREATE TABLE kitchen_displays (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    scope TEXT NOT NULL DEFAULT 'household',
                    code_hash TEXT,
                    code_expires_at TEXT,
                    token_hash TEXT UNIQUE,
                    created_at TEXT NOT NULL,
                    paired_at TEXT,
                    last_seen_at TEXT,
                    revoked_at TEXT
                );
                """)
        }
        // At-most-once ledger of the two non-timer notices (docs/contract.md §4.27 on the
        // event socket): a row is written when a notice becomes due and
        // `sent_at` is stamped before it is published, so a restart never
        // repeats one. `outcome`: sent, muted (prefs) or stale (already decided).
        m.register("0603-notices") { db in
            try db.executeScript(
                """
                CREATE TABLE notices (
                    id INTEGER PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    key TEXT NOT NULL,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    sent_at TEXT,
                    outcome TEXT,
                    UNIQUE (user_id, kind, key)
                );
                CREATE INDEX notices_unsent ON notices(sent_at);
                """)
        }
        // Web push subscriptions (docs/contract.md §3.19): stored as clients expect, never sent to.
        m.register("0604-push-subscriptions") { db in
            try db.executeScript(
                """
                CREATE TABLE push_subscriptions (
                    id INTEGER PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    endpoint TEXT NOT NULL,
                    p256dh TEXT NOT NULL DEFAULT '',
                    auth TEXT NOT NULL DEFAULT '',
                    created_at TEXT NOT NULL,
                    UNIQUE (user_id, endpoint)
                );
                """)
        }
    }
}
