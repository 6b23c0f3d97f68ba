import ForgeCore

/// One meal to log (docs/contract.md §3.15 `POST /api/food/log`, rules §4.20), already
/// parsed from the wire; `MealLogStore.log` applies the rules.
package struct MealLogInput: Sendable, Equatable {
    /// The household-calendar day the meal belongs to.
    package var day: LocalDate
    package var slot: MealSlot
    /// Recipe slug; nil or "" logs an off-plan meal.
    package var recipe: String?
    /// Portions eaten (> 0); recipe macros are per serving × this.
    package var servings: Double
    /// Off-plan: required, the meal's name. Ignored with a recipe (the recipe's name is used).
    package var label: String?
    /// Off-plan macros as given, per key (`"kcal"`, `"protein_g"` …); `kcal` is required, the rest default to 0.
    package var macros: [String: Double]
    /// Off-plan only: the numbers are a guess.
    package var estimated: Bool
    /// Log source (`plan | chat | order | mcp | manual`); nil = default (see `MealLogStore.log`).
    package var source: String?
    /// Idempotency key, ≤ 40 chars, unique per user.
    package var clientID: String?
    /// ≤ 80 chars.
    package var venue: String
    package var cost: Double
    /// ≤ 8 chars.
    package var currency: String
    package var note: String
    /// Media references as stored (`/api/food/media/<id>` or remote URLs).
    package var photos: [String]

    package init(
        day: LocalDate, slot: MealSlot, recipe: String? = nil, servings: Double = 1, label: String? = nil,
        macros: [String: Double] = [:], estimated: Bool = false, source: String? = nil,
        clientID: String? = nil, venue: String = "", cost: Double = 0, currency: String = "",
        note: String = "", photos: [String] = []
    ) {
        self.day = day
        self.slot = slot
        self.recipe = recipe
        self.servings = servings
        self.label = label
        self.macros = macros
        self.estimated = estimated
        self.source = source
        self.clientID = clientID
        self.venue = venue
        self.cost = cost
        self.currency = currency
        self.note = note
        self.photos = photos
    }

    /// True for a meal without a recipe.
    package var isOffPlan: Bool { (recipe ?? "").isEmpty }
}

/// Why a meal could not be logged; nothing was written.
package enum MealLogError: Error, Equatable, CustomStringConvertible {
    /// `recipe` names no library recipe.
    case unknownRecipe
    /// An off-plan meal without a label or without kcal.
    case offPlanNeedsLabelAndKcal
    /// The member already has `limit` logs on that day (``MealLogStore/logsPerDay``).
    case dayFull(limit: Int)
    /// The member has no log with that id (another member's log is not theirs to remove).
    case notFound

    package var description: String {
        switch self {
        case .unknownRecipe: "unknown recipe"
        case .offPlanNeedsLabelAndKcal: "off-plan entries need label + kcal"
        case .dayFull(let limit): "at most \(limit) meal logs per day"
        case .notFound: "not found"
        }
    }
}

/// What `MealLogStore.log` did.
package struct MealLogResult: Sendable, Equatable {
    /// The new row's id, or the original row's id for a repeated `client_id`.
    package let id: String
    /// True when `client_id` matched an earlier row and nothing was written.
    package let duplicate: Bool
    /// Σ of the user's logs on the requested day, each field rounded to 1 dp.
    package let totals: DayTotals

    package init(id: String, duplicate: Bool, totals: DayTotals) {
        self.id = id
        self.duplicate = duplicate
        self.totals = totals
    }
}
