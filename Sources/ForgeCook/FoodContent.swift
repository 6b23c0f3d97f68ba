import ForgeCore

/// A food-week template (docs/contract.md §2 `FoodContent`):
/// `{ days: { "0".."6": { slots: { breakfast|lunch|dinner|snack: FoodSlotPlan } } } }`.
///
/// Decoding is tolerant, for stored documents: a day or slot that is not
/// an object is dropped (and so reads as missing).
package struct FoodContent: Codable, Sendable, Equatable {
    /// Weekday key (`"0"` = Monday … `"6"` = Sunday) → day.
    package var days: [String: FoodDayPlan]

    package init(days: [String: FoodDayPlan] = [:]) { self.days = days }

    /// The planned slot for `slot` on weekday `weekday` (0 = Monday), if any.
    package func plan(weekday: Int, slot: MealSlot) -> FoodSlotPlan? {
        days[String(weekday)]?.slots[slot.rawValue]
    }

    /// Every recipe slug a slot names (leftovers name their source day's
    /// dinner, which is itself a slot), for reading only those recipes.
    package var recipeSlugs: Set<String> {
        Set(days.values.flatMap { $0.slots.values.compactMap(\.recipe) })
    }

    /// Decodes from a stored JSON document (tolerant, see the type).
    package init(json: JSONValue) {
        var days: [String: FoodDayPlan] = [:]
        for (key, value) in json["days"]?.objectValue ?? [:] {
            guard value.objectValue != nil else { continue }
            days[key] = FoodDayPlan(json: value)
        }
        self.init(days: days)
    }

    package init(from decoder: Decoder) throws {
        self.init(json: try JSONValue(from: decoder))
    }

    enum CodingKeys: String, CodingKey { case days }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(days, forKey: .days)
    }
}
