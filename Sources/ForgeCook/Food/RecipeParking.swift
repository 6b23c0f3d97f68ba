import ForgeCore

/// Whether a recipe is complete, and why not (docs/contract.md §4.21 as
/// forged applies it): the one rule of imports, the recompute after an
/// upgrade and a member's fix of a line.
///
/// A recipe is complete when it is not `hard`, its kcal per serving is
/// above 0, every line is weighed or negligible, and lines of foods that
/// match nothing make up under 5 % of the weighed mass
/// (``RecipeMacros/unmatchedShare``). The voice of the steps is no reason.
/// Each reason names its line: `line 3 "2 cups mystery powder": matches no
/// food`, so the import report, `parked_because` and the recipe detail say
/// what to fix.
package enum RecipeParking {
    /// The reasons, in line order, then `difficulty hard`, `kcal missing`, then `extra` (a caller's own).
    package static func reasons(
        lines: [RecipeIngredient], computation: RecipeMacros.Computation, difficulty: String, kcal: Double,
        extra: String? = nil
    ) -> [String] {
        var reasons: [String] = []
        for (index, line) in lines.enumerated() where !line.negligible {
            let weighable = line.foodID != nil || line.ref != nil
            if line.foodID != nil ? line.grams == nil : computation.unknownIngredients.contains(line.name) {
                let why = weighable ? "cannot weigh \(unitWords(line)) of \(line.food ?? line.name)" : "matches no food"
                reasons.append("line \(index + 1) \"\(shown(line))\": \(why)")
            }
        }
        if !computation.unmatchedWithinShare {
            // One decimal, so a share just over the line never reads "5 % (at most 5 %)".
            let share = (1000 * computation.unmatchedGrams / max(computation.weighedGrams, 1)).rounded(.up) / 10
            reasons.append(
                "foods that match nothing make up \(share == share.rounded() ? "\(Int(share))" : "\(share)") % "
                    + "of the weight (at most 5 %): "
                    + computation.unmatchedNames.joined(separator: ", "))
        }
        if difficulty == "hard" { reasons.append("difficulty hard") }
        if kcal <= 0 { reasons.append("kcal missing") }
        if let extra { reasons.append(extra) }
        return reasons
    }

    /// Why the stored `recipe` is parked: ``reasons(lines:computation:difficulty:kcal:extra:)`` of its lines
    /// against `reference`, with its stored park reason; a parked recipe stored before park reasons were
    /// (migration 0806) whose lines all weigh says `parked when imported`.
    package static func reasons(for recipe: Recipe, reference: IngredientReference) -> [String] {
        let computation = RecipeMacros.compute(
            ingredients: recipe.ingredients, reference: reference, serves: recipe.serves)
        let found = reasons(
            lines: recipe.ingredients, computation: computation, difficulty: recipe.difficulty,
            kcal: recipe.macros.kcal, extra: recipe.parkReason.isEmpty ? nil : recipe.parkReason)
        return found.isEmpty && !recipe.complete ? ["parked when imported"] : found
    }

    /// The line as the cook wrote it, cut to 80 characters.
    static func shown(_ line: RecipeIngredient) -> String {
        let text = line.raw ?? [line.disp, line.name].filter { !$0.isEmpty }.joined(separator: " ")
        return text.count > 80 ? String(text.prefix(79)) + "…" : text
    }

    /// How the line counts its food, for a line that cannot be weighed: `'bunch'`, `a count`.
    static func unitWords(_ line: RecipeIngredient) -> String {
        line.unit.isEmpty ? "a count" : "'\(line.unit)'"
    }
}
