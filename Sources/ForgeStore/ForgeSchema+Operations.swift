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
        // Every copy of a local backup to an off-the-box destination (issue 27): which destination
        // (as configured: a directory or rclone:REMOTE:PATH), the copy's name there (<backup>.forgebak),
        // its size and SHA-256 as sent; `ok` 1 = written, read back and the SHA-256 matched; 0 = failed
        // with `error`. Written by ForgeStore's BackupCopier only.
        m.register("0405-backup-copies") { db in
            try db.executeScript(
                """
                CREATE TABLE backup_copies (
                    id INTEGER PRIMARY KEY,
                    destination TEXT NOT NULL,
                    started_at TEXT NOT NULL,
                    finished_at TEXT NOT NULL,
                    name TEXT NOT NULL DEFAULT '',
                    bytes INTEGER NOT NULL DEFAULT 0,
                    sha256 TEXT NOT NULL DEFAULT '',
                    ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
                    error TEXT NOT NULL DEFAULT ''
                );
                CREATE INDEX backup_copies_destination ON backup_copies(destination, started_at);
                """)
        }
    }
}
