extension ForgeSchema {
    /// Migrations 0100–0199: training: sessions, sets, records, progress, equipment, niggles, labs, body, prefs, plan items, export.
    static func registerTraining(_ m: inout Migrator) {
        // Records (current best per member, slug and kind, loads in kg), the
        // log of beaten records ("PRs this week"), the stored response of an
        // idempotent set for replay, and lab panels.
        m.register("0101-records-and-labs") { db in
            try db.executeScript(
                """
                ALTER TABLE sets ADD COLUMN result TEXT;
                CREATE TABLE records (
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    slug TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('e1rm', 'best_set')),
                    value REAL NOT NULL,
                    weight REAL NOT NULL,
                    reps INTEGER NOT NULL,
                    achieved_on TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    PRIMARY KEY (user_id, slug, kind)
                );
                CREATE TABLE record_events (
                    id INTEGER PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    slug TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    value REAL NOT NULL,
                    achieved_on TEXT NOT NULL,
                    session_id TEXT,
                    created_at TEXT NOT NULL
                );
                CREATE INDEX record_events_user_day ON record_events(user_id, achieved_on);
                CREATE TABLE lab_panels (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    drawn_on TEXT NOT NULL,
                    source TEXT NOT NULL DEFAULT 'manual',
                    created_at TEXT NOT NULL
                );
                CREATE INDEX lab_panels_user ON lab_panels(user_id, drawn_on);
                CREATE TABLE lab_results (
                    panel_id TEXT NOT NULL REFERENCES lab_panels(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    marker TEXT NOT NULL,
                    value REAL NOT NULL,
                    unit TEXT NOT NULL,
                    ref_low REAL,
                    ref_high REAL,
                    PRIMARY KEY (panel_id, seq)
                );
                """)
        }
        // Exercise images imported from free-exercise-db, served at
        // /media/exercises/<slug>-<idx>.jpg.
        m.register("0102-exercise-media") { db in
            try db.executeScript(
                """
                CREATE TABLE exercise_media (
                    slug TEXT NOT NULL,
                    idx INTEGER NOT NULL,
                    mime TEXT NOT NULL,
                    data BLOB NOT NULL,
                    PRIMARY KEY (slug, idx)
                );
                """)
        }
        // Issue 14: equipment described in its own unit. `bar_kg` and
        // `plates_kg` stay canonical kg (exact conversions of the profile's
        // figures); `unit` says what the plates are marked in; `dumbbells`
        // (kg, JSON `{"pairs_kg": [...]}` or `{"min_kg", "max_kg", "step_kg"}`,
        // NULL = not described) lists what the profile owns.
        m.register("0103-equipment-units") { db in
            try db.executeScript(
                """
                ALTER TABLE equipment_profiles ADD COLUMN unit TEXT NOT NULL DEFAULT 'kg' CHECK (unit IN ('kg', 'lb'));
                ALTER TABLE equipment_profiles ADD COLUMN dumbbells TEXT;
                """)
        }
        registerLiftBests(&m)  // 0104: best e1RM per lift and trained day (ForgeSchema+LiftBests)
    }
}
