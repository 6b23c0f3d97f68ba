/// A planned slot after resolution and log matching, encoding exactly to
/// docs/contract.md §3.15 `FoodSlot`:
///
///     { slot, logged, log_id /* always present, null when not logged */, why,
///       recipe?, leftover?: true, order?: true, out?: true, note?,
///       off_plan?: true, label?, estimated?, macros? }
///
/// Flags are written only when true; other optional keys only when set.
package struct ResolvedSlot: Encodable, Sendable, Equatable {
    package var slot: MealSlot
    package var logged: Bool
    package var logID: String?
    /// The plan's `why`, default `""`.
    package var why: String
    package var recipe: RecipeCard?
    package var leftover: Bool
    package var order: Bool
    package var out: Bool
    package var note: String?
    package var offPlan: Bool
    package var label: String?
    package var estimated: Bool?
    package var macros: Macros?

    package init(
        slot: MealSlot, logged: Bool = false, logID: String? = nil, why: String = "",
        recipe: RecipeCard? = nil, leftover: Bool = false, order: Bool = false, out: Bool = false,
        note: String? = nil, offPlan: Bool = false, label: String? = nil, estimated: Bool? = nil,
        macros: Macros? = nil
    ) {
        self.slot = slot
        self.logged = logged
        self.logID = logID
        self.why = why
        self.recipe = recipe
        self.leftover = leftover
        self.order = order
        self.out = out
        self.note = note
        self.offPlan = offPlan
        self.label = label
        self.estimated = estimated
        self.macros = macros
    }

    enum CodingKeys: String, CodingKey {
        case slot, logged
        case logID = "log_id"
        case why, recipe, leftover, order, out, note
        case offPlan = "off_plan"
        case label, estimated, macros
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(slot, forKey: .slot)
        try c.encode(logged, forKey: .logged)
        if let logID { try c.encode(logID, forKey: .logID) } else { try c.encodeNil(forKey: .logID) }
        try c.encode(why, forKey: .why)
        try c.encodeIfPresent(recipe, forKey: .recipe)
        if leftover { try c.encode(true, forKey: .leftover) }
        if order { try c.encode(true, forKey: .order) }
        if out { try c.encode(true, forKey: .out) }
        try c.encodeIfPresent(note, forKey: .note)
        if offPlan { try c.encode(true, forKey: .offPlan) }
        try c.encodeIfPresent(label, forKey: .label)
        try c.encodeIfPresent(estimated, forKey: .estimated)
        try c.encodeIfPresent(macros, forKey: .macros)
    }
}
