import ForgeCook
import ForgeCore
import Foundation

/// `GET /api/food/foods` query: `q` (≤ 120 characters; absent or blank lists the household's rows),
/// `limit` 1…50 (default 20).
struct FoodSearchQuery: RequestInput {
    var q: String?
    var limit: Int?

    static var example: JSONValue? { ["q": "unsalted butter"] }
    static let rules: [InputRule<Self>] = [
        .length("query", "q", max: FoodBounds.query) { $0.q },
        .range("query", "limit", within: 1...FoodBounds.foodPage) { $0.limit },
    ]
}

/// `GET /api/food/foods` → `{ foods: [Food] }`.
struct FoodSearchAnswer: Codable, Sendable {
    /// One food: `id` (`usda:01001`, or a household row's name), `source` (`household` | `usda`), `name`,
    /// `unit` (`g` | `ml` | `x`: what the `*_100` values are per), the eight `*_100` values, and USDA's
    /// household `portions` (`amount` of `measure` weighs `grams`).
    struct Food: Codable, Sendable {
        var id: String
        var source: String
        var name: String
        var unit: String
        var kcal100, protein100, carbs100, sugar100, fiber100, fat100, satfat100, sodium100: Double
        var portions: [Portion]

        struct Portion: Codable, Sendable {
            var amount: Double
            var measure: String
            var grams: Double
        }

        init(_ hit: FoodSearch.Hit) {
            id = hit.id
            source = hit.source
            name = hit.name
            unit = hit.unit
            let v = hit.values
            kcal100 = FoodWire.finite(v.kcal)
            protein100 = FoodWire.finite(v.proteinG)
            carbs100 = FoodWire.finite(v.carbsG)
            sugar100 = FoodWire.finite(v.sugarG)
            fiber100 = FoodWire.finite(v.fiberG)
            fat100 = FoodWire.finite(v.fatG)
            satfat100 = FoodWire.finite(v.satfatG)
            sodium100 = FoodWire.finite(v.sodiumMg)
            portions = hit.portions.map { Portion(amount: $0.amount, measure: $0.measure, grams: $0.grams) }
        }

        enum CodingKeys: String, CodingKey {
            case id, source, name, unit, portions
            case kcal100 = "kcal_100", protein100 = "protein_100", carbs100 = "carbs_100", sugar100 = "sugar_100"
            case fiber100 = "fiber_100", fat100 = "fat_100", satfat100 = "satfat_100", sodium100 = "sodium_100"
        }
    }
    var foods: [Food]
}

/// `PATCH /api/food/recipes/{slug}/ingredients/{line}` body: `food` (`usda:NNNNN` from `GET /api/food/foods`,
/// or a household row's name) and/or `grams` (0–100,000; 0 counts the line as negligible); at least one.
struct RecipeLineChangeInput: RequestInput {
    var food: String?
    var grams: Double?

    static var example: JSONValue? { ["food": "usda:01145", "grams": 170] }
    static let rules: [InputRule<Self>] = [
        .length("food", max: FoodBounds.foodID, min: 1) { $0.food },
        .range("grams", within: FoodBounds.lineGrams) { $0.grams },
        .custom("body") {
            guard $0.food == nil && $0.grams == nil else { return }
            throw ValidationFailure.error(
                loc: ["body"], type: "missing", msg: "Give food, grams or both", input: nil)
        },
    ]
}
