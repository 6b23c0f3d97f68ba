import ForgeCore
import ForgeStore
import Foundation

/// The household recipe library (docs/contract.md §4.21).
package enum RecipeStore {
    /// Inserts every curated recipe whose slug is missing; returns how many.
    @discardableResult
    package static func seedCurated(_ recipes: [Recipe], now: Date, in db: Connection) throws -> Int {
        var added = 0
        for recipe in recipes {
            try insert(recipe, orIgnore: true, now: now, in: db)
            added += db.changes
        }
        return added
    }

    /// The start's curated-recipe step (docs/contract.md §4.28): inserts every
    /// seed recipe (`recipes.json`, ``CuratedRecipes``) whose slug is missing.
    /// Decoding the recipes and computing their macros is the costly part of a
    /// start, so they are decoded only when a seed slug is missing (first start,
    /// a new seed recipe, a deleted one); the slugs themselves are read from the
    /// asset only when its bytes differ from those marked at the last full read
    /// (``SeedMarks``), else taken from the mark.
    /// - Returns: how many recipes were added.
    /// - Throws: `DatabaseError`, `SeedDataError` when the asset is missing,
    ///   `DecodingError` when it is malformed.
    @discardableResult
    package static func seedShipped(now: Date, in db: Connection) throws -> Int {
        let bytes = try CuratedRecipes.bytes()
        let digest = SeedMarks.digest(bytes)
        let marked = try SeedMarks.keys(asset: CuratedRecipes.asset, digest: digest, in: db)
        let slugs = try marked ?? CuratedRecipes.slugs()
        var added = 0
        if try !hasAll(slugs: slugs, in: db) {
            added = try seedCurated(
                CuratedRecipes.seed(reference: try IngredientStore.reference(in: db)), now: now, in: db)
        }
        if marked == nil {
            try SeedMarks.record(asset: CuratedRecipes.asset, digest: digest, keys: slugs, now: now, in: db)
        }
        return added
    }

    /// Whether a recipe is stored under every one of `slugs` (true for none).
    package static func hasAll(slugs: [String], in db: Connection) throws -> Bool {
        let wanted = Set(slugs)
        guard !wanted.isEmpty else { return true }
        let list = SQLPlaceholders.list(wanted.count)
        let stored: Int? = try db.scalar("SELECT COUNT(*) FROM recipes WHERE slug IN (\(list))", Array(wanted))
        return stored == wanted.count
    }

    static func insert(_ r: Recipe, orIgnore: Bool, now: Date, in db: Connection) throws {
        let m = r.macros
        try db.execute(
            """
            INSERT \(orIgnore ? "OR IGNORE" : "") INTO recipes (slug, name, kind, minutes, difficulty, serves, batch, why,
              platefig, source, source_url, rating, rating_count, complete, tags, steps, ingredients, images,
              kcal, protein_g, carbs_g, sugar_g, fiber_g, fat_g, satfat_g, sodium_mg, created_at, updated_at, yield,
              notes, macros_source, park_reason)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                r.slug, r.name, r.kind.rawValue, r.minutes, r.difficulty, r.serves, r.batch, r.why, r.platefig,
                r.source, r.sourceURL, r.rating, r.ratingCount, r.complete, try JSONColumn.text(r.tags),
                try JSONColumn.text(r.steps), try JSONColumn.text(r.ingredients), try JSONColumn.text(r.images),
                m.kcal, m.proteinG, m.carbsG, m.sugarG, m.fiberG, m.fatG, m.satfatG, m.sodiumMg,
                Instant.storage(now), Instant.storage(now), r.yield, r.notes, r.macrosSource, r.parkReason,
            ])
    }

    /// Every recipe ordered by name (then slug).
    package static func all(in db: Connection) throws -> [Recipe] {
        try db.query("SELECT * FROM recipes ORDER BY name, slug").map(recipe)
    }

    /// The recipe with `slug`, or nil.
    package static func find(_ slug: String, in db: Connection) throws -> Recipe? {
        try db.queryOne("SELECT * FROM recipes WHERE slug = ?", [slug]).map(recipe)
    }

    static func recipe(_ row: Row) throws -> Recipe {
        let kindText: String = try row.get("kind")
        var recipe = Recipe(
            slug: try row.get("slug"), name: try row.get("name"), kind: MealSlot(rawValue: kindText) ?? .dinner,
            minutes: try row.get("minutes"), difficulty: try row.get("difficulty"), serves: try row.get("serves"),
            batch: try row.get("batch"), why: try row.get("why"),
            steps: RecipeColumns.steps.value(for: try row.get("steps")) ?? [],
            ingredients: RecipeColumns.ingredients.value(for: try row.get("ingredients")) ?? [],
            tags: RecipeColumns.strings.value(for: try row.get("tags")) ?? [],
            platefig: try row.get("platefig"), source: try row.get("source"), sourceURL: try row.get("source_url"),
            images: RecipeColumns.strings.value(for: try row.get("images")) ?? [],
            rating: try row.get("rating"), ratingCount: try row.get("rating_count"), complete: try row.get("complete"),
            macros: Macros(
                values: try [
                    "kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g",
                    "sodium_mg",
                ].map { try row.get($0) }),
            yield: try row.get("yield"), notes: try row.get("notes"), macrosSource: try row.get("macros_source"))
        recipe.parkReason = try row.get("park_reason")
        return recipe
    }
}
