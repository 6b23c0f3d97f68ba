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
/// Each line printed on a page or in an app (`raw`) is read again, in the
/// number locale its stored reading shows ("1.250 g" read as 1250 g stays
/// 1250 g); lines written by hand, and lines a member fixed, are kept as they
/// are. Marked in `seed_marks` under ``asset`` with the SHA-256 of ``version``
/// and of the shipped food table, so it runs once per version and table.
///
/// The same run gives every recipe imported from a page or an app (one with a
/// printed line, whatever its macros) what today's readers give it
/// (``restructured(_:)``): a printed heading line ("For the pork:") becomes the
/// section of the lines under it, and a step with no time of its own takes the
/// one its text states (``StatedTime``).
package enum RecipeRecompute {
    /// The mark's asset name.
    package static let asset = "food_reference"
    /// Bumped whenever reading or weighing lines changes what a stored recipe would get; a new food table
    /// (`make food-reference`) marks anew by itself.
    package static let version = "sr28-lines-6"

    /// What a run did.
    package struct Summary: Sendable, Equatable {
        /// Recipes looked at, recipes whose lines or macros changed, and of those how many are now complete.
        package var examined = 0, changed = 0, complete = 0
        /// Imported recipes given sections or step times (``restructured(_:)``), weighed again or not.
        package var restructured = 0
    }

    /// The mark's digest: the SHA-256 of ``version`` and of the table's own SHA-256
    /// (`food_reference.sha256`, written by the generator beside the table).
    static var digest: String {
        SeedMarks.digest(Data((version + (EmbeddedAssets.text(named: "food_reference.sha256") ?? "")).utf8))
    }

    /// Runs the recompute unless this ``version`` and table already ran, inside the caller's write transaction.
    /// - Returns: nil when it had already run; else what it did.
    /// - Throws: `DatabaseError`.
    package static func afterUpgrade(now: Date, in db: Connection) throws -> Summary? {
        let digest = Self.digest
        guard try SeedMarks.keys(asset: asset, digest: digest, in: db) == nil else { return nil }
        let summary = try run(in: db)
        try SeedMarks.record(asset: asset, digest: digest, keys: [], now: now, in: db)
        return summary
    }

    /// Recomputes every recipe the rule above selects, and restructures every imported one.
    /// - Throws: `DatabaseError`.
    package static func run(in db: Connection) throws -> Summary {
        let candidates = Set(try RecipeStore.recomputeCandidates(in: db).map(\.slug))
        let imported = try RecipeStore.all(in: db).filter {
            candidates.contains($0.slug) || ($0.source != "seed" && isPrinted($0))
        }
        guard !imported.isEmpty else { return Summary() }
        let reference = try IngredientStore.reference(in: db)
        var summary = Summary()
        for recipe in imported.sorted(by: { $0.slug < $1.slug }) {
            var updated = restructured(recipe)
            if updated != recipe { summary.restructured += 1 }
            let weighed = candidates.contains(recipe.slug)
            if weighed {
                summary.examined += 1
                updated = recomputed(updated, reference: reference)
            } else if updated.ingredients != recipe.ingredients, recipe.macrosSource == "recipe" {
                // The recipe's own macros stay; whether it is complete is read again without its headings.
                updated = withMacros(updated, reference: reference)
            }
            guard updated != recipe else { continue }
            if updated.steps != recipe.steps { try RecipeStore.updateSteps(updated, in: db) }
            var lines = recipe
            lines.steps = updated.steps
            if updated != lines { try RecipeStore.updateMacros(updated, in: db) }
            if weighed {
                summary.changed += 1
                if updated.complete { summary.complete += 1 }
            }
        }
        return summary
    }

    /// Whether `recipe` came from a page or an app: it has a line as printed there (`raw`).
    static func isPrinted(_ recipe: Recipe) -> Bool { recipe.ingredients.contains { $0.raw != nil } }

    /// `recipe` as today's readers would give it, when it came from a page or an app (``isPrinted(_:)``):
    /// with no section on any line, its printed heading lines ("For the pork:", "FOR THE SAUCE") become the
    /// sections of the lines under them (``LibraryText/sections(listed:)``, the page's rule; a line a member
    /// fixed, or one with an amount or a household row, is never a heading); each step with no minutes of its own takes the one time its text states,
    /// with a timer (``RecipeStep/withStatedTime()``). Any other recipe is returned as it is.
    package static func restructured(_ recipe: Recipe) -> Recipe {
        guard isPrinted(recipe) else { return recipe }
        var out = recipe
        if !recipe.ingredients.contains(where: { $0.section != nil }) {
            // A line with an amount or a household row stays a line, whatever its capitals.
            let texts = recipe.ingredients.map { line in
                line.fixed || line.qty != nil || line.ref != nil ? "" : (line.raw ?? "")
            }
            out.ingredients = LibraryText.sections(listed: texts).map { kept in
                var line = recipe.ingredients[kept.index]
                line.section = kept.section
                return line
            }
        }
        out.steps = recipe.steps.map { $0.withStatedTime() }
        return out
    }

    /// `recipe` with its printed lines read again and its macros and completeness worked out anew.
    package static func recomputed(
        _ recipe: Recipe, reference: IngredientReference, foods: FoodReference = .usda
    ) -> Recipe {
        var out = recipe
        out.ingredients = recipe.ingredients.map { line in
            guard let raw = line.raw, !line.fixed else { return line }
            return IngredientLineMatcher.line(
                raw, section: line.section, reference: reference, foods: foods, decimalComma: decimalComma(of: line)
            ).0
        }
        return withMacros(out, reference: reference, foods: foods)
    }

    /// `recipe` with macros from its lines (unless they are the recipe's own, `macros_source` `recipe`)
    /// and `complete` by ``RecipeParking``, its stored park reason kept.
    package static func withMacros(
        _ recipe: Recipe, reference: IngredientReference, foods: FoodReference = .usda
    ) -> Recipe {
        var out = recipe
        let computation = RecipeMacros.compute(
            ingredients: out.ingredients, reference: reference, serves: out.serves, foods: foods)
        if out.macrosSource != "recipe" {
            out.macros = computation.perServing
            out.macrosSource = "computed"
        }
        out.complete =
            RecipeParking.reasons(
                lines: out.ingredients, computation: computation, difficulty: out.difficulty,
                kcal: out.macros.kcal, extra: out.parkReason.isEmpty ? nil : out.parkReason
            ).isEmpty
        return out
    }

    /// The number locale a stored line was read in, when its stored quantity tells: a decimal comma if
    /// reading `raw` with one gives the stored quantity and without one does not, and the other way round.
    static func decimalComma(of line: RecipeIngredient) -> Bool? {
        guard let raw = line.raw, let qty = line.qty else { return nil }
        let comma = IngredientLineParser.parse(raw, decimalComma: true).qty
        let point = IngredientLineParser.parse(raw, decimalComma: false).qty
        guard comma != point else { return nil }
        if comma == qty { return true }
        if point == qty { return false }
        return nil
    }
}
