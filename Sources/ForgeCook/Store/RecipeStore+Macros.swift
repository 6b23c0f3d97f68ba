import ForgeCore
import ForgeStore
import Foundation

extension RecipeStore {
    /// Writes `recipe`'s lines, macros, `macros_source` and `complete` over the stored row (the recompute
    /// after an upgrade, a member's fix of a line).
    /// - Throws: `DatabaseError`.
    package static func updateMacros(_ recipe: Recipe, in db: Connection) throws {
        let m = recipe.macros
        try db.execute(
            """
            UPDATE recipes SET ingredients = ?, kcal = ?, protein_g = ?, carbs_g = ?, sugar_g = ?, fiber_g = ?,
              fat_g = ?, satfat_g = ?, sodium_mg = ?, macros_source = ?, complete = ? WHERE slug = ?
            """,
            [
                try JSONColumn.text(recipe.ingredients), m.kcal, m.proteinG, m.carbsG, m.sugarG, m.fiberG, m.fatG,
                m.satfatG, m.sodiumMg, recipe.macrosSource, recipe.complete, recipe.slug,
            ])
    }
}

extension RecipeStore {
    /// Writes `recipe`'s steps over the stored row (the recompute after an upgrade giving imported steps the
    /// time their text states).
    /// - Throws: `DatabaseError`.
    package static func updateSteps(_ recipe: Recipe, in db: Connection) throws {
        try db.execute(
            "UPDATE recipes SET steps = ? WHERE slug = ?", [try JSONColumn.text(recipe.steps), recipe.slug])
    }

    /// The `source` of the recipe `slug` (`seed`, an import label), or nil when there is none.
    /// - Throws: `DatabaseError`.
    package static func source(of slug: String, in db: Connection) throws -> String? {
        try db.scalar("SELECT source FROM recipes WHERE slug = ?", [slug])
    }

    /// The recipes ``RecipeRecompute`` reads again: imported (not seed), macros not the recipe's own, and
    /// computed or parked, but not `""` with kcal above 0; by slug.
    /// - Throws: `DatabaseError`.
    package static func recomputeCandidates(in db: Connection) throws -> [Recipe] {
        try db.query(
            """
            SELECT * FROM recipes WHERE source <> 'seed' AND macros_source <> 'recipe'
              AND (macros_source = 'computed' OR complete = 0) AND NOT (macros_source = '' AND kcal > 0)
            ORDER BY slug
            """
        ).map(recipe)
    }
}
