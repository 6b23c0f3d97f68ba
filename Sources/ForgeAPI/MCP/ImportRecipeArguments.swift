import ForgeCook
import ForgeCore
import Foundation

/// Reads MCP `import_recipe` arguments into ``RecipeImportInput``
/// (API.md §4.24). Errors (as ``RecipeImportError``): missing name or
/// source_url; non-http(s) source_url; empty slug; kind not one of the
/// four; empty steps or ingredients; a step without title or detail; an
/// ingredient without a name. `kcal` and `protein_g` are required by the
/// schema; a missing one reads as 0 (so `kcal` missing parks the recipe).
enum ImportRecipeArguments {
    static var schema: JSONValue {
        var props: [String: JSONValue] = [
            "name": ["type": "string"], "slug": ["type": "string"],
            "kind": ["type": "string", "enum": .strings(MCPRecipeTools.kinds), "default": "dinner"],
            "minutes": ["type": "integer"],
            "difficulty": ["type": "string", "enum": .strings(["easy", "medium", "hard"]), "default": "easy"],
            "serves": ["type": "integer", "default": 2], "batch": ["type": "integer", "default": 0],
            "why": ["type": "string"], "tags": ["type": "array", "items": ["type": "string"]],
            "images": ["type": "array", "items": ["type": "string"],
                       "description": "http(s) URLs or data:image/...;base64 URLs; first = hero"],
            "rating": ["type": "number", "minimum": 0, "maximum": 5], "rating_count": ["type": "integer"],
            "source": ["type": "string"], "source_url": ["type": "string"],
        ]
        for key in Macros.keys { props[key] = ["type": "number"] }
        var line = MCPIngredientTools.valueProperties
        for key in ["name", "unit", "disp", "note"] { line[key] = ["type": "string"] }
        line["qty"] = ["type": ["number", "null"] as JSONValue]
        line["aisle"] = ["type": "string", "enum": .strings(["produce", "protein", "dairy", "cupboard", "frozen"])]
        line["pantry"] = ["type": "boolean"]
        props["ingredients"] = ["type": "array", "items": MCPTool.schema(line, required: ["name"])]
        props["steps"] = ["type": "array", "items": MCPTool.schema([
            "title": ["type": "string"], "detail": ["type": "string", "description": "ends with the done-when cue"],
            "minutes": ["type": "integer"], "timer": ["type": "boolean"], "parallel": ["type": "boolean"],
            "image": ["type": "string"],
        ], required: ["title", "detail"])]
        return MCPTool.schema(props, required: ["name", "kcal", "protein_g", "ingredients", "steps", "source_url"])
    }

    static func input(_ args: MCPArguments) throws -> RecipeImportInput {
        let name = (args.string("name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw RecipeImportError("name required") }
        let sourceURL = (args.string("source_url") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !sourceURL.isEmpty else { throw RecipeImportError("source_url required") }
        let lowerURL = sourceURL.lowercased()
        guard lowerURL.hasPrefix("http://") || lowerURL.hasPrefix("https://") else {
            throw RecipeImportError("source_url must be an http(s) URL")
        }
        let slug = ImportSlug.make(args.string("slug").flatMap { $0.isEmpty ? nil : $0 } ?? name)
        guard !slug.isEmpty else { throw RecipeImportError("empty slug") }
        let kindText = args.string("kind") ?? "dinner"
        guard let kind = MealSlot(rawValue: kindText) else {
            throw RecipeImportError("kind must be one of \(MCPRecipeTools.kinds.joined(separator: ", "))")
        }
        guard let stepObjects = args.objects("steps"), !stepObjects.isEmpty else { throw RecipeImportError("steps required") }
        guard let lineObjects = args.objects("ingredients"), !lineObjects.isEmpty else {
            throw RecipeImportError("ingredients required")
        }
        let steps: [RecipeStep] = try stepObjects.enumerated().map { index, s in
            let a = MCPArguments(object: s)
            guard let title = a.string("title"), !title.isEmpty, let detail = a.string("detail"), !detail.isEmpty else {
                throw RecipeImportError("step \(index + 1) needs a title and a detail")
            }
            let parallel = a.bool("parallel")
            return RecipeStep(title: title, detail: detail, minutes: a.int("minutes"),
                              timer: parallel == true ? true : a.bool("timer"), parallel: parallel,
                              image: a.string("image").flatMap { $0.isEmpty ? nil : $0 })
        }
        let lines: [RecipeImportInput.Line] = try lineObjects.enumerated().map { index, l in
            let a = MCPArguments(object: l)
            guard let lineName = a.string("name").map(IngredientImport.cleanName), !lineName.isEmpty else {
                throw RecipeImportError("ingredient \(index + 1) needs a name")
            }
            let line = RecipeIngredient(name: lineName, qty: a.double("qty"), unit: a.string("unit") ?? "",
                                        disp: a.string("disp") ?? "", note: a.string("note").flatMap { $0.isEmpty ? nil : $0 })
            return RecipeImportInput.Line(line: line, values: Ingredient.valueKeys.map { a.double($0) },
                                          aisle: a.string("aisle"), pantry: a.bool("pantry"))
        }
        let macros = Macros(values: Macros.keys.map { args.double($0) ?? 0 })
        var tags: [String] = []
        for tag in args.strings("tags") where !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
        return RecipeImportInput(
            name: name, slug: slug, kind: kind, minutes: args.int("minutes") ?? 0,
            difficulty: args.string("difficulty") ?? "easy", serves: args.int("serves") ?? 2,
            batch: args.int("batch") ?? 0, macros: macros, why: args.string("why") ?? "", lines: lines,
            steps: steps, tags: tags, images: args.strings("images"), rating: args.double("rating") ?? 0,
            ratingCount: args.int("rating_count") ?? 0, source: args.string("source") ?? "import",
            sourceURL: sourceURL)
    }
}
