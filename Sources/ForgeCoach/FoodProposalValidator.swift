import ForgeCook
import ForgeCore

/// Food-week proposal validation, docs/contract.md §4.17 (first failure wins; the
/// coach gets the message and may retry):
///
/// 1. every string of content and rationale repaired (``TextRepair``); the
///    rationale must be non-blank;
/// 2. `days` has exactly the keys `"0"`–`"6"`;
/// 3. `changes` is a non-empty array of `{sign: "+"|"-"|"~", what}` (non-empty `what`);
/// 4–6. the slots and the weekly averages, by ``FoodWeekValidator`` against
///    the acting member's targets;
/// 7. the rationale voice rule of §4.16;
/// 8. dinner notes against the scope's active week, normalised as in §4.16:
///    no two dinners share a note; no note contains or is contained in the
///    rationale; a changed dinner (ignoring its note) may not keep the active
///    week's note for that day. A dinner's note is its `why` (its `note` for a
///    night out without one).
package struct FoodProposalValidator: Sendable {
    /// The library, by slug.
    package let recipes: [String: Recipe]
    /// The acting member's merged nutrition targets.
    package let targets: Macros
    /// The scope's active week, when there is one.
    package let active: FoodContent?

    /// A validator over the recipes by slug, the scope's daily macro targets and its active week.
    package init(recipes: [String: Recipe], targets: Macros, active: FoodContent?) {
        self.recipes = recipes
        self.targets = targets
        self.active = active
    }

    /// Checks a proposal.
    /// - Returns: the repaired content document and rationale, as they are stored.
    /// - Throws: ``ProposalFailure`` naming the first broken rule.
    package func validate(content raw: JSONValue, rationale rawRationale: String) throws(ProposalFailure)
        -> (content: JSONValue, rationale: String)
    {
        let content = TextRepair.repair(raw)
        let rationale = TextRepair.repair(rawRationale).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !rationale.isEmpty else { throw ProposalFailure("rationale must not be blank") }
        guard let days = content["days"]?.objectValue, Set(days.keys) == Set(FoodWeekValidator.dayKeys) else {
            throw ProposalFailure("days must have exactly the keys \"0\" to \"6\"")
        }
        guard let changes = content["changes"]?.arrayValue, !changes.isEmpty else {
            throw ProposalFailure("changes must list at least one change")
        }
        for row in changes {
            guard let sign = row["sign"]?.stringValue, ["+", "-", "~"].contains(sign),
                let what = row["what"]?.stringValue, !what.trimmingCharacters(in: .whitespaces).isEmpty
            else {
                throw ProposalFailure("each change needs a sign (+, - or ~) and a what")
            }
        }
        let week = FoodContent(json: content)
        do {
            try FoodWeekValidator.validate(week, recipes: { recipes[$0] }, targets: targets)
        } catch {
            throw ProposalFailure(error.message)
        }
        try PlanProposalValidator.checkVoice(rationale)
        try checkDinnerNotes(week, rationale: rationale)
        return (content, rationale)
    }

    /// Rule 8.
    func checkDinnerNotes(_ week: FoodContent, rationale: String) throws(ProposalFailure) {
        let rationaleNorm = PlanProposalValidator.normalise(rationale)
        var seen: [String: String] = [:]
        for key in FoodWeekValidator.dayKeys {
            guard let dinner = week.days[key]?.slots[MealSlot.dinner.rawValue] else { continue }
            let note = PlanProposalValidator.normalise(Self.note(of: dinner))
            guard !note.isEmpty else { continue }
            if let other = seen[note] { throw ProposalFailure("dinners on days \(other) and \(key) share a note") }
            seen[note] = key
            if !rationaleNorm.isEmpty, rationaleNorm.contains(note) || note.contains(rationaleNorm) {
                throw ProposalFailure("day \(key)'s dinner note repeats the rationale")
            }
            if let before = active?.days[key]?.slots[MealSlot.dinner.rawValue],
                Self.withoutNote(before) != Self.withoutNote(dinner),
                PlanProposalValidator.normalise(Self.note(of: before)) == note
            {
                throw ProposalFailure("day \(key)'s dinner changed but keeps last week's note")
            }
        }
    }

    /// A dinner's note: its `why`, else its `note`.
    static func note(of slot: FoodSlotPlan) -> String {
        let why = slot.why?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return why.isEmpty ? (slot.note ?? "") : why
    }

    static func withoutNote(_ slot: FoodSlotPlan) -> FoodSlotPlan {
        var copy = slot
        copy.why = nil
        if copy.out == false { copy.note = nil }
        return copy
    }
}
