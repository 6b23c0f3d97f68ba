extension ForgeSchema {
    /// Migrations 0400–0499: backups, admin settings, the demo seat.
    static func registerOperations(_ m: inout Migrator) {
        // Every backup attempt (nightly, on demand, CLI): when, where, how big, and how it ended.
        // `file` is the backup's path (a name in the backups directory, or the --output path);
        // `ok` 1 = copied, fsynced, renamed and integrity-checked; 0 = failed with `error`.
        m.register("0401-backup-runs") { db in
            try db.executeScript(
                """
                CREATE TABLE backup_runs (
                    id INTEGER PRIMARY KEY,
                    started_at TEXT NOT NULL,
                    finished_at TEXT NOT NULL,
                    trigger TEXT NOT NULL,
                    file TEXT NOT NULL DEFAULT '',
                    bytes INTEGER NOT NULL DEFAULT 0,
                    ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
                    error TEXT NOT NULL DEFAULT ''
                );
                CREATE INDEX backup_runs_started ON backup_runs(started_at);
                """)
        }
        // App-managed settings overrides (docs/contract.md §4.25): a stored value wins over the environment.
        m.register("0402-app-settings") { db in
            try db.executeScript(
                """
                CREATE TABLE app_settings (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                """)
        }
    }
}
