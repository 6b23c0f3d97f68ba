import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

/// The food reference a recipe line is weighed against, and a member's fix of
/// one line (appliance additions beside the recipe routes):
/// `GET /api/food/foods?q=` searches the household's rows and USDA SR28;
/// `PATCH /api/food/recipes/{slug}/ingredients/{line}` sets a line's food or
/// grams, and the recipe's macros and `complete` follow at once.
enum FoodReferenceRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/food/foods", "Foods a recipe line can be weighed against: household rows, then USDA SR28",
            access: .member, cache: .day, query: FoodSearchQuery.self, answers: FoodSearchAnswer.self, errors: [422]
        ) { request, _ in
            let query = try request.decodeQuery(FoodSearchQuery.self)
            let household = try app.db.read { try IngredientStore.reference(in: $0) }
            let hits = FoodSearch.search(query.q ?? "", household: household, limit: query.limit ?? 20)
            return FoodSearchAnswer(foods: hits.map(FoodSearchAnswer.Food.init))
        }
        router.route(
            .PATCH, "/api/food/recipes/:slug/ingredients/:line",
            "Set one ingredient line's food or grams; the recipe's macros and complete follow",
            access: .member, body: RecipeLineChangeInput.self, answers: FoodWire.RecipeDetail.self,
            errors: [403, 404, 409, 422]
        ) { request, principal in
            guard !principal.caller.user.isDemo else { throw HTTPError(403, "the demo cannot edit recipes") }
            let slug = request.parameter("slug") ?? ""
            try RecipeLineEdit.requireEditable(slug: slug, db: app.db)
            let input = try request.decode(RecipeLineChangeInput.self)
            // A line that is no number names no line: 404, as one past the end does.
            let line = Int(request.parameter("line") ?? "") ?? 0
            let (recipe, reference) = try RecipeLineEdit.apply(
                RecipeLineEdit.Change(food: input.food, grams: input.grams), slug: slug, index: line, db: app.db)
            return FoodWire.RecipeDetail(recipe, reference: reference)
        }
    }
}

/// `GET /api/food/foods` query: `q` (≤ 120 characters; absent or blank lists the household's rows),
/// `limit` 1…50 (default 20).
struct FoodSearchQuery: RequestInput {
    var q: String?
    var limit: Int?

    static var example: JSONValue? { ["q": "unsalted butter"] }
    static let rules: [InputRule<Self>] = [
        .length("query", "q", max: FoodBounds.query) { $0.q },
        .range("query", "limit", within: 1...50) { $0.limit },
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
            let v = hit.values.values.map { FoodWire.finite($0) }
            (kcal100, protein100, carbs100, sugar100) = (v[0], v[1], v[2], v[3])
            (fiber100, fat100, satfat100, sodium100) = (v[4], v[5], v[6], v[7])
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
/// or a household row's name) and/or `grams` (0 < grams ≤ 100,000); at least one.
struct RecipeLineChangeInput: RequestInput {
    var food: String?
    var grams: Double?

    static var example: JSONValue? { ["food": "usda:01145", "grams": 170] }
    static let rules: [InputRule<Self>] = [
        .length("body", "food", max: 80, min: 1) { $0.food },
        .positive("body", "grams", max: 100_000) { $0.grams },
        .custom("body") {
            guard $0.food == nil && $0.grams == nil else { return }
            throw ValidationFailure.error(
                loc: ["body"], type: "missing", msg: "Give food, grams or both", input: nil)
        },
    ]
}
