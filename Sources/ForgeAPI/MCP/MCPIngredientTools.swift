import ForgeCook
import ForgeCore
import ForgeStore
import Foundation

/// `list_ingredients`, `bulk_import_ingredients`, `update_ingredient`,
/// `delete_ingredient` (API.md §4.24). Identity = the ingredient `name`.
enum MCPIngredientTools {
    static var valueProperties: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: Ingredient.valueKeys.map { ($0, ["type": "number"] as JSONValue) })
    }

    static var fieldProperties: [String: JSONValue] {
        var p = valueProperties
        p["name"] = ["type": "string"]
        p["aisle"] = ["type": "string", "enum": .strings(["produce", "protein", "dairy", "cupboard", "frozen"])]
        p["unit"] = ["type": "string", "enum": .strings(["g", "ml", "x"])]
        p["pack"] = ["type": "string"]
        p["pantry"] = ["type": "boolean"]
        return p
    }

    static func fields(_ object: [String: JSONValue]) -> IngredientImport.Fields {
        var f = IngredientImport.Fields()
        f.aisle = object["aisle"]?.stringValue
        f.unit = object["unit"]?.stringValue
        if let pack = object["pack"], !pack.isNull { f.pack = pack.stringValue ?? "" }
        f.pantry = MCPArguments.bool(object["pantry"])
        f.values = Ingredient.valueKeys.map { MCPArguments.double(object[$0]) }
        return f
    }

    static var tools: [MCPTool] {
        [
            MCPTool(name: "list_ingredients",
                    description: "List the household ingredient reference, ordered by aisle then name.",
                    inputSchema: MCPTool.schema([
                        "query": ["type": "string", "description": "case-insensitive name substring"],
                        "aisle": ["type": "string", "enum": .strings(["produce", "protein", "dairy", "cupboard", "frozen"])],
                        "pantry_only": ["type": "boolean", "default": false],
                        "limit": ["type": "integer", "minimum": 1, "maximum": 500, "default": 200],
                    ]), run: list),
            MCPTool(name: "bulk_import_ingredients",
                    description: "Create or update ingredient reference rows by name (per 100 g/ml, or per item for unit x).",
                    inputSchema: MCPTool.schema([
                        "ingredients": ["type": "array", "items": MCPTool.schema(fieldProperties, required: ["name"])],
                        "overwrite": ["type": "boolean", "default": true],
                    ], required: ["ingredients"]), run: bulkImport),
            MCPTool(name: "update_ingredient", description: "Update the supplied fields of one ingredient.",
                    inputSchema: MCPTool.schema(fieldProperties, required: ["name"]), run: update),
            MCPTool(name: "delete_ingredient",
                    description: "Delete one ingredient; reports how many recipes still reference it.",
                    inputSchema: MCPTool.schema(["name": ["type": "string"]], required: ["name"]), run: delete),
        ]
    }

    static func list(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        let query = (args.string("query") ?? "").lowercased()
        let aisle = args.string("aisle") ?? ""
        let pantryOnly = args.bool("pantry_only") ?? false
        let limit = min(max(args.int("limit") ?? 200, 1), 500)
        let rows = try ctx.app.db.read { try IngredientStore.reference(in: $0) }.rows.filter { row in
            (query.isEmpty || row.name.lowercased().contains(query)) && (aisle.isEmpty || row.aisle == aisle)
                && (!pantryOnly || row.pantry)
        }.sorted { ($0.aisle, $0.name) < ($1.aisle, $1.name) }
        return ["count": .int(rows.count), "ingredients": .array(try rows.prefix(limit).map(json))]
    }

    static func json(_ row: Ingredient) throws -> JSONValue {
        var r = row
        r.fix = nil
        return try .encoded(r)
    }

    static func bulkImport(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        try ctx.requireMember()
        guard let items = args.objects("ingredients"), !items.isEmpty else {
            throw MCPToolError("ingredients must be a non-empty list")
        }
        let overwrite = args.bool("overwrite") ?? true
        var created: [String] = [], updated: [String] = [], skipped: [String] = []
        try ctx.app.db.write { db in
            for item in items {
                let name = IngredientImport.cleanName(item["name"]?.stringValue ?? "")
                guard !name.isEmpty else { skipped.append("(unnamed)"); continue }
                let f = fields(item)
                if created.contains(name) || updated.contains(name) {
                    try IngredientImport.apply(f, to: name, in: db)          // repeat in one payload
                } else if try IngredientImport.find(name, in: db) != nil {
                    guard overwrite else { skipped.append(name); continue }
                    try IngredientImport.apply(f, to: name, in: db)
                    updated.append(name)
                } else {
                    try IngredientImport.create(name, f, in: db)
                    created.append(name)
                }
            }
        }
        return ["count": .int(created.count + updated.count), "created": .strings(created),
                "updated": .strings(updated), "skipped": .strings(skipped)]
    }

    static func update(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        try ctx.requireMember()
        let name = IngredientImport.cleanName(args.string("name") ?? "")
        guard !name.isEmpty else { throw MCPToolError("name required") }
        let row: Ingredient = try ctx.app.db.write { db in
            guard try IngredientImport.find(name, in: db) != nil else { throw MCPToolError("unknown ingredient: \(name)") }
            try IngredientImport.apply(fields(args.object), to: name, in: db)
            return try IngredientImport.find(name, in: db)!
        }
        return ["ok": true, "ingredient": try json(row)]
    }

    static func delete(_ ctx: MCPContext, _ args: MCPArguments) throws -> JSONValue {
        try ctx.requireMember()
        let name = IngredientImport.cleanName(args.string("name") ?? "")
        let referencing = try ctx.app.db.write { db in try IngredientImport.delete(name, in: db) }
        guard let referencing else { throw MCPToolError("unknown ingredient: \(name)") }
        return ["deleted": true, "recipes_referencing": .int(referencing)]
    }
}
