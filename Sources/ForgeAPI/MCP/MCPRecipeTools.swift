import ForgeCook
import ForgeCore
import ForgeStore
import Foundation

/// `search_recipes`, `get_recipe`, `import_recipe` (docs/contract.md §4.24).
enum MCPRecipeTools {
    static let kinds = ["dinner", "breakfast", "lunch", "snack"]

    static var tools: [MCPTool] {
        [
            .typed(
                "search_recipes", "Search the household recipe library by name or tag substring, ordered by name.",
                SearchRecipesArguments.self,
                hints: [
                    "kind": ["enum": .strings(kinds)],
                    "include_incomplete": ["default": false, "description": "also list parked recipes"],
                ], run: search),
            .typed(
                "get_recipe", "One recipe with steps, raw ingredient lines and macros per serving.",
                RecipeSlugArguments.self, run: get),
            .typed(
                "import_recipe",
                "Create or update a recipe (identity: source_url, then slug). Steps should be written in done-when form. Parked when an ingredient is unknown without kcal_100, difficulty is hard, or kcal is 0.",
                ImportRecipeArguments.self, hints: ImportRecipeArguments.hints,
                required: ["name", "kcal", "protein_g", "ingredients", "steps", "source_url"], run: importRecipe),
        ]
    }

    static func search(_ ctx: MCPContext, _ args: SearchRecipesArguments) throws -> JSONValue {
        let recipes = try RecipeLibrary.search(
            args.query ?? "", kind: args.kind.flatMap(MealSlot.init(rawValue:)),
            includeIncomplete: args.includeIncomplete ?? false, in: ctx.app.db)
        let cards: [JSONValue] = try recipes.map { r in
            try WireEncoder.merged(
                FoodWire.RecipeCard(r),
                [
                    "tags": .strings(r.tags), "source": .string(r.source),
                    "source_url": .string(r.sourceURL), "complete": .bool(r.complete),
                ])
        }
        return ["count": .int(cards.count), "recipes": .array(cards)]
    }

    static func get(_ ctx: MCPContext, _ args: RecipeSlugArguments) throws -> JSONValue {
        let r: Recipe
        do { r = try RecipeLibrary.recipe(args.slug, in: ctx.app.db) } catch RecipeLibraryError.unknownRecipe {
            throw MCPToolError("unknown recipe slug")  // the contract's words for this tool (§4.24)
        }
        return try WireEncoder.merged(
            FoodWire.RecipeCard(r),
            [
                "steps": try WireEncoder.jsonValue(r.steps), "ingredients": try WireEncoder.jsonValue(r.ingredients),
                "tags": .strings(r.tags), "images": .strings(r.images), "rating": .double(FoodWire.finite(r.rating)),
                "rating_count": .int(r.ratingCount), "source": .string(r.source), "source_url": .string(r.sourceURL),
                "complete": .bool(r.complete),
            ])
    }

    static func importRecipe(_ ctx: MCPContext, _ args: ImportRecipeArguments) throws -> JSONValue {
        try ctx.requireMember()
        let input: RecipeImportInput
        do { input = try args.input() } catch let error as RecipeImportError { throw MCPToolError(error.message) }
        let result: RecipeImporter.Result
        do { result = try ctx.app.recipeImporter.importStructured(input) } catch let error as RecipeImportError {
            throw MCPToolError(error.message)
        }
        let recipe = result.outcome.recipe
        return try WireEncoder.jsonValue(
            RecipeImported(
                slug: recipe.slug, updated: result.outcome.updated, complete: recipe.complete,
                imagesStored: result.imagesStored, appPath: "/api/food/recipes/\(recipe.slug)",
                ingredientsAdded: result.outcome.ingredientsAdded.isEmpty ? nil : result.outcome.ingredientsAdded,
                warnings: result.warnings.isEmpty ? nil : result.warnings))
    }
}

/// `search_recipes` arguments: `{ query? (≤ 120), kind?, include_incomplete? = false }`.
struct SearchRecipesArguments: RequestInput {
    var query: String?
    var kind: String?
    var includeIncomplete: Bool?

    static let rules: [InputRule<Self>] = [
        .length("query", max: FoodBounds.query) { $0.query },
        .oneOf("kind", allowed: MCPRecipeTools.kinds) { ($0.kind?.isEmpty ?? true) ? nil : $0.kind },
    ]
}

/// `get_recipe` arguments: `{ slug }` (≤ 120 characters).
struct RecipeSlugArguments: RequestInput {
    var slug: String

    static let rules: [InputRule<Self>] = [.length("slug", max: FoodBounds.slug) { $0.slug }]
}

/// `import_recipe` → `{ slug, updated, complete, images_stored, app_path, ingredients_added?, warnings? }`.
struct RecipeImported: Codable, Sendable {
    var slug: String
    var updated: Bool
    var complete: Bool
    var imagesStored: Int
    var appPath: String
    var ingredientsAdded: [String]?
    var warnings: [String]?
}
