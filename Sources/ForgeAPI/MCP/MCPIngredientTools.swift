import ForgeCook
import ForgeCore
import ForgeStore
import Foundation

/// `list_ingredients`, `bulk_import_ingredients`, `update_ingredient`,
/// `delete_ingredient` (docs/contract.md §4.24). Identity = the ingredient `name`.
enum MCPIngredientTools {
    static let aisles = ["produce", "protein", "dairy", "cupboard", "frozen"]

    /// Schema hints of one ingredient's fields.
    static var fieldHints: [String: JSONValue] {
        [
            "aisle": ["enum": .strings(aisles)], "unit": ["enum": .strings(["g", "ml", "x"])],
            "name": ["description": "trimmed, cut to 80 characters"],
        ]
    }

    static var tools: [MCPTool] {
        var bulkItem = MCPTool.schema(of: IngredientArguments.self, hints: fieldHints)
        bulkItem =
            bulkItem.objectValue.map { object in
                var o = object
                o["required"] = .strings(["name"])
                return .object(o)
            } ?? bulkItem
        return [
            .typed(
                "list_ingredients", "List the household ingredient reference, ordered by aisle then name.",
                ListIngredientsArguments.self,
                hints: [
                    "query": ["description": "case-insensitive name substring"],
                    "aisle": ["enum": .strings(aisles)], "pantry_only": ["default": false],
                    "limit": ["minimum": 1, "maximum": 500, "default": 200],
                ], run: list),
            .typed(
                "bulk_import_ingredients",
                "Create or update ingredient reference rows by name (per 100 g/ml, or per item for unit x).",
                BulkIngredientsArguments.self,
                hints: ["ingredients": ["items": bulkItem], "overwrite": ["default": true]],
                run: bulkImport),
            .typed(
                "update_ingredient", "Update the supplied fields of one ingredient.", IngredientArguments.self,
                hints: fieldHints, run: update),
            .typed(
                "delete_ingredient", "Delete one ingredient; reports how many recipes still reference it.",
                IngredientNameArguments.self, run: delete),
        ]
    }

    static func list(_ ctx: MCPContext, _ args: ListIngredientsArguments) throws -> JSONValue {
        let limit = min(max(args.limit ?? 200, 1), 500)
        let rows = try HouseholdIngredients.rows(
            query: args.query ?? "", aisle: args.aisle.flatMap { $0.isEmpty ? nil : $0 },
            pantryOnly: args.pantryOnly ?? false, in: ctx.app.db)
        return try WireEncoder.jsonValue(
            IngredientList(count: rows.count, ingredients: rows.prefix(limit).map(IngredientRow.init)))
    }

    static func bulkImport(_ ctx: MCPContext, _ args: BulkIngredientsArguments) throws -> JSONValue {
        try ctx.requireMember()
        let done = try HouseholdIngredients.bulkImport(
            args.ingredients.map { ($0.name, $0.fields) }, overwrite: args.overwrite ?? true, in: ctx.app.db)
        return try WireEncoder.jsonValue(
            IngredientsImported(
                count: done.created.count + done.updated.count, created: done.created,
                updated: done.updated, skipped: done.skipped))
    }

    static func update(_ ctx: MCPContext, _ args: IngredientArguments) throws -> JSONValue {
        try ctx.requireMember()
        do {
            let row = try HouseholdIngredients.update(args.name, args.fields, in: ctx.app.db)
            return try WireEncoder.jsonValue(IngredientUpdated(ingredient: IngredientRow(row)))
        } catch let error as HouseholdIngredientError {
            throw MCPToolError(error.description)
        }
    }

    static func delete(_ ctx: MCPContext, _ args: IngredientNameArguments) throws -> JSONValue {
        try ctx.requireMember()
        do {
            let referencing = try HouseholdIngredients.delete(args.name, in: ctx.app.db)
            return try WireEncoder.jsonValue(IngredientDeleted(recipesReferencing: referencing))
        } catch let error as HouseholdIngredientError {
            throw MCPToolError(error.description)
        }
    }
}
