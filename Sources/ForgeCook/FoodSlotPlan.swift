import ForgeCore

/// One planned slot of a food-week template (docs/contract.md §2 `FoodSlotPlan`):
///
///     { recipe, why? } | { order: true, note, why? }   (lunch only)
///     | { out: true, note, why? }                        (dinner only)
///     | { leftover_of: "k", why? }                       (day k's dinner recipe)
///
/// Stored as the union of those keys so odd stored documents survive a
/// round trip; `kind` says which form wins (out, then order, then
/// leftover_of, then recipe). Absent keys stay absent when encoded;
/// `leftover_of` is written as a string and read from a string or a number.
package struct FoodSlotPlan: Codable, Sendable, Equatable {
    package var recipe: String?
    package var order: Bool
    package var out: Bool
    /// Weekday key `"0"`…`"6"` whose dinner this slot reuses.
    package var leftoverOf: String?
    package var note: String?
    package var why: String?

    package init(
        recipe: String? = nil, order: Bool = false, out: Bool = false, leftoverOf: String? = nil,
        note: String? = nil, why: String? = nil
    ) {
        self.recipe = recipe
        self.order = order
        self.out = out
        self.leftoverOf = leftoverOf
        self.note = note
        self.why = why
    }

    /// `{ recipe, why? }`.
    package static func recipe(_ slug: String, why: String? = nil) -> FoodSlotPlan {
        FoodSlotPlan(recipe: slug, why: why)
    }
    /// `{ order: true, note, why? }`.
    package static func order(note: String, why: String? = nil) -> FoodSlotPlan {
        FoodSlotPlan(order: true, note: note, why: why)
    }
    /// `{ out: true, note, why? }`.
    package static func out(note: String, why: String? = nil) -> FoodSlotPlan {
        FoodSlotPlan(out: true, note: note, why: why)
    }
    /// `{ leftover_of: day, why? }`.
    package static func leftover(of day: String, why: String? = nil) -> FoodSlotPlan {
        FoodSlotPlan(leftoverOf: day, why: why)
    }

    /// Which form a slot takes.
    package enum Kind: Sendable, Equatable {
        case out, order
        case leftover(of: String)
        case recipe(String)
        /// No recognised key: treated as a missing slot.
        case empty
    }

    /// The slot's form, by precedence out → order → leftover_of → recipe.
    package var kind: Kind {
        if out { return .out }
        if order { return .order }
        if let leftoverOf { return .leftover(of: leftoverOf) }
        if let recipe { return .recipe(recipe) }
        return .empty
    }

    enum CodingKeys: String, CodingKey {
        case recipe, order, out
        case leftoverOf = "leftover_of"
        case note, why
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func value(_ k: CodingKeys) -> JSONValue {
            let decoded: JSONValue?? = try? c.decodeIfPresent(JSONValue.self, forKey: k)
            return decoded.flatMap { $0 } ?? JSONValue.null
        }
        func flag(_ k: CodingKeys) -> Bool {
            switch value(k) {
            case .bool(let b): b
            case .string(let s): s.lowercased() == "true"
            case .int(let i): i != 0
            default: false
            }
        }
        func text(_ k: CodingKeys) -> String? {
            switch value(k) {
            case .string(let s): s
            case .int(let i): String(i)
            case .double(let d) where d == d.rounded(): String(Int(d))
            default: nil
            }
        }
        self.init(
            recipe: text(.recipe), order: flag(.order), out: flag(.out),
            leftoverOf: text(.leftoverOf), note: text(.note), why: text(.why))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(recipe, forKey: .recipe)
        if order { try c.encode(true, forKey: .order) }
        if out { try c.encode(true, forKey: .out) }
        try c.encodeIfPresent(leftoverOf, forKey: .leftoverOf)
        try c.encodeIfPresent(note, forKey: .note)
        try c.encodeIfPresent(why, forKey: .why)
    }
}
