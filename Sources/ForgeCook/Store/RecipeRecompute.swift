import ForgeCore
import ForgeStore
import Foundation

/// Recomputes the macros of stored imported recipes once after an upgrade
/// that changed how lines are read or weighed (the food reference,
/// ``IngredientLineMatcher``), so a library that moved in before sees its
/// recipes weighed by today's rules.
///
/// Recomputed: recipes whose `macros_source` is `computed`, or that are
/// parked. Never: seed recipes, recipes whose macros are their own
/// (`recipe`), or `""` with kcal above 0 (macros a member or an agent gave).
/// Each line printed on a page or in an app (`raw`) is read again; lines
/// written by hand are kept as they are. Marked in `seed_marks` under
/// ``asset`` with the SHA-256 of ``version``, so it runs once per version.
package enum RecipeRecompute {
    /// The mark's asset name.
    package static let asset = "food_reference"
    /// Bumped whenever reading or weighing lines changes what a stored recipe would get.
    package static let version = "sr28-lines-1"

    /// What a run did.
    package struct Summary: Sendable, Equatable {
        /// Recipes looked at, recipes whose lines or macros changed, and of those how many are now complete.
        package var examined = 0, changed = 0, complete = 0
    }

    /// Runs the recompute unless this ``version`` already ran, inside the caller's write transaction.
    /// - Returns: nil when it had already run; else what it did.
    /// - Throws: `DatabaseError`.
    package static func afterUpgrade(now: Date, in db: Connection) throws -> Summary? {
        let digest = SeedMarks.digest(Data(version.utf8))
        guard try SeedMarks.keys(asset: asset, digest: digest, in: db) == nil else { return nil }
        let summary = try run(in: db)
        try SeedMarks.record(asset: asset, digest: digest, keys: [], now: now, in: db)
        return summary
    }

    /// Recomputes every recipe the rule above selects.
    /// - Throws: `DatabaseError`.
    package static func run(in db: Connection) throws -> Summary {
        let rows = try db.query(
            """
            SELECT * FROM recipes WHERE source <> 'seed' AND macros_source <> 'recipe'
              AND (macros_source = 'computed' OR complete = 0) AND NOT (macros_source = '' AND kcal > 0)
            ORDER BY slug
            """)
        guard !rows.isEmpty else { return Summary() }
        let reference = try IngredientStore.reference(in: db)
        var summary = Summary()
        for row in rows {
            let recipe = try RecipeStore.recipe(row)
            summary.examined += 1
            let updated = recomputed(recipe, reference: reference)
            guard updated != recipe else { continue }
            try RecipeStore.updateMacros(updated, in: db)
            summary.changed += 1
            if updated.complete { summary.complete += 1 }
        }
        return summary
    }

    /// `recipe` with its printed lines read again and its macros and completeness worked out anew.
    package static func recomputed(_ recipe: Recipe, reference: IngredientReference) -> Recipe {
        var out = recipe
        out.ingredients = recipe.ingredients.map { line in
            guard let raw = line.raw else { return line }
            var read = IngredientLineMatcher.line(raw, reference: reference).0
            read.section = line.section
            return read
        }
        let computation = RecipeMacros.compute(ingredients: out.ingredients, reference: reference, serves: out.serves)
        out.macros = computation.perServing
        out.macrosSource = "computed"
        out.complete =
            RecipeParking.reasons(
                lines: out.ingredients, computation: computation, difficulty: out.difficulty,
                kcal: out.macros.kcal
            ).isEmpty
        return out
    }
}
