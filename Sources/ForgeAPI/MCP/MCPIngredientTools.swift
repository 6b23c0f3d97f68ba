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
        let query = (args.query ?? "").lowercased()
        let aisle = args.aisle ?? ""
        let pantryOnly = args.pantryOnly ?? false
        let limit = min(max(args.limit ?? 200, 1), 500)
        let rows = try ctx.app.db.read { try IngredientStore.reference(in: $0) }.rows.filter { row in
            (query.isEmpty || row.name.lowercased().contains(query)) && (aisle.isEmpty || row.aisle == aisle)
                && (!pantryOnly || row.pantry)
        }.sorted { ($0.aisle, $0.name) < ($1.aisle, $1.name) }
        return try WireEncoder.jsonValue(
            IngredientList(count: rows.count, ingredients: rows.prefix(limit).map(IngredientRow.init)))
    }

    static func bulkImport(_ ctx: MCPContext, _ args: BulkIngredientsArguments) throws -> JSONValue {
        try ctx.requireMember()
        let overwrite = args.overwrite ?? true
        var created: [String] = []
        var updated: [String] = []
        var skipped: [String] = []
        try ctx.app.db.write { db in
            for item in args.ingredients {
                let name = IngredientImport.cleanName(item.name)
                guard !name.isEmpty else {
                    skipped.append("(unnamed)")
                    continue
                }
                let f = item.fields
                if created.contains(name) || updated.contains(name) {
                    try IngredientImport.apply(f, to: name, in: db)  // repeat in one payload
                } else if try IngredientImport.find(name, in: db) != nil {
                    guard overwrite else {
                        skipped.append(name)
                        continue
                    }
                    try IngredientImport.apply(f, to: name, in: db)
                    updated.append(name)
                } else {
                    try IngredientImport.create(name, f, in: db)
                    created.append(name)
                }
            }
        }
        return try WireEncoder.jsonValue(
            IngredientsImported(
                count: created.count + updated.count, created: created,
                updated: updated, skipped: skipped))
    }

    static func update(_ ctx: MCPContext, _ args: IngredientArguments) throws -> JSONValue {
        try ctx.requireMember()
        let name = IngredientImport.cleanName(args.name)
        guard !name.isEmpty else { throw MCPToolError("name required") }
        let row: Ingredient = try ctx.app.db.write { db in
            guard try IngredientImport.find(name, in: db) != nil else {
                throw MCPToolError("unknown ingredient: \(name)")
            }
            try IngredientImport.apply(args.fields, to: name, in: db)
            return try IngredientImport.find(name, in: db)!
        }
        return try WireEncoder.jsonValue(IngredientUpdated(ingredient: IngredientRow(row)))
    }

    static func delete(_ ctx: MCPContext, _ args: IngredientNameArguments) throws -> JSONValue {
        try ctx.requireMember()
        let name = IngredientImport.cleanName(args.name)
        let referencing = try ctx.app.db.write { db in try IngredientImport.delete(name, in: db) }
        guard let referencing else { throw MCPToolError("unknown ingredient: \(name)") }
        return try WireEncoder.jsonValue(IngredientDeleted(recipesReferencing: referencing))
    }
}
