extension ForgeSchema {
    /// Migration 0806: `recipes.park_reason`, a reason an import gave to park a recipe whatever its lines
    /// say (a page read from marked lists, not schema.org), so a recompute or a member's fix of a line
    /// keeps it parked; `''` for none (issue 37).
    static func registerRecipeParkReason(_ m: inout Migrator) {
        m.register("0806-recipe-park-reason") { db in
            try db.executeScript("ALTER TABLE recipes ADD COLUMN park_reason TEXT NOT NULL DEFAULT '';")
        }
    }
}
