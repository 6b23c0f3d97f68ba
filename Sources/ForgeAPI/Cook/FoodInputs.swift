import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

/// Input limits of the food routes beyond ``Bounds`` (what a cook could mean;
/// anything bigger is a typo or an attack on the food week's size).
enum FoodBounds {
    /// Largest page of `GET /api/food/recipes?limit=` (and the page size when only `offset` is given).
    static let recipePage = 500
    /// Portions in one log: more than 0, at most 100.
    static let maxServings = 100.0
    /// A meal's cost, in its `currency`.
    static let cost = 0.0...100_000.0
    /// Photos on one log (each data URL up to 3 MiB decoded, under `--max-upload`).
    static let photos = 10
    /// A photo reference that is not a `data:` URL (a media path or remote URL), characters.
    static let photoReference = 2000
    /// `client_id`, characters (docs/contract.md §1.6).
    static let clientID = 40
    /// `venue`, characters (§4.20).
    static let venue = 80
    /// `currency`, characters (§4.20).
    static let currency = 8
    /// `source`, characters (an import label's limit, §4.21).
    static let source = 24
    /// A recipe slug as sent (library slugs are ≤ 60; a longer one can only be a typo).
    static let slug = Bounds.label
    /// A recipe search string, characters.
    static let query = Bounds.label
    /// Most foods one search answers (`GET /api/food/foods?limit=`, MCP `search_foods`).
    static let foodPage = 50
    /// A food id or household row name in a line's fix, characters.
    static let foodID = 80
    /// A line's grams in a fix: 0 (counts nothing) to 100,000.
    static let lineGrams = 0.0...100_000
}

/// The body of `POST /api/food/log` (docs/contract.md §3.15, rules §4.20):
/// `{ date?, slot, recipe?, servings? = 1, label?, kcal?…sodium_mg?, estimated? = false,
/// source?, client_id?, venue? = "", cost? = 0, currency? = "", note? = "", photos? = [] }`.
/// `null` reads as absent. Macros: kcal, grams, sodium milligrams.
struct MealLogBody: ValidatingInput {
    var date: String?
    var slot: String
    var recipe: String?
    var servings: Double?
    var label: String?
    var kcal, proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg: Double?
    var estimated: Bool?
    var source: String?
    var clientID: String?
    var venue: String?
    var cost: Double?
    var currency: String?
    var note: String?
    var photos: [String]?

    /// An off-plan snack with every member set.
    static var example: JSONValue? {
        [
            "date": "2026-07-20", "slot": "snack", "servings": 1, "label": "Apple", "kcal": 80, "protein_g": 0.4,
            "carbs_g": 21, "sugar_g": 15.6, "fiber_g": 3.6, "fat_g": 0.3, "satfat_g": 0.1, "sodium_mg": 2,
            "estimated": true, "source": "manual", "client_id": "offline-queue-1", "venue": "Home", "cost": 0.5,
            "currency": "GBP", "note": "Crisp", "photos": ["https://example.org/apple.jpg"],
        ]
    }

    /// Checks, in order, before anything is written: limits (422 naming the
    /// field: `servings` in (0, 100]; `kcal` and each macro 0–10,000 as sent;
    /// `cost` 0–100,000; `label` ≤ 120, `note` ≤ 4,000, `client_id` ≤ 40,
    /// `venue` ≤ 80, `currency` ≤ 8, `source` ≤ 24, `recipe` ≤ 120 characters;
    /// at most 10 `photos`, each non-`data:` reference ≤ 2,000 characters — a
    /// `data:` URL is checked when stored, 400 `photo N: …` over 3 MiB), then
    /// `slot` (400 `slot must be one of […]`), then `date` (400 `bad date`;
    /// 422 outside 1900–2100).
    static let rules: [InputRule<Self>] =
        [
            .positive("servings", max: FoodBounds.maxServings) { $0.servings },
            .publish("slot", keywords: ["enum": .array(MealSlot.allCases.map { .string($0.rawValue) })]),
        ]
        + InputRule<Self>.macros {
            [$0.kcal, $0.proteinG, $0.carbsG, $0.sugarG, $0.fiberG, $0.fatG, $0.satfatG, $0.sodiumMg]
        }
        + [
            .range("cost", within: FoodBounds.cost) { $0.cost },
            .length("recipe", max: FoodBounds.slug) { $0.recipe },
            .length("label", max: Bounds.label) { $0.label },
            .length("note", max: Bounds.note) { $0.note },
            .length("client_id", max: FoodBounds.clientID) { $0.clientID },
            .length("venue", max: FoodBounds.venue) { $0.venue },
            .length("currency", max: FoodBounds.currency) { $0.currency },
            .length("source", max: FoodBounds.source) { $0.source },
            .count("photos", max: FoodBounds.photos) { $0.photos },
            .custom {
                for (index, photo) in ($0.photos ?? []).enumerated() where !MealLogBody.isDataURL(photo) {
                    try Check.length(
                        photo.trimmingCharacters(in: .whitespacesAndNewlines), max: FoodBounds.photoReference,
                        "photos", .int(index))
                }
            },
            .dateText("date"),
        ]

    func validated() throws -> Checked {
        try checkRules()
        let slot = try mealSlot()
        return Checked(body: self, date: try FoodField.date(date, loc: ["body", "date"]), slot: slot)
    }

    /// The body with its `date` and `slot` parsed once (``validated()``).
    struct Checked: Sendable {
        let body: MealLogBody
        /// nil when absent or "" (today).
        let date: LocalDate?
        let slot: MealSlot

        /// The body as the domain's input; no `date` → `today`.
        func input(today: LocalDate) -> MealLogInput {
            let b = body
            let macros = zip(
                Macros.keys, [b.kcal, b.proteinG, b.carbsG, b.sugarG, b.fiberG, b.fatG, b.satfatG, b.sodiumMg]
            )
            .reduce(into: [String: Double]()) { out, pair in if let v = pair.1 { out[pair.0] = v } }
            return MealLogInput(
                day: date ?? today, slot: slot, recipe: b.recipe, servings: b.servings ?? 1, label: b.label,
                macros: macros, estimated: b.estimated ?? false, source: b.source,
                clientID: (b.clientID?.isEmpty ?? true) ? nil : b.clientID, venue: b.venue ?? "", cost: b.cost ?? 0,
                currency: b.currency ?? "", note: b.note ?? "", photos: b.photos ?? [])
        }
    }

    /// Whether `MealPhotos` treats `reference` as an inline upload (`data:`, any case, after trimming).
    static func isDataURL(_ reference: String) -> Bool {
        reference.trimmingCharacters(in: .whitespacesAndNewlines).prefix(5).lowercased() == "data:"
    }

    /// `slot` as a ``MealSlot``.
    /// - Throws: 400 `slot must be one of ['breakfast', 'lunch', 'dinner', 'snack']`.
    func mealSlot() throws -> MealSlot {
        guard let slot = MealSlot(rawValue: slot) else { throw FoodField.badSlot }
        return slot
    }
}

/// The body of `PATCH /api/food/week/slot` (docs/contract.md §3.15):
/// `{ date?, recipe, slot? = "dinner" }`.
struct FoodSlotEdit: ValidatingInput {
    var date: String?
    var recipe: String
    var slot: String?

    /// Tuesday's dinner from the library.
    static var example: JSONValue? { ["date": "2026-07-21", "recipe": "miso-salmon-greens", "slot": "dinner"] }

    /// 422 for a `recipe` over 120 characters; then 400 `slot must be one of […]`;
    /// then 400 `bad date` (422 outside 1900–2100).
    static let rules: [InputRule<Self>] = [
        .length("recipe", max: FoodBounds.slug) { $0.recipe },
        .publish("slot", keywords: ["enum": .array(MealSlot.allCases.map { .string($0.rawValue) })]),
        .dateText("date"),
    ]

    func validated() throws -> Checked {
        try checkRules()
        let slot = try mealSlot()
        return Checked(recipe: recipe, slot: slot, date: try FoodField.date(date, loc: ["body", "date"]))
    }

    /// The edit with its `slot` and `date` parsed once (``validated()``).
    struct Checked: Sendable {
        let recipe: String
        let slot: MealSlot
        /// nil when absent or "" (today).
        let date: LocalDate?
    }

    /// `slot`, default dinner.
    /// - Throws: 400 `slot must be one of ['breakfast', 'lunch', 'dinner', 'snack']`.
    func mealSlot() throws -> MealSlot {
        guard let slot = MealSlot(rawValue: slot ?? MealSlot.dinner.rawValue) else { throw FoodField.badSlot }
        return slot
    }
}

/// `GET /api/food/week?date=`: absent or "" → today.
struct FoodWeekQuery: ValidatingInput {
    var date: String?

    static let rules: [InputRule<Self>] = [.dateText("query", "date")]

    /// The date asked for, nil for today.
    /// - Throws: 400 `bad date` unless `YYYY-MM-DD`; 422 `["query", "date"]` outside 1900–2100.
    func validated() throws -> LocalDate? {
        try FoodField.date(date, loc: ["query", "date"])
    }
}

/// `GET /api/food/recipes?q=&kind=`: `q` a case-insensitive substring of
/// the name or a tag (≤ 120 characters); `kind` one of the four meal kinds.
struct RecipeSearchQuery: RequestInput {
    var q: String?
    var kind: String?
    /// Page size, 1…500 (appliance addition); with `limit` or `offset` the answer adds `total`.
    var limit: Int?
    /// Matches skipped before the page, 0…2³¹−1 (appliance addition).
    var offset: Int?

    /// Whether the caller asked for a page (`limit` or `offset` given).
    var isPaged: Bool { limit != nil || offset != nil }

    /// 422 `["query", "q"]` when `q` is over 120 characters; 422 `["query", "kind"]` for an unknown kind;
    /// 422 `["query", "limit"]` outside 1…500 and `["query", "offset"]` below 0.
    static let rules: [InputRule<Self>] = [
        .length("query", "q", max: FoodBounds.query) { $0.q },
        .oneOf("query", "kind", allowed: MealSlot.allCases.map(\.rawValue)) { $0.kind },
        .range("query", "limit", within: 1...FoodBounds.recipePage) { $0.limit },
        .range("query", "offset", within: 0...Int(Int32.max)) { $0.offset },
    ]
}

extension InputRule {
    /// `kcal` within ``Bounds/kcal`` and `protein_g`…`sodium_mg` within
    /// ``Bounds/macro``: the eight ``Macros/keys``, `values` in that order.
    static func macros(_ values: @escaping @Sendable (Input) -> [Double?]) -> [Self] {
        Macros.keys.enumerated().map { index, key in
            .range(.string(key), within: index == 0 ? Bounds.kcal : Bounds.macro) { values($0)[index] }
        }
    }
}

/// The food routes' `date` and `slot` rules with the contract's messages.
enum FoodField {
    /// 400 with the message docs/contract.md §3.15 fixes.
    static let badSlot = HTTPError(400, "slot must be one of ['breakfast', 'lunch', 'dinner', 'snack']")

    /// A `date` field or parameter: nil when absent or "" (the caller reads
    /// that as today); not `YYYY-MM-DD` → 400 `bad date`; a year outside
    /// 1900–2100 → 422 at `loc`.
    static func date(_ text: String?, loc: [String]) throws -> LocalDate? {
        guard let text, !text.isEmpty else { return nil }
        guard let date = LocalDate(text) else { throw HTTPError.badDate }
        guard Bounds.years.contains(date.year) else {
            throw ValidationFailure.error(
                loc: loc, type: "date_out_of_range",
                msg: "Date should be in the years \(Bounds.years.lowerBound)–\(Bounds.years.upperBound)",
                input: .string(text))
        }
        return date
    }
}
