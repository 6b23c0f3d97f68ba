extension ForgeSchema {
    /// Migrations 0200–0299: food: meal logs, media blobs, food proposals, slot edits, shopping list.
    static func registerFood(_ m: inout Migrator) {
        // Media blobs (docs/contract.md §4.23): recipe imagery (owner NULL, household-visible)
        // and meal photos (owner = the logging user, private). Bytes are immutable
        // once stored, so the id doubles as the HTTP entity tag.
        m.register("0200-media") { db in
            try db.executeScript(
                """
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
        // stays distinguishable from a week that was once active (docs/contract.md §4.17).
        m.register("0201-food-proposal-rejected-at") { db in
            try db.executeScript("ALTER TABLE food_revisions ADD COLUMN rejected_at TEXT;")
        }
        // The week's shopping list (issue 18): which items a food scope has
        // ticked in a week (keyed by the list's stable item id, so a tick
        // survives a change to the plan) and the items added by hand. Scope
        // as food_revisions (`household`, or `user:<id>` for the demo, whose
        // rows go with the demo user). `checked_by` is a user id or
        // `display:<id>`; `qty` NULL = no quantity given.
        m.register("0202-shopping-list") { db in
            try db.executeScript(
                """
                CREATE TABLE shopping_ticks (
                    scope TEXT NOT NULL,
                    week TEXT NOT NULL,
                    item TEXT NOT NULL,
                    checked_by TEXT NOT NULL,
                    checked_at TEXT NOT NULL,
                    PRIMARY KEY (scope, week, item)
                );
                CREATE TABLE shopping_items (
                    id TEXT PRIMARY KEY,
                    scope TEXT NOT NULL,
                    week TEXT NOT NULL,
                    name TEXT NOT NULL,
                    qty REAL,
                    unit TEXT NOT NULL DEFAULT '',
                    created_by TEXT NOT NULL,
                    created_at TEXT NOT NULL
                );
                CREATE INDEX shopping_items_week ON shopping_items(scope, week);
                CREATE TRIGGER shopping_demo_gone AFTER DELETE ON users BEGIN
                    DELETE FROM shopping_ticks WHERE scope = 'user:' || OLD.id;
                    DELETE FROM shopping_items WHERE scope = 'user:' || OLD.id;
                END;
                """)
        }

        // A tick covers what was bought (issue 28): the item's quantity when
        // it was ticked, in the item's unit; NULL for older ticks and items
        // without a quantity (they cover any need).
        m.register("0203-shopping-tick-qty") { db in
            try db.executeScript("ALTER TABLE shopping_ticks ADD COLUMN qty REAL;")
        }
    }
}
