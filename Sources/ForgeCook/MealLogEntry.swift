/// One of a user's meal-log rows for a day, as slot resolution needs it
/// (docs/contract.md §4.20). Macros are the snapshot taken at write time.
package struct MealLogEntry: Codable, Sendable, Equatable {
    package var id: String
    package var slot: MealSlot
    /// Recipe slug for plan/recipe logs; nil for off-plan free-text logs.
    package var recipe: String?
    package var label: String
    package var estimated: Bool
    /// Snapshot macros for the whole entry (already × servings).
    package var macros: Macros
    package var servings: Double
    /// ≤ 80 chars.
    package var venue: String
    package var cost: Double
    /// ≤ 8 chars.
    package var currency: String
    package var note: String
    /// Stored media references.
    package var photos: [String]

    package init(
        id: String, slot: MealSlot, recipe: String? = nil, label: String, estimated: Bool = false,
        macros: Macros, servings: Double = 1, venue: String = "", cost: Double = 0,
        currency: String = "", note: String = "", photos: [String] = []
    ) {
        self.id = id
        self.slot = slot
        self.recipe = recipe
        self.label = label
        self.estimated = estimated
        self.macros = macros
        self.servings = servings
        self.venue = venue
        self.cost = cost
        self.currency = currency
        self.note = note
        self.photos = photos
    }
}
