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
