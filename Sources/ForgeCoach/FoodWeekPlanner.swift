import ForgeCook
import ForgeCore
import Foundation

/// The built-in coach's food week for the weekly review: the active week
/// with up to ``maxSwaps`` cooked dinners swapped for dinner recipes the
/// household did not have this week, keeping the nights out, leftovers and
/// lunch orders where they are.
///
/// Rules, in order: candidates are complete, `easy`/`medium` dinner recipes
/// not on this week's menu, best protein per serving first (then slug); the
/// cooked dinners are tried Monday first; a swap is kept only when the whole
/// week still passes ``FoodProposalValidator`` (§4.17 rules 1–8) against the
/// acting member's targets. A day whose dinner feeds a leftover is not
/// swapped (the leftover would change with it). No swap that passes → no
/// proposal.
package struct FoodWeekPlanner: Sendable {
    /// Most dinners changed in one proposal.
    package static let maxSwaps = 3

    /// Checks every week the planner proposes, as a coach proposal is checked.
    package let validator: FoodProposalValidator

    /// A planner whose proposals `validator` checks.
    package init(validator: FoodProposalValidator) { self.validator = validator }

    /// The proposal: content (with `changes`), rationale and one summary
    /// line per swap, or nil when there is no active week or no swap passes.
    package func plan() -> (content: JSONValue, rationale: String, lines: [String])? {
        guard let active = validator.active else { return nil }
        var week = active
        let dinner = MealSlot.dinner.rawValue
        let onMenu = Set(active.days.values.compactMap { $0.slots[dinner]?.recipe })
        let leftoverSources = Set(active.days.values.compactMap { $0.slots[dinner]?.leftoverOf })
        var candidates = validator.recipes.values
            .filter {
                $0.kind == .dinner && $0.complete && ["easy", "medium"].contains($0.difficulty)
                    && !onMenu.contains($0.slug)
            }
            .sorted { ($0.macros.proteinG, $1.slug) > ($1.macros.proteinG, $0.slug) }
        var changes: [JSONValue] = []
        var lines: [String] = []
        for key in FoodWeekValidator.dayKeys where changes.count < Self.maxSwaps {
            guard let slot = week.days[key]?.slots[dinner], case .recipe(let oldSlug) = slot.kind,
                !leftoverSources.contains(key)
            else { continue }
            let dayName = LocalDate.dayNames[Int(key)!]
            for (index, recipe) in candidates.enumerated() {
                var trial = week
                trial.days[key]?.slots[dinner] = .recipe(recipe.slug, why: "New this week: \(recipe.name)")
                let from = validator.recipes[oldSlug]?.name ?? oldSlug
                let change: JSONValue = [
                    "sign": "~", "what": .string("\(dayName) dinner: \(from) → \(recipe.name)"),
                    "why": "a dinner you did not have this week",
                ]
                guard
                    (try? validator.validate(
                        content: Self.document(trial, changes: changes + [change]),
                        rationale: Self.rationale(swaps: changes.count + 1))) != nil
                else { continue }
                week = trial
                changes.append(change)
                lines.append("\(dayName): \(from) → \(recipe.name)")
                candidates.remove(at: index)
                break
            }
        }
        guard !changes.isEmpty else { return nil }
        return (Self.document(week, changes: changes), Self.rationale(swaps: changes.count), lines)
    }

    static func rationale(swaps: Int) -> String {
        "Same shape as this week, with \(Plural.count(swaps, "new dinners")) for variety; nights out, leftovers and orders stay put."
    }

    static func document(_ week: FoodContent, changes: [JSONValue]) -> JSONValue {
        guard case .object(var object) = (try? JSONValue.encoded(week)) ?? .null else { return .null }
        object["changes"] = .array(changes)
        return .object(object)
    }
}
