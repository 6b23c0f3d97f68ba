import ForgeCook
import ForgeCore
import Foundation

/// `search_foods` and `set_recipe_line` (appliance additions): the MCP doors of
/// ``FoodReferenceRoutes``, calling the same ``FoodSearch`` and ``RecipeLineEdit``.
enum MCPFoodReferenceTools {
    static var tools: [MCPTool] {
        [
            .typed(
                "search_foods",
                "Search the foods a recipe line can be weighed against: the household's ingredient rows, then "
                    + "USDA SR28 (ids usda:NNNNN), with per-100 g values and household portions.",
                SearchFoodsArguments.self,
                hints: [
                    "query": ["description": "the food's name, e.g. \"unsalted butter\""],
                    "limit": ["minimum": 1, "maximum": 50, "default": 20],
                ], run: search),
            .typed(
                "set_recipe_line",
                "Set the food (an id from search_foods) and/or the grams of one ingredient line of a recipe; "
                    + "the recipe's macros and complete follow at once.",
                SetRecipeLineArguments.self,
                hints: [
                    "line": ["minimum": 1, "description": "the line's number, from 1"],
                    "grams": ["minimum": 0, "maximum": 100_000, "description": "0 counts the line as negligible"],
                ], run: setLine),
        ]
    }

    static func search(_ ctx: MCPContext, _ args: SearchFoodsArguments) throws -> JSONValue {
        let hits = try FoodSearch.search(args.query, limit: args.limit ?? 20, db: ctx.app.db)
        return try WireEncoder.jsonValue(FoodSearchAnswer(foods: hits.map(FoodSearchAnswer.Food.init)))
    }

    static func setLine(_ ctx: MCPContext, _ args: SetRecipeLineArguments) throws -> JSONValue {
        try ctx.requireMember()
        let (recipe, reference) = try RecipeLineEdit.apply(
            RecipeLineEdit.Change(food: args.food, grams: args.grams), slug: args.slug, index: args.line,
            db: ctx.app.db)
        return try WireEncoder.jsonValue(FoodWire.RecipeDetail(recipe, reference: reference))
    }
}

/// `search_foods` arguments: `{ query, limit? = 20 }`.
struct SearchFoodsArguments: RequestInput {
    var query: String
    var limit: Int?
    static let rules: [InputRule<Self>] = [
        .length("query", max: FoodBounds.query, min: 1) { $0.query },
        .range("limit", within: 1...FoodBounds.foodPage) { $0.limit },
    ]
}

/// `set_recipe_line` arguments: `{ slug, line, food?, grams? }`.
struct SetRecipeLineArguments: RequestInput {
    var slug: String
    var line: Int
    var food: String?
    var grams: Double?
    static let rules: [InputRule<Self>] = [
        .length("slug", max: 60, min: 1) { $0.slug },
        .length("food", max: FoodBounds.foodID, min: 1) { $0.food },
        .range("grams", within: FoodBounds.lineGrams) { $0.grams },
        .custom("grams") {
            guard $0.food == nil && $0.grams == nil else { return }
            throw ValidationFailure.error(loc: ["grams"], type: "missing", msg: "Give food, grams or both", input: nil)
        },
    ]
}
