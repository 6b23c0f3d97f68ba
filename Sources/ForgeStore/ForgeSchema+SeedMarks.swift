extension ForgeSchema {
    /// Migration 0803: `seed_marks`, one row per compiled-in seed asset: the
    /// SHA-256 of the bytes the database was last seeded from in full, the
    /// keys (slugs or names, one a line) that seeding ensured, and when
    /// (``SeedMarks``). Empty at first: the next start seeds in full and marks.
    static func registerSeedMarks(_ m: inout Migrator) {
        m.register("0803-seed-marks") { db in
            try db.executeScript(
                """
                CREATE TABLE seed_marks (
                    asset TEXT PRIMARY KEY,
                    digest TEXT NOT NULL,
                    keys TEXT NOT NULL,
                    marked_at TEXT NOT NULL
                );
                """)
        }
    }
}
