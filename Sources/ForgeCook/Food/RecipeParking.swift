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
    /// One reason a recipe is parked; its `description` is the sentence of `parked_because`.
    package enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// Line `number` (from 1), as written, and why it counts: `line 3 "…": matches no food`.
        case line(number: Int, text: String, why: String)
        /// Foods that match nothing make up `percent` of the weighed mass (5 % or more).
        case unknownFoods(percent: Double, names: [String])
        /// `difficulty hard`.
        case hard
        /// `kcal missing`: 0 kcal per serving.
        case kcalMissing
        /// A caller's own reason (a page read from marked lists), as it says it.
        case caller(String)

        package var description: String {
            switch self {
            case .line(let number, let text, let why): "line \(number) \"\(text)\": \(why)"
            case .unknownFoods(let percent, let names):
                "foods that match nothing make up \(percent == percent.rounded() ? "\(Int(percent))" : "\(percent)") % "
                    + "of the weight (at most 5 %): " + names.joined(separator: ", ")
            case .hard: "difficulty hard"
            case .kcalMissing: "kcal missing"
            case .caller(let text): text
            }
        }

        /// Whether giving the line's food values (or its food or grams) fixes it.
        package var isAboutFoods: Bool {
            switch self {
            case .line, .unknownFoods: true
            case .hard, .kcalMissing, .caller: false
            }
        }
    }

    /// The reasons, in line order, then `difficulty hard`, `kcal missing`, then `extra` (a caller's own).
    package static func reasons(
        lines: [RecipeIngredient], computation: RecipeMacros.Computation, difficulty: String, kcal: Double,
        extra: String? = nil
    ) -> [Reason] {
        var reasons: [Reason] = []
        for (index, line) in lines.enumerated() where !line.negligible {
            let weighable = line.foodID != nil || line.ref != nil
            if line.foodID != nil ? line.grams == nil : computation.unknownIngredients.contains(line.name) {
                let why = weighable ? "cannot weigh \(unitWords(line)) of \(line.food ?? line.name)" : "matches no food"
                reasons.append(.line(number: index + 1, text: shown(line), why: why))
            }
        }
        if !computation.unmatchedWithinShare {
            // One decimal, rounded up, so a share just over the line never reads "5 % (at most 5 %)".
            let share = (1000 * computation.unmatchedGrams / max(computation.weighedGrams, 1)).rounded(.up) / 10
            reasons.append(.unknownFoods(percent: share, names: computation.unmatchedNames))
        }
        if difficulty == "hard" { reasons.append(.hard) }
        if kcal <= 0 { reasons.append(.kcalMissing) }
        if let extra { reasons.append(.caller(extra)) }
        return reasons
    }

    /// Why the stored `recipe` is parked: ``reasons(lines:computation:difficulty:kcal:extra:)`` of its lines
    /// against `reference`, with its stored park reason; a parked recipe stored before park reasons were
    /// (migration 0806) whose lines all weigh says `parked when imported`.
    package static func reasons(for recipe: Recipe, reference: IngredientReference) -> [Reason] {
        let computation = RecipeMacros.compute(
            ingredients: recipe.ingredients, reference: reference, serves: recipe.serves)
        let found = reasons(
            lines: recipe.ingredients, computation: computation, difficulty: recipe.difficulty,
            kcal: recipe.macros.kcal, extra: recipe.parkReason.isEmpty ? nil : recipe.parkReason)
        return found.isEmpty && !recipe.complete ? [.caller("parked when imported")] : found
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
