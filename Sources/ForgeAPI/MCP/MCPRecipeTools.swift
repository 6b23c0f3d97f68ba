import ForgeCook
import ForgeCore
import ForgeStore
import Foundation

/// `search_recipes`, `get_recipe`, `import_recipe` (API.md §4.24).
enum MCPRecipeTools {
    static let kinds = ["dinner", "breakfast", "lunch", "snack"]

    static var tools: [MCPTool] {
        [
            MCPTool(name: "search_recipes",
                    description: "Search the household recipe library by name or tag substring, ordered by name.",
                    inputSchema: MCPTool.schema([
                        "query": ["type": "string"],
                        "kind": ["type": "string", "enum": .strings(kinds)],
                        "include_incomplete": ["type": "boolean", "default": false,
                                               "description": "also list parked recipes"],
                    ]), run: search),
            MCPTool(name: "get_recipe", description: "One recipe with steps, raw ingredient lines and macros per serving.",
                    inputSchema: MCPTool.schema(["slug": ["type": "string"]], required: ["slug"]), run: get),
            MCPTool(name: "import_recipe",
                    description: "Create or update a recipe (identity: source_url, then slug). Steps should be written in done-when form. Parked when an ingredient is unknown without kcal_100, difficulty is hard, or kcal is 0.",
                    inputSchema: ImportRecipeArguments.schema, run: importRecipe),
        ]
    }

    static func search(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        let q = (args.string("query") ?? "").lowercased()
        let kind = args.string("kind") ?? ""
        let incomplete = args.bool("include_incomplete") ?? false
        let recipes = try ctx.app.db.read { try RecipeStore.all(in: $0) }.filter { r in
            (incomplete || r.complete) && (kind.isEmpty || r.kind.rawValue == kind)
                && (q.isEmpty || r.name.lowercased().contains(q) || r.tags.contains { $0.lowercased().contains(q) })
        }
        let cards: [JSONValue] = try recipes.map { r in
            try RecipeRoutes.merge(RecipeCard(r), ["tags": .strings(r.tags), "source": .string(r.source),
                                                   "source_url": .string(r.sourceURL), "complete": .bool(r.complete)])
        }
        return ["count": .int(cards.count), "recipes": .array(cards)]
    }

    static func get(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        let slug = args.string("slug") ?? ""
        guard let r = try ctx.app.db.read({ try RecipeStore.find(slug, in: $0) }) else {
            throw MCPToolError("unknown recipe slug")
        }
        return try RecipeRoutes.merge(RecipeCard(r), [
            "steps": try .encoded(r.steps), "ingredients": try .encoded(r.ingredients), "tags": .strings(r.tags),
            "images": .strings(r.images), "rating": .double(r.rating), "rating_count": .int(r.ratingCount),
            "source": .string(r.source), "source_url": .string(r.sourceURL), "complete": .bool(r.complete),
        ])
    }

    static func importRecipe(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        try ctx.requireMember()
        let input: RecipeImportInput
        do { input = try ImportRecipeArguments.input(args) }
        catch let error as RecipeImportError { throw MCPToolError(error.message) }
        let result: RecipeImporter.Result
        do { result = try RecipeImporter(app: ctx.app).importStructured(input) }
        catch let error as RecipeImportError { throw MCPToolError(error.message) }
        var out: [String: JSONValue] = [
            "slug": .string(result.outcome.recipe.slug), "updated": .bool(result.outcome.updated),
            "complete": .bool(result.outcome.recipe.complete), "images_stored": .int(result.imagesStored),
            "app_path": .string("/api/food/recipes/\(result.outcome.recipe.slug)"),
        ]
        if !result.outcome.ingredientsAdded.isEmpty { out["ingredients_added"] = .strings(result.outcome.ingredientsAdded) }
        if !result.warnings.isEmpty { out["warnings"] = .strings(result.warnings) }
        return .object(out)
    }
}
