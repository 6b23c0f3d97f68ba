import ForgeCore
import ForgeStore
import Foundation

/// The write paths of `forged import forge-server` for food: the original
/// Forge server's recipes (merged by slug), ingredients, food weeks, meal log
/// and media, carried with their ids where forged keeps ids. JSON columns
/// arrive as JSON text in the original's shapes, which are the contract's.
/// Each runs in the caller's transaction.
package enum FoodMoveIn {
    /// One recipe row of the original (per-serving macros, JSON lists as text).
    package struct MovedRecipe: Sendable {
        package var slug = ""
        package var name = ""
        package var kind = "dinner"
        package var minutes = 0
        package var difficulty = "easy"
        package var serves = 2
        package var batch = 0
        package var why = ""
        package var platefig = "plate"
        package var source = "seed"
        package var sourceURL = ""
        package var rating = 0.0
        package var ratingCount = 0
        package var complete = 1
        package var tags = "[]"
        package var steps = "[]"
        package var ingredients = "[]"
        package var images = "[]"
        /// kcal, protein_g, carbs_g, sugar_g, fiber_g, fat_g, satfat_g, sodium_mg.
        package var macros: [Double] = Array(repeating: 0, count: 8)

        package init() {}
    }

    /// What ``recipe(_:now:in:)`` did.
    package enum RecipeMerge: Sendable, Equatable {
        /// A recipe the library did not have.
        case inserted
        /// The library's recipe of the same slug differed (the household's edit): replaced by the household's.
        case replaced
        /// The library's recipe of the same slug says the same: forged's row is kept as it is.
        case same
    }

    /// Inserts the recipe, or, when the library has its slug, compares what a
    /// member sees (name, kind, times, servings, why, tags, steps, ingredients,
    /// images, macros): the same is kept as forged's; a difference (the
    /// household's edit of a seeded recipe) replaces the stored content with the household's.
    @discardableResult
    package static func recipe(_ r: MovedRecipe, now: Date, in db: Connection) throws -> RecipeMerge {
        if let stored = try db.queryOne("SELECT * FROM recipes WHERE slug = ?", [r.slug]) {
            if try same(r, stored) { return .same }
        }
        let existed = try db.queryOne("SELECT slug FROM recipes WHERE slug = ?", [r.slug]) != nil
        let m = r.macros
        try db.execute(
            """
            INSERT INTO recipes (slug, name, kind, minutes, difficulty, serves, batch, why, platefig, source,
              source_url, rating, rating_count, complete, tags, steps, ingredients, images,
              kcal, protein_g, carbs_g, sugar_g, fiber_g, fat_g, satfat_g, sodium_mg, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (slug) DO UPDATE SET name = excluded.name, kind = excluded.kind, minutes = excluded.minutes,
              difficulty = excluded.difficulty, serves = excluded.serves, batch = excluded.batch, why = excluded.why,
              platefig = excluded.platefig, source = excluded.source, source_url = excluded.source_url,
              rating = excluded.rating, rating_count = excluded.rating_count, complete = excluded.complete,
              tags = excluded.tags, steps = excluded.steps, ingredients = excluded.ingredients,
              images = excluded.images, kcal = excluded.kcal, protein_g = excluded.protein_g,
              carbs_g = excluded.carbs_g, sugar_g = excluded.sugar_g, fiber_g = excluded.fiber_g,
              fat_g = excluded.fat_g, satfat_g = excluded.satfat_g, sodium_mg = excluded.sodium_mg,
              updated_at = excluded.updated_at
            """,
            [
                r.slug, r.name, r.kind, r.minutes, r.difficulty, r.serves, r.batch, r.why, r.platefig, r.source,
                r.sourceURL, r.rating, r.ratingCount, r.complete, r.tags, r.steps, r.ingredients, r.images,
                m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], Instant.storage(now), Instant.storage(now),
            ])
        return existed ? .replaced : .inserted
    }

    /// True when the stored row says what `r` says (JSON compared as values, numbers to 1e-6).
    static func same(_ r: MovedRecipe, _ row: Row) throws -> Bool {
        func json(_ text: String) -> NSObject? {
            (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) as? NSObject
        }
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
        let texts: [(String, String)] = [
            ("name", r.name), ("kind", r.kind), ("difficulty", r.difficulty), ("why", r.why),
        ]
        for (column, value) in texts where (try row.get(column) as String) != value { return false }
        let ints: [(String, Int)] = [("minutes", r.minutes), ("serves", r.serves), ("batch", r.batch)]
        for (column, value) in ints where (try row.get(column) as Int) != value { return false }
        for (column, value) in [
            ("tags", r.tags), ("steps", r.steps), ("ingredients", r.ingredients), ("images", r.images),
        ] {
            guard let a = json(try row.get(column)), let b = json(value), a.isEqual(b) else { return false }
        }
        let columns = ["kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g", "sodium_mg"]
        for (column, value) in zip(columns, r.macros) where !close(try row.get(column) as Double, value) {
            return false
        }
        return true
    }

    /// An ingredient the reference lacks (per 100 g/ml, or per item for unit `x`).
    /// - Returns: false when the reference has the name (forged's reference is kept: its values were checked).
    package static func ingredient(
        name: String, aisle: String, unit: String, pack: String, per100: [Double], pantry: Bool, in db: Connection
    ) throws -> Bool {
        try db.execute(
            """
            INSERT INTO ingredients (name, aisle, unit, pack, kcal_100, protein_100, carbs_100, sugar_100, fiber_100,
                                     fat_100, satfat_100, sodium_100, pantry)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (name) DO NOTHING
            """,
            [
                name, aisle, unit, pack, per100[0], per100[1], per100[2], per100[3], per100[4], per100[5], per100[6],
                per100[7], pantry ? 1 : 0,
            ])
        return db.changes > 0
    }

    /// Removes every food-week revision of `scope` (forged's first-start week, replaced by the household's).
    /// - Returns: how many were removed.
    package static func deleteRevisions(scope: String, in db: Connection) throws -> Int {
        try db.execute("DELETE FROM food_revisions WHERE scope = ?", [scope])
        return db.changes
    }

    /// A food-week revision of `scope` (``FoodWeekStore/household`` or a seat's id).
    package static func revision(
        id: String, scope: String, num: Int, status: String, rationale: String, content: String, changes: String,
        createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO food_revisions (id, scope, num, status, rationale, content, changes, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, scope, num, status, rationale, content, changes, Instant.storage(createdAt)])
    }

    /// One meal-log row as the original stored it (macros are the totals for `servings`, in
    /// the order of ``MovedRecipe/macros``).
    package struct MovedMeal: Sendable {
        package var id = ""
        package var userID = ""
        package var day = ""
        package var slot = ""
        package var recipe: String?
        package var label = ""
        package var servings = 1.0
        package var macros: [Double] = Array(repeating: 0, count: 8)
        package var estimated = false
        package var source = "plan"
        package var clientID: String?
        package var venue = ""
        package var cost = 0.0
        package var currency = ""
        package var note = ""
        package var photos = "[]"
        package var loggedAt = Date()

        package init() {}
    }

    /// A meal-log row with its id.
    package static func meal(_ m: MovedMeal, in db: Connection) throws {
        let x = m.macros
        try db.execute(
            """
            INSERT INTO meal_logs (id, user_id, day, slot, recipe, label, servings, kcal, protein_g, carbs_g, sugar_g,
              fiber_g, fat_g, satfat_g, sodium_mg, estimated, source, client_id, venue, cost, currency, note, photos,
              created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                m.id, m.userID, m.day, m.slot, m.recipe, m.label, m.servings, x[0], x[1], x[2], x[3], x[4], x[5],
                x[6], x[7], m.estimated ? 1 : 0, m.source, m.clientID, m.venue, m.cost, m.currency, m.note, m.photos,
                Instant.storage(m.loggedAt),
            ])
    }

    /// A media blob with its id (`/api/food/media/{id}` links keep working);
    /// `ownerID` nil is household-visible.
    package static func media(
        id: String, ownerID: String?, contentType: String, bytes: [UInt8], sourceURL: String, createdAt: Date,
        in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO media (id, owner_id, content_type, size, bytes, source_url, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [id, ownerID, contentType, bytes.count, Data(bytes), sourceURL, Instant.storage(createdAt)])
    }
}
