import Foundation

/// Food-week proposal rules 4–6 of docs/contract.md §4.17 and the weekly averages
/// they rest on.
package enum FoodWeekValidator {
    /// What an `order: true` lunch counts as: kcal 550, protein 40 g,
    /// carbs 45 g, sugar 8 g, fibre 8 g, fat 20 g, sat fat 6 g, sodium 900 mg.
    package static let assumedOrderMacros = Macros(
        kcal: 550, proteinG: 40, carbsG: 45, sugarG: 8,
        fiberG: 8, fatG: 20, satfatG: 6, sodiumMg: 900)

    /// The weekday keys a week must have.
    package static let dayKeys = (0...6).map(String.init)

    /// A week's nutrition and dinner facts.
    package struct Summary: Sendable, Equatable {
        /// Σ over all counted slots (unrounded).
        package var totals: Macros
        /// `totals ÷ 7` (unrounded).
        package var averages: Macros
        /// Dinners that need no cooking: `out` and leftovers.
        package var zeroCookDinners: Int
        /// At least one `out` dinner.
        package var hasNightOut: Bool
    }

    /// A rule the week breaks; `message` is shown to the coach so it can retry.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let message: String
        package init(_ message: String) { self.message = message }
        package var description: String { message }
    }

    /// Sums the week: recipe slots add their per-serving macros (leftovers
    /// add the inherited recipe's), `order` lunches add
    /// `assumedOrderMacros`, `out` dinners add nothing. Slots that cannot be
    /// resolved add nothing. Averages divide by 7 whatever days exist.
    package static func summarize(_ content: FoodContent, recipes: (String) -> Recipe?) -> Summary {
        var total = Macros.zero
        var zeroCook = 0
        var nightOut = false
        for key in dayKeys {
            for (name, plan) in content.days[key]?.slots ?? [:] {
                let isDinner = name == MealSlot.dinner.rawValue
                switch plan.kind {
                case .out:
                    if isDinner {
                        zeroCook += 1
                        nightOut = true
                    }
                case .order:
                    total += assumedOrderMacros
                case .leftover(let day):
                    if isDinner { zeroCook += 1 }
                    if let slug = content.days[day]?.slots[MealSlot.dinner.rawValue]?.recipe, let recipe = recipes(slug)
                    {
                        total += recipe.macros
                    }
                case .recipe(let slug):
                    if let recipe = recipes(slug) { total += recipe.macros }
                case .empty:
                    break
                }
            }
        }
        return Summary(
            totals: total, averages: total.scaled(by: 1.0 / 7), zeroCookDinners: zeroCook, hasNightOut: nightOut)
    }

    /// Checks rules 4–6 (first failure wins) against `targets` (the acting
    /// user's merged nutrition targets) and returns the week's summary.
    ///
    /// 4. every day `"0"`–`"6"` has all four slots; `order` only at lunch
    ///    with a note; `out` only at dinner with a note; `leftover_of` names a
    ///    day whose dinner names a recipe; any recipe (own or inherited)
    ///    exists, is complete and `easy`/`medium`; a non-leftover dinner is a
    ///    dinner-kind recipe; every dinner has a non-blank `why`.
    /// 5. at least one zero-cook dinner (`out` or leftover).
    /// 6. averages: protein ≥ 0.65 × target, fibre ≥ 0.75 × target, sat fat
    ///    ≤ target − 1 with a night out (else ≤ target), kcal ≤ 1.05 × target.
    /// - Throws: `Failure` naming the first broken rule.
    @discardableResult
    package static func validate(
        _ content: FoodContent, recipes: (String) -> Recipe?,
        targets: Macros = NutritionTargets.defaults
    ) throws(Failure) -> Summary {
        try checkSlots(content, recipes: recipes)
        let summary = summarize(content, recipes: recipes)
        if summary.zeroCookDinners == 0 {
            throw Failure("the week needs at least one zero-cook dinner (a leftover or a night out)")
        }
        let avg = summary.averages
        func one(_ x: Double) -> String { String(format: "%.1f", x) }
        if avg.proteinG < 0.65 * targets.proteinG {
            throw Failure(
                "average protein \(one(avg.proteinG)) g is below 65% of the \(one(targets.proteinG)) g target")
        }
        if avg.fiberG < 0.75 * targets.fiberG {
            throw Failure("average fibre \(one(avg.fiberG)) g is below 75% of the \(one(targets.fiberG)) g target")
        }
        let satCap = summary.hasNightOut ? targets.satfatG - 1 : targets.satfatG
        if avg.satfatG > satCap {
            throw Failure("average sat fat \(one(avg.satfatG)) g is over the \(one(satCap)) g cap")
        }
        if avg.kcal > 1.05 * targets.kcal {
            throw Failure("average energy \(one(avg.kcal)) kcal is over 105% of the \(one(targets.kcal)) kcal target")
        }
        return summary
    }

    /// Rule 4 alone: every day `"0"`–`"6"` has all four slots and each slot is
    /// well-formed against the library (see `validate`). Used again when a
    /// proposal is approved, since recipes may have changed since it was made.
    /// - Throws: `Failure` naming the first broken slot.
    package static func checkSlots(_ content: FoodContent, recipes: (String) -> Recipe?) throws(Failure) {
        for key in dayKeys {
            guard let day = content.days[key] else { throw Failure("day \(key) is missing") }
            for slot in MealSlot.allCases {
                guard let plan = day.slots[slot.rawValue] else {
                    throw Failure("day \(key) is missing its \(slot.rawValue) slot")
                }
                try checkSlot(plan, slot: slot, day: key, content: content, recipes: recipes)
            }
        }
    }

    private static func checkSlot(
        _ plan: FoodSlotPlan, slot: MealSlot, day: String, content: FoodContent,
        recipes: (String) -> Recipe?
    ) throws(Failure) {
        let at = "day \(day) \(slot.rawValue)"
        let blank = { (s: String?) in (s ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        var slug: String
        var isLeftover = false
        switch plan.kind {
        case .order:
            guard slot == .lunch else { throw Failure("\(at): order is for lunch only") }
            guard !blank(plan.note) else { throw Failure("\(at): an order needs a note") }
            return
        case .out:
            guard slot == .dinner else { throw Failure("\(at): out is for dinner only") }
            guard !blank(plan.note) else { throw Failure("\(at): a night out needs a note") }
            return
        case .leftover(let k):
            guard let source = content.days[k], dayKeys.contains(k) else {
                throw Failure("\(at): leftover_of \(k) is not a day of the week")
            }
            guard let inherited = source.slots[MealSlot.dinner.rawValue]?.recipe,
                case .recipe = source.slots[MealSlot.dinner.rawValue]!.kind
            else {
                throw Failure("\(at): day \(k)'s dinner names no recipe to reuse")
            }
            slug = inherited
            isLeftover = true
        case .recipe(let s):
            slug = s
        case .empty:
            throw Failure("\(at): needs a recipe, order, out or leftover_of")
        }
        guard let recipe = recipes(slug) else { throw Failure("\(at): unknown recipe \(slug)") }
        guard recipe.complete else { throw Failure("\(at): recipe \(slug) is parked (incomplete)") }
        guard ["easy", "medium"].contains(recipe.difficulty) else {
            throw Failure("\(at): recipe \(slug) is \(recipe.difficulty); only easy or medium")
        }
        if slot == .dinner {
            if !isLeftover && recipe.kind != .dinner { throw Failure("\(at): \(slug) is not a dinner recipe") }
            if blank(plan.why) { throw Failure("\(at): a dinner needs a why") }
        }
    }
}
