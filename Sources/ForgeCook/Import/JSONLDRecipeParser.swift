import Foundation

/// Reads the schema.org Recipe from a page's JSON-LD and normalises it
/// into a ``PageRecipe``.
///
/// Where the recipe is looked for: every `application/ld+json` script block
/// (a block that is not valid JSON is skipped), each block being an object,
/// an array of nodes, or an object with an `@graph` array (non-object
/// entries ignored); also a `mainEntity` of a page node. The first node
/// whose `@type` is or contains `Recipe` wins.
public enum JSONLDRecipeParser {
    /// Why no recipe could be read.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No JSON-LD block held a Recipe node (the cases file's `no_recipe`).
        case noRecipe
        public var description: String { "no recipe found on the page" }
        /// Stable machine code.
        public var code: String { "no_recipe" }
    }

    /// The page's recipe.
    /// - Parameters:
    ///   - html: the page.
    ///   - pageURL: the page address, used to resolve relative image URLs.
    /// - Throws: ``Failure/noRecipe``.
    public static func parse(html: String, pageURL: String) throws -> PageRecipe {
        for block in ScriptBlockScanner.jsonLDBlocks(in: html) {
            guard let data = block.data(using: .utf8),
                  let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
                  let node = findRecipe(json, depth: 0) else { continue }
            return normalise(node, base: URL(string: pageURL))
        }
        throw Failure.noRecipe
    }

    static func findRecipe(_ json: Any, depth: Int) -> [String: Any]? {
        guard depth < 8 else { return nil }
        if let array = json as? [Any] {
            for element in array { if let found = findRecipe(element, depth: depth + 1) { return found } }
            return nil
        }
        guard let object = json as? [String: Any] else { return nil }
        if isRecipe(object["@type"]) { return object }
        if let graph = object["@graph"], let found = findRecipe(graph, depth: depth + 1) { return found }
        if let main = object["mainEntity"], let found = findRecipe(main, depth: depth + 1) { return found }
        return nil
    }

    static func isRecipe(_ type: Any?) -> Bool {
        let names: [String] = (type as? String).map { [$0] } ?? (type as? [Any])?.compactMap { $0 as? String } ?? []
        return names.contains { name in
            let last = name.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last.map(String.init) ?? name
            return last == "Recipe"
        }
    }

    static func normalise(_ node: [String: Any], base: URL?) -> PageRecipe {
        var recipe = PageRecipe()
        recipe.title = firstText(node["name"]) ?? firstText(node["headline"]) ?? ""
        recipe.ingredients = ingredientLines(node["recipeIngredient"] ?? node["ingredients"])
        recipe.steps = InstructionFlattener.steps(node["recipeInstructions"])
        recipe.totalMinutes = minutes(node)
        recipe.servings = RecipeYield.servings(node["recipeYield"])
        recipe.images = ImageList.urls(node["image"], base: base)
        recipe.nutrition = NutritionText.read(node["nutrition"])
        recipe.description = firstText(node["description"]) ?? ""
        recipe.categories = texts(node["recipeCategory"]).map { $0.lowercased() }
        recipe.keywords = texts(node["keywords"]).flatMap { $0.split(separator: ",") }
            .map { HTMLText.collapse(String($0)).lowercased() }.filter { !$0.isEmpty }
        return recipe
    }

    /// `totalTime`, else the sum of the known ones of `prepTime` and `cookTime`.
    static func minutes(_ node: [String: Any]) -> Int? {
        if let total = (node["totalTime"] as? String).flatMap(ISODuration.minutes) { return total }
        let parts = ["prepTime", "cookTime"].compactMap { (node[$0] as? String).flatMap(ISODuration.minutes) }
        return parts.isEmpty ? nil : parts.reduce(0, +)
    }

    /// Ingredient lines: each string split at line breaks and block tags
    /// (a string holding several lines gives one line each), numbers as
    /// text, `PropertyValue` objects as `value unitText name`, nested lists
    /// flattened; empties dropped.
    static func ingredientLines(_ value: Any?) -> [String] {
        switch value {
        case let s as String:
            return HTMLText.blocks(s)
        case let n as NSNumber:
            return [n.stringValue]
        case let a as [Any]:
            return a.flatMap { ingredientLines($0) }
        case let o as [String: Any]:
            let parts = [o["value"], o["unitText"] ?? o["unitCode"], o["name"]].flatMap { texts($0) }
            let line = parts.joined(separator: " ")
            return line.isEmpty ? [] : [line]
        default:
            return []
        }
    }

    /// The first non-empty plain text of a string or a list of strings.
    static func firstText(_ value: Any?) -> String? { texts(value).first }

    /// Plain texts of a string, a number or a (nested) list of them; empties dropped.
    static func texts(_ value: Any?) -> [String] {
        switch value {
        case let s as String:
            let t = HTMLText.plain(s)
            return t.isEmpty ? [] : [t]
        case let n as NSNumber:
            return [n.stringValue]
        case let a as [Any]:
            return a.flatMap { texts($0) }
        default:
            return []
        }
    }
}
