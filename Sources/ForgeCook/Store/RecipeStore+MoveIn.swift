import ForgeCore
import ForgeStore
import Foundation

/// One recipe row of the original Forge server: per-serving macros, JSON lists
/// (tags, steps, ingredients, images) as JSON text in the original's shapes,
/// which are the contract's.
package struct MovedRecipe: Sendable {
    package var slug: String
    package var name: String
    /// `dinner`, `breakfast`, `lunch` or `snack`.
    package var kind = "dinner"
    /// Time to cook, minutes.
    package var minutes = 0
    /// `easy`, `medium` or `hard`.
    package var difficulty = "easy"
    /// Servings the recipe makes (≥ 1).
    package var serves = 2
    /// Extra servings boxed for a zero-cook night.
    package var batch = 0
    package var why = ""
    package var platefig = "plate"
    package var source = "seed"
    package var sourceURL = ""
    /// The source site's rating, 0–5 (0 unrated).
    package var rating = 0.0
    package var ratingCount = 0
    /// 1 when the recipe may be proposed, 0 when parked (docs/contract.md).
    package var complete = 1
    package var tags = "[]"
    package var steps = "[]"
    package var ingredients = "[]"
    package var images = "[]"
    /// Per serving.
    package var macros = Macros.zero

    package init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}

extension RecipeStore {
    /// What ``mergeMovedIn(_:now:in:)`` did.
    package enum MoveInMerge: Sendable, Equatable {
        /// A recipe the library did not have.
        case inserted
        /// The library's recipe of the same slug differed (the household's edit): replaced by the household's.
        case replaced
        /// The library's recipe of the same slug says the same: forged's row is kept as it is.
        case same
    }

    /// Merges a recipe of the original Forge server into the library by slug
    /// (`forged import forge-server`): inserted when the library lacks the slug;
    /// when it has it, what a member sees (name, kind, times, servings, why, tags,
    /// steps, ingredients, images, macros) is compared: the same keeps forged's row;
    /// a difference (the household's edit of a seeded recipe) replaces the stored
    /// content with the household's.
    @discardableResult
    package static func mergeMovedIn(_ r: MovedRecipe, now: Date, in db: Connection) throws -> MoveInMerge {
        let stored = try db.queryOne("SELECT * FROM recipes WHERE slug = ?", [r.slug])
        if let stored, try sameAsStored(r, stored) { return .same }
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
                m.kcal, m.proteinG, m.carbsG, m.sugarG, m.fiberG, m.fatG, m.satfatG, m.sodiumMg,
                Instant.storage(now), Instant.storage(now),
            ])
        return stored == nil ? .inserted : .replaced
    }

    /// True when the stored row says what `r` says (JSON compared as values, numbers to 1e-6).
    static func sameAsStored(_ r: MovedRecipe, _ row: Row) throws -> Bool {
        func json(_ text: String) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }
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
            guard let a = json(try row.get(column)), let b = json(value), a == b else { return false }
        }
        for (column, value) in zip(Macros.keys, r.macros.values) where !close(try row.get(column) as Double, value) {
            return false
        }
        return true
    }
}
