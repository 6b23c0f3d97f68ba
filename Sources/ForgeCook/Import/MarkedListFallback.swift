import Foundation

/// The last resort for a page with no schema.org Recipe: its Open Graph
/// title (else `<title>`) and image, plus an ingredient list and a method
/// list only where the page marks them as such — the first element whose
/// `class` or `id` names ingredients (`ingredient`, `zutaten`,
/// `ingredienti`, `ingrediënten`, `ingredientes`) and the first that names
/// the method (`instruction`, `method`, `direction`, `preparation`,
/// `zubereitung`, `bereiding`, `preparazione`, `steps`), one line per list
/// item or block. Nothing is guessed from unmarked prose: without a title,
/// an ingredient line and a step it gives nil. An import from it is
/// parked with a warning.
public enum MarkedListFallback {
    static let ingredientMarks = ["ingredient", "zutaten", "ingrediënt", "ingredienti", "ingrediente"]
    static let methodMarks = ["instruction", "method", "direction", "preparation", "zubereitung", "bereiding",
                              "preparazione", "preparacion", "steps"]

    /// A JSON-LD-shaped node (`name`, `image`, `recipeIngredient`, `recipeInstructions`) or nil.
    public static func node(html: String) -> [String: Any]? {
        let tokens = HTMLTokens.scan(html)
        var og: [String: String] = [:]
        var title = ""
        var inTitle = false
        for token in tokens {
            switch token {
            case let .open(name, attributes, _):
                if name == "meta", let property = attributes["property"] ?? attributes["name"],
                   property.hasPrefix("og:"), og[property] == nil {
                    og[property] = attributes["content"]
                }
                inTitle = name == "title" && title.isEmpty
            case .close: inTitle = false
            case let .text(text): if inTitle { title += text }
            }
        }
        let name = HTMLText.collapse(og["og:title"] ?? title)
        let ingredients = lines(tokens, marks: ingredientMarks)
        let steps = lines(tokens, marks: methodMarks)
        guard !name.isEmpty, !ingredients.isEmpty, !steps.isEmpty else { return nil }
        var node: [String: Any] = ["@type": "Recipe", "name": name, "recipeIngredient": ingredients,
                                   "recipeInstructions": steps]
        if let image = og["og:image"] { node["image"] = image }
        if let description = og["og:description"] { node["description"] = description }
        return node
    }

    /// The lines of the first element whose class or id contains one of
    /// `marks` and that holds text; an element holding headings keeps
    /// only its list items when it has any.
    static func lines(_ tokens: [HTMLTokens.Token], marks: [String]) -> [String] {
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard case let .open(name, attributes, _) = tokens[index], !MicrodataRecipeReader.voidTags.contains(name),
                  !["body", "html", "main", "article"].contains(name) else { continue }
            let label = ((attributes["class"] ?? "") + " " + (attributes["id"] ?? "")).lowercased()
            guard marks.contains(where: label.contains) else { continue }
            var depth = 0
            var text = ""
            var items: [String] = []
            var item: String? = nil
            var k = index
            repeat {
                switch tokens[k] {
                case let .open(tag, _, selfClosing):
                    if MicrodataRecipeReader.blockTags.contains(tag) { text += "\n"; item? += "\n" }
                    if tag == "li" { if let item { items.append(item) }; item = "" }
                    if !selfClosing && !MicrodataRecipeReader.voidTags.contains(tag) { depth += 1 }
                case let .close(tag):
                    if MicrodataRecipeReader.blockTags.contains(tag) { text += "\n" }
                    if tag == "li", let done = item { items.append(done); item = nil }
                    depth -= 1
                case let .text(t):
                    text += t; item? += t
                }
                k += 1
            } while depth > 0 && k < tokens.count
            if let item { items.append(item) }
            let found = (items.isEmpty ? HTMLText.blocks(text) : items.map(HTMLText.collapse)).filter { !$0.isEmpty }
            if !found.isEmpty { return found }
        }
        return []
    }
}
