import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

/// `log_food` arguments (docs/contract.md §4.24): `{ description, kcal, date?, slot?,
/// venue?, cost?, currency?, servings? = 1, protein_g?…sodium_mg?,
/// estimated? = true, photos?, note?, client_id? }`. Macros in kcal, grams
/// and sodium milligrams, for the whole logged portion.
struct LogFoodArguments: ValidatingInput {
    /// What was eaten; stored as the label (1–120 characters after trimming).
    var description: String
    var kcal: Double
    /// `YYYY-MM-DD`; absent or "" → today in the household zone.
    var date: String?
    /// `breakfast | lunch | dinner | snack`; absent → inferred from the clock.
    var slot: String?
    var venue: String?
    var cost: Double?
    var currency: String?
    var servings: Double?
    var proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg: Double?
    var estimated: Bool?
    var photos: [String]?
    var note: String?
    var clientID: String?

    static var example: JSONValue? {
        [
            "description": "Burrito bowl", "kcal": 720, "date": "2026-07-20", "slot": "lunch", "venue": "Taqueria",
            "cost": 11.5, "currency": "GBP", "servings": 1, "protein_g": 38.5, "estimated": true, "note": "Extra salsa",
            "client_id": "mcp-lunch-1",
        ]
    }

    /// The trimmed description.
    var label: String { description.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The eight macros in ``Macros/keys`` order (`kcal` first).
    var macros: [Double?] { [kcal, proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg] }

    /// `description` 1–120 characters after trimming (422-style naming the
    /// argument), then exactly the checks of `POST /api/food/log`
    /// (``MealLogBody/validate()``: servings (0, 100], kcal and macros
    /// 0–10,000, cost 0–100,000, note ≤ 4,000, client_id ≤ 40, venue ≤ 80,
    /// currency ≤ 8, ≤ 10 photos, then `slot` and `bad date`).
    static let rules: [InputRule<Self>] = [.length("description", max: Bounds.label, min: 1) { $0.label }]

    func validated() throws -> Checked {
        try checkRules()
        let body = MealLogBody(
            date: date, slot: (slot?.isEmpty ?? true) ? MealSlot.snack.rawValue : slot!,
            servings: servings, label: label, kcal: kcal, proteinG: proteinG, carbsG: carbsG,
            sugarG: sugarG, fiberG: fiberG, fatG: fatG, satfatG: satfatG, sodiumMg: sodiumMg,
            estimated: estimated, source: "mcp", clientID: clientID, venue: venue, cost: cost,
            currency: currency, note: note, photos: photos)
        let checked = try body.validated()
        return Checked(arguments: self, date: checked.date, slot: (slot?.isEmpty ?? true) ? nil : checked.slot)
    }

    /// The arguments with `date` and `slot` parsed once (``validated()``).
    struct Checked: Sendable {
        let arguments: LogFoodArguments
        /// nil when absent or "" (today).
        let date: LocalDate?
        /// nil when absent or "" (inferred from the household clock).
        let slot: MealSlot?
    }
}

/// `get_food_log` arguments: `{ date?, days? }`; `days` is clamped to 1–14.
struct FoodLogArguments: ValidatingInput {
    var date: String?
    var days: Int?

    static let rules: [InputRule<Self>] = [.dateText("date")]

    /// `bad date` unless `YYYY-MM-DD`; years 1900–2100.
    func validated() throws -> Dated<Self> {
        try checkRules()
        return Dated(input: self, date: try FoodField.date(date, loc: ["body", "date"]))
    }
}

/// `delete_food_log` arguments: `{ log_id }` (1–64 characters).
struct DeleteFoodLogArguments: RequestInput {
    var logID: String

    static let rules: [InputRule<Self>] = [.length("log_id", max: 64, min: 1) { $0.logID }]
}

/// docs/contract.md §4.24 `LoggedItem`: the whole plate's eight macros (kcal; g;
/// sodium mg), then id … photos. `recipe` is the slug or `null`.
struct LoggedItem: Codable, Sendable {
    var kcal, proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg: Double
    var id: String
    var slot: String
    var label: String
    var servings: Double
    var venue: String
    var cost: Double
    var currency: String
    var estimated: Bool
    @Nullable var recipe: String?
    var photos: [String]

    init(_ entry: MealLogEntry) {
        let m = FoodWire.finite(entry.macros)
        kcal = m.kcal
        proteinG = m.proteinG
        carbsG = m.carbsG
        sugarG = m.sugarG
        fiberG = m.fiberG
        fatG = m.fatG
        satfatG = m.satfatG
        sodiumMg = m.sodiumMg
        id = entry.id
        slot = entry.slot.rawValue
        label = entry.label
        servings = FoodWire.finite(entry.servings)
        venue = entry.venue
        cost = FoodWire.finite(entry.cost)
        currency = entry.currency
        estimated = entry.estimated
        recipe = entry.recipe
        photos = entry.photos
    }
}

/// docs/contract.md §4.24 `DaySummary`: `{ date, logged, totals }` (totals 1 dp).
struct DaySummary: Codable, Sendable {
    var date: String
    var logged: [LoggedItem]
    var totals: DayTotals
}

/// `log_food` → `{ id, duplicate, …DaySummary, targets }`.
struct FoodLogged: Codable, Sendable {
    var id: String
    var duplicate: Bool
    var date: String
    var logged: [LoggedItem]
    var totals: DayTotals
    var targets: Macros
}

/// `get_food_log` → `{ days, targets, today }`.
struct FoodLogDays: Codable, Sendable {
    var days: [DaySummary]
    var targets: Macros
    var today: String
}

/// `delete_food_log` → `{ ok: true, …DaySummary }`.
struct FoodLogDeleted: Codable, Sendable {
    var ok = true
    var date: String
    var logged: [LoggedItem]
    var totals: DayTotals
}
