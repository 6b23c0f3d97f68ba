import ForgeCore

/// One day of a food-week template: `{ slots: { [slot]: FoodSlotPlan } }`.
package struct FoodDayPlan: Codable, Sendable, Equatable {
    /// Slot name → plan. Keys are kept as given so validation can reject odd ones.
    package var slots: [String: FoodSlotPlan]

    package init(slots: [String: FoodSlotPlan] = [:]) { self.slots = slots }

    /// Builds from typed slots.
    package init(_ slots: [MealSlot: FoodSlotPlan]) {
        self.slots = Dictionary(uniqueKeysWithValues: slots.map { ($0.key.rawValue, $0.value) })
    }

    /// Decodes from a stored JSON day (tolerant).
    package init(json: JSONValue) {
        var slots: [String: FoodSlotPlan] = [:]
        for (key, value) in json["slots"]?.objectValue ?? [:] {
            guard value.objectValue != nil,
                let data = try? JSONCoding.encode(value),
                let plan = try? JSONCoding.decode(FoodSlotPlan.self, from: data)
            else { continue }
            slots[key] = plan
        }
        self.init(slots: slots)
    }

    package init(from decoder: Decoder) throws {
        self.init(json: try JSONValue(from: decoder))
    }

    enum CodingKeys: String, CodingKey { case slots }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(slots, forKey: .slots)
    }
}
