import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `GET /api/food/recipes` and `GET /api/food/recipes/{slug}` (docs/contract.md §3.15).
enum RecipeRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/food/recipes", "The recipe library by name; q matches name or tag, kind is exact",
            access: .member, cache: .day, query: RecipeSearchQuery.self, answers: FoodWire.RecipeList.self,
            errors: [422]
        ) { request, _ in
            let query = try request.decodeQuery(RecipeSearchQuery.self)
            let recipes = try RecipeLibrary.search(
                query.q ?? "", kind: query.kind.flatMap(MealSlot.init(rawValue:)), in: app.db)
            guard query.isPaged else {
                return FoodWire.RecipeList(count: recipes.count, recipes: recipes.map(FoodWire.RecipeListing.init))
            }
            let page = recipes.dropFirst(query.offset ?? 0).prefix(query.limit ?? FoodBounds.recipePage)
            return FoodWire.RecipeList(
                count: page.count, recipes: page.map(FoodWire.RecipeListing.init), total: recipes.count)
        }
        router.route(
            .GET, "/api/food/recipes/:slug", "One recipe with steps, joined ingredients and per-serving macros",
            access: .member, cache: .day, answers: FoodWire.RecipeDetail.self, errors: [404]
        ) { request, _ in
            let slug = request.parameter("slug") ?? ""
            let (recipe, reference) = try RecipeLibrary.detail(slug, in: app.db)
            return FoodWire.RecipeDetail(recipe, reference: reference)
        }
    }

    /// A method step in the contract's shape plus `cue`: the done-when clause
    /// `CueExtractor` finds in `detail`; the key is absent when there is none.
    /// For routes not yet typed (kitchen display, MCP); typed routes use
    /// ``FoodWire/RecipeDetailStep``.
    static func step(_ step: RecipeStep) throws -> JSONValue {
        guard let cue = CueExtractor.cue(in: step.detail) else { return try .encoded(step) }
        return try merge(step, ["cue": .string(cue)])
    }

    /// `value` encoded as a JSON object with `extra` keys added. For routes
    /// not yet typed (recipe import, kitchen display, MCP).
    static func merge<T: Encodable>(_ value: T, _ extra: [String: JSONValue]) throws -> JSONValue {
        guard case .object(var object) = try JSONValue.encoded(value) else { return .object(extra) }
        object.merge(extra) { _, new in new }
        return .object(object)
    }
}
