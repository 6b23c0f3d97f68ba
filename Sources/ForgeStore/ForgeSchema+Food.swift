extension ForgeSchema {
    /// Migrations 0200–0299: food: meal logs, media blobs, food proposals, slot edits.
    static func registerFood(_ m: inout Migrator) {
        // Media blobs (API.md §4.23): recipe imagery (owner NULL, household-visible)
        // and meal photos (owner = the logging user, private). Bytes are immutable
        // once stored, so the id doubles as the HTTP entity tag.
        m.register("0200-media") { db in
            try db.executeScript("""
            CREATE TABLE media (
                id TEXT PRIMARY KEY,
                owner_id TEXT REFERENCES users(id) ON DELETE CASCADE,
                content_type TEXT NOT NULL,
                size INTEGER NOT NULL,
                bytes BLOB NOT NULL,
                source_url TEXT NOT NULL DEFAULT '',
                created_at TEXT NOT NULL
            );
            CREATE INDEX media_source ON media(source_url, owner_id) WHERE source_url != '';
            """)
        }
        // A rejected food proposal is marked superseded and stamped here, so it
        // stays distinguishable from a week that was once active (API.md §4.17).
        m.register("0201-food-proposal-rejected-at") { db in
            try db.executeScript("ALTER TABLE food_revisions ADD COLUMN rejected_at TEXT;")
        }
    }
}
