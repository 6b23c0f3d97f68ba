import ForgeCore

/// One resolved food day: planned slots, unclaimed logs and the day's totals.
package struct ResolvedFoodDay: Sendable, Equatable {
    /// Planned slots in breakfast, lunch, dinner, snack order; missing or empty ones omitted.
    package var slots: [ResolvedSlot]
    /// Logs no planned slot claimed, in logging order.
    package var extras: [MealLogEntry]
    /// Σ of every log of the day, each field rounded to 1 dp, and whether it is whole.
    package var totals: DayTotals
}

/// Food-week slot resolution and log matching (docs/contract.md §4.19).
package enum SlotResolver {
    /// Resolves the template's slots for `date`'s weekday and matches the
    /// caller's logs of that date against them.
    ///
    /// - Resolution: `out` → `{out, note}`; `order` → `{order, note}`;
    ///   `leftover_of: k` → `{leftover, recipe: card of day k's dinner recipe}`;
    ///   `recipe` → `{recipe: card}`; a recipe that cannot be found →
    ///   `{note: entry note or "unplanned"}` (keeping `leftover` when it was one).
    ///   Every slot carries `why` (default `""`).
    /// - Matching: logs are taken in the given (logging) order; each planned
    ///   slot claims the first unclaimed log with its slot name. A claimed
    ///   log of the planned recipe is a tick (the card stays); any other log
    ///   replaces the slot by `{why, off_plan, recipe: card}` when its recipe
    ///   is known, else `{why, off_plan, label, estimated, macros}`.
    /// - Parameters:
    ///   - content: the active template, or nil when there is none.
    ///   - date: the day (its weekday picks the template day).
    ///   - recipes: looks a recipe up by slug.
    ///   - logs: the caller's logs for `date`, oldest first.
    package static func resolve(
        content: FoodContent?, date: LocalDate, recipes: (String) -> Recipe?,
        logs: [MealLogEntry]
    ) -> ResolvedFoodDay {
        var claimed = Set<Int>()
        var slots: [ResolvedSlot] = []
        for slot in MealSlot.allCases {
            guard let plan = content?.plan(weekday: date.weekday, slot: slot),
                var resolved = planned(plan, slot: slot, content: content, recipes: recipes)
            else { continue }
            let plannedRecipe = resolved.recipe?.slug
            if let index = logs.indices.first(where: { !claimed.contains($0) && logs[$0].slot == slot }) {
                claimed.insert(index)
                let log = logs[index]
                if plannedRecipe == nil || log.recipe != plannedRecipe {
                    resolved = offPlan(log, why: resolved.why, slot: slot, recipes: recipes)
                }
                resolved.logged = true
                resolved.logID = log.id
            }
            slots.append(resolved)
        }
        let extras = logs.indices.filter { !claimed.contains($0) }.map { logs[$0] }
        let totals = DayTotals.of(logs)
        return ResolvedFoodDay(slots: slots, extras: extras, totals: totals)
    }

    /// The resolved form of one planned slot before log matching; nil for an empty plan.
    static func planned(
        _ plan: FoodSlotPlan, slot: MealSlot, content: FoodContent?,
        recipes: (String) -> Recipe?
    ) -> ResolvedSlot? {
        var resolved = ResolvedSlot(slot: slot, why: plan.why ?? "")
        switch plan.kind {
        case .empty:
            return nil
        case .out:
            resolved.out = true
            resolved.note = plan.note ?? ""
        case .order:
            resolved.order = true
            resolved.note = plan.note ?? ""
        case .leftover(let day):
            resolved.leftover = true
            let slug = content?.days[day]?.slots[MealSlot.dinner.rawValue]?.recipe
            if let slug, let recipe = recipes(slug) {
                resolved.recipe = RecipeCard(recipe)
            } else {
                resolved.note = plan.note ?? "unplanned"
            }
        case .recipe(let slug):
            if let recipe = recipes(slug) {
                resolved.recipe = RecipeCard(recipe)
            } else {
                resolved.note = plan.note ?? "unplanned"
            }
        }
        return resolved
    }

    /// What was eaten instead of the plan.
    static func offPlan(
        _ log: MealLogEntry, why: String, slot: MealSlot,
        recipes: (String) -> Recipe?
    ) -> ResolvedSlot {
        if let slug = log.recipe, let recipe = recipes(slug) {
            return ResolvedSlot(slot: slot, why: why, recipe: RecipeCard(recipe), offPlan: true)
        }
        return ResolvedSlot(
            slot: slot, why: why, offPlan: true, label: log.label,
            estimated: log.estimated, macros: log.macros)
    }
}
