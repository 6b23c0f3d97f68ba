/// One of a user's meal-log rows for a day, as slot resolution needs it
/// (docs/contract.md §4.20). Macros are the snapshot taken at write time.
public struct MealLogEntry: Codable, Sendable, Equatable {
    public var id: String
    public var slot: MealSlot
    /// Recipe slug for plan/recipe logs; nil for off-plan free-text logs.
    public var recipe: String?
    public var label: String
    public var estimated: Bool
    /// Snapshot macros for the whole entry (already × servings).
    public var macros: Macros
    public var servings: Double
    /// ≤ 80 chars.
    public var venue: String
    public var cost: Double
    /// ≤ 8 chars.
    public var currency: String
    public var note: String
    /// Stored media references.
    public var photos: [String]

    public init(
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
