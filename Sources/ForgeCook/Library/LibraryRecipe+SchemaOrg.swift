import Foundation

extension LibraryRecipe {
    /// The recipe in an app's schema.org `Recipe` JSON, as Nextcloud Cookbook writes `recipe.json` and
    /// Mealie v0.5 writes `<slug>.json`, read by the one schema.org reading (``SchemaOrgRecipe``, its text
    /// as a cook typed it: ``SchemaOrgRecipe/Source/app``) once Mealie's own dialect is put into
    /// schema.org's:
    /// - its snake_case names (`recipe_ingredient`, `recipe_instructions`, `prep_time`, `perform_time`,
    ///   `total_time`, `recipe_yield`, `recipe_category`) read as the schema.org ones;
    /// - a step's `title` (`{title, text}`) is the section of that step;
    /// - ingredient objects (`title` starts a section; the line is `originalText`/`original_text`, else
    ///   quantity, unit, food and note) are read here, as are `orgURL`/`org_url` beside `url`, `tags`
    ///   beside `recipeCategory` and `keywords`, and `notes` (text, or `{title, text}` objects).
    ///
    /// Missing or mistyped fields are left empty, never an error.
    /// - Parameters:
    ///   - raw: the decoded JSON object.
    ///   - origin: where it came from (the file name in the archive), kept on the recipe.
    init(schemaOrg raw: [String: Any], origin: String) {
        var node = raw
        for (snake, camel) in Self.mealieKeys where node[camel] == nil { node[camel] = raw[snake] }
        if let steps = node["recipeInstructions"] as? [Any] { node["recipeInstructions"] = steps.map(Self.mealieStep) }
        let read = SchemaOrgRecipe(node, source: .app)
        self.init(origin: origin, title: read.title)
        ingredients = Self.mealieLines(node["recipeIngredient"]) ?? read.ingredients
        steps = read.steps
        (prepMinutes, cookMinutes, totalMinutes) = (read.prepMinutes, read.cookMinutes, read.totalMinutes)
        (yield, servings, description, nutrition) = (read.yield, read.servings, read.description, read.nutrition)
        sourceURL = Self.text(node["url"] ?? node["orgURL"] ?? node["org_url"])
        var tags: [String] = []
        for tag in read.categories + read.keywords + SchemaOrgRecipe.labels(node["tags"]) where !tags.contains(tag) {
            tags.append(tag)
        }
        self.tags = tags
        if let notes = node["notes"] as? [[String: Any]] {
            self.notes = notes.map {
                [Self.text($0["title"]), Self.text($0["text"])].filter { !$0.isEmpty }.joined(separator: ": ")
            }
            .joined(separator: "\n")
        } else {
            notes = Self.text(node["notes"])
        }
    }

    /// Mealie v0.5's field names and the schema.org names read for them.
    static let mealieKeys: [(String, String)] = [
        ("recipe_ingredient", "recipeIngredient"), ("recipe_instructions", "recipeInstructions"),
        ("prep_time", "prepTime"), ("perform_time", "performTime"), ("cook_time", "cookTime"),
        ("total_time", "totalTime"), ("recipe_yield", "recipeYield"), ("recipe_category", "recipeCategory"),
    ]

    /// A Mealie step `{title, text}` as schema.org writes it: a `HowToSection` named by its title holding
    /// the text, or (no title) a `HowToStep`; any other item as it is.
    static func mealieStep(_ item: Any) -> Any {
        guard let object = item as? [String: Any], object["@type"] == nil, object["title"] != nil else { return item }
        let title = HTMLText.plain(text(object["title"]))
        let body = object["text"] ?? object["name"] ?? ""
        if title.isEmpty { return ["@type": "HowToStep", "text": body] }
        return ["@type": "HowToSection", "name": title, "itemListElement": body]
    }

    /// Mealie's ingredient objects as lines: a `title` starts the section of the lines after it; the line
    /// is `originalText`/`original_text`, else quantity, unit, food and note. Nil when `value` holds no
    /// object (plain strings: schema.org's lines).
    static func mealieLines(_ value: Any?) -> [Line]? {
        guard let items = value as? [Any], items.contains(where: { $0 is [String: Any] }) else { return nil }
        var lines: [Line] = []
        var section: String?
        for case let object as [String: Any] in items {
            let title = text(object["title"])
            if !title.isEmpty { section = title }
            var line = text(object["originalText"] ?? object["original_text"])
            if line.isEmpty {
                let amount = (object["quantity"] as? NSNumber)?.doubleValue ?? 0
                let quantity = amount > 0 ? LibraryText.number(amount) : ""
                let unit = text((object["unit"] as? [String: Any])?["name"] ?? object["unit"])
                let food = text((object["food"] as? [String: Any])?["name"] ?? object["food"])
                line = [quantity, unit, food, text(object["note"])].filter { !$0.isEmpty }.joined(separator: " ")
            }
            if !line.isEmpty { lines.append(Line(line, section: section)) }
        }
        return lines
    }

    /// A string trimmed, or a number as text; "" for anything else.
    static func text(_ value: Any?) -> String {
        if let s = value as? String { return s.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let n = value as? NSNumber { return n.stringValue }
        return ""
    }
}
