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
            let hits = try FoodSearch.search(query.q ?? "", limit: query.limit ?? 20, db: app.db)
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
