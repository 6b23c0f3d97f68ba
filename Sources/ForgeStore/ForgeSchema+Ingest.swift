extension ForgeSchema {
    /// Migrations 0700–0799: health ingest and cardio traces.
    static func registerIngest(_ m: inout Migrator) {
        // Per-session HR and route traces (docs/contract.md §4.13), JSON arrays:
        // hr `[[t_seconds, bpm]…]`, route `[[lat, lon]…]`, breaks `[index…]`
        // (HR indices that start a new GPX/TCX segment). Deleting the session
        // deletes its traces. The index serves the (user, start instant)
        // idempotency lookup of ingested workouts.
        m.register("0701-cardio-traces") { db in
            try db.executeScript(
                """
                CREATE TABLE cardio_traces (
                    session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    hr TEXT NOT NULL DEFAULT '[]',
                    route TEXT NOT NULL DEFAULT '[]',
                    breaks TEXT NOT NULL DEFAULT '[]',
                    created_at TEXT NOT NULL
                );
                CREATE INDEX cardio_traces_user ON cardio_traces(user_id);
                CREATE INDEX sessions_user_kind_start ON sessions(user_id, kind, started_at);
                """)
        }
    }
}
