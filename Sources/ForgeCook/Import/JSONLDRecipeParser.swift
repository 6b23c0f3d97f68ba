import Foundation

/// Reads the schema.org Recipe from a page's JSON-LD and normalises it
/// into a ``PageRecipe``.
///
/// Where the recipe is looked for: every `application/ld+json` script block
/// (repaired by ``JSONLDRepair`` where a browser would not mind; a block
/// that is still not JSON is skipped), each block being an object,
/// an array of nodes, or an object with an `@graph` array (non-object
/// entries ignored); also a `mainEntity` of a page node, then any other
/// nested object or list (an `ItemList`'s items). The first node
/// whose `@type` is or contains `Recipe` wins; what it leaves out of image,
/// yield and total time is filled from the page (``PageCardDetails``). Without one: microdata or
/// RDFa (``MicrodataRecipeReader``), then ``MarkedListFallback`` (marked
/// `fromFallback`, with a warning).
package enum JSONLDRecipeParser {
    /// Why no recipe could be read.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// No JSON-LD block held a Recipe node (the cases file's `no_recipe`).
        case noRecipe
        package var description: String {
            "no recipe found on the page: looked for a schema.org Recipe in JSON-LD, microdata and RDFa, "
                + "then for an Open Graph title with lists marked as ingredients and method"
        }
        /// Stable machine code.
        package var code: String { "no_recipe" }
    }

    /// The page's recipe.
    /// - Parameters:
    ///   - html: the page.
    ///   - pageURL: the page address, used to resolve relative image URLs.
    /// - Throws: ``Failure/noRecipe``.
    package static func parse(html: String, pageURL: String) throws -> PageRecipe {
        var recipe = try read(html: html, pageURL: pageURL)
        recipe.language = PageLanguage.tag(declared: recipe.language.isEmpty ? nil : recipe.language, html: html)
        return recipe
    }

    /// The page's recipe, its `language` only as the Recipe declares it.
    static func read(html: String, pageURL: String) throws -> PageRecipe {
        let blocks = ScriptBlockScanner.jsonLDBlocks(in: html).compactMap(JSONLDRepair.parse)
        for json in blocks {
            guard var node = findRecipe(json, depth: 0) else { continue }
            // `{"@id": …}` references (a graph's ImageObject) resolved against every block's nodes.
            var ids: [String: [String: Any]] = [:]
            for block in blocks { index(block, into: &ids, depth: 0) }
            if let image = node["image"] { node["image"] = resolve(image, ids: ids) }
            return filled(
                normalise(node, base: URL(string: pageURL)), html: html, pageURL: pageURL,
                recipeCount: recipeCount(blocks))
        }
        if let node = MicrodataRecipeReader.node(html: html) {
            return filled(normalise(node, base: URL(string: pageURL)), html: html, pageURL: pageURL)
        }
        if let node = MarkedListFallback.node(html: html, pageURL: pageURL) {
            // Its yield and time from the page's card (the marked lists give none).
            var recipe = filled(normalise(node, base: URL(string: pageURL)), html: html, pageURL: pageURL)
            recipe.fromFallback = true
            recipe.warnings.append(
                "no schema.org Recipe on the page: title, image, ingredients and method were taken "
                    + "from its Open Graph tags and marked lists; parked until checked")
            return recipe
        }
        throw Failure.noRecipe
    }

    /// `recipe` with what its markup left out taken from the rest of the
    /// page, field by field (``PageCardDetails``; issue 28):
    ///
    /// - no ingredients (but a method): the page's microdata Recipe's, else
    ///   its list marked as ingredients (``MarkedListFallback``), with a warning;
    /// - no method (but ingredients): the microdata Recipe's, else the page's
    ///   marked method, with a warning;
    /// - no image: the Open Graph image, unless the page holds more than one
    ///   Recipe (a roundup, a "more recipes" block), whose page image may be
    ///   another recipe's;
    /// - no yield with a count: the printed yield ("Serves 4", "Yield: 16");
    /// - no time: the printed total time;
    /// - ingredient lines without sections: the groups the page prints over its
    ///   ingredient list ("For the streusel"), when they line up (``IngredientGroups``).
    static func filled(_ recipe: PageRecipe, html: String, pageURL: String, recipeCount: Int = 1) -> PageRecipe {
        // Per field, and only for a Recipe that gives the other: a bare node (a roundup's
        // teaser) takes nothing from the page's lists.
        let noIngredients = recipe.ingredients.isEmpty && !recipe.steps.isEmpty
        let noMethod = recipe.steps.isEmpty && !recipe.ingredients.isEmpty
        let noYield = recipe.servings == nil && !recipe.yield.contains(where: \.isNumber)
        let noSections = recipe.ingredients.count > 1 && recipe.ingredients.allSatisfy { $0.section == nil }
        guard
            recipe.images.isEmpty || noYield || recipe.totalMinutes == nil || noMethod || noIngredients || noSections
        else {
            return recipe
        }
        var recipe = recipe
        let tokens = HTMLTokens.scan(html)
        let details = PageCardDetails.read(tokens: tokens)
        let microdata =
            noIngredients || noMethod
            ? MicrodataRecipeReader.node(html: html).map { normalise($0, base: URL(string: pageURL)) } : nil
        if noIngredients {
            if let lines = microdata?.ingredients, !lines.isEmpty {
                recipe.ingredients = lines
            } else {
                recipe.ingredients = LibraryText.ingredientLines(listed: MarkedListFallback.ingredientLines(tokens))
            }
            if !recipe.ingredients.isEmpty {
                recipe.warnings.append(
                    "the Recipe lists no ingredients: they were read from the page's HTML (its marked ingredient list)")
            }
        }
        if noMethod {
            if let steps = microdata?.steps, !steps.isEmpty {
                recipe.steps = steps
            } else {
                recipe.steps = StepNumbering.split(
                    MarkedListFallback.methodLines(tokens).map { PageRecipe.Step(text: $0) })
            }
            if !recipe.steps.isEmpty {
                recipe.warnings.append(
                    "the Recipe gives no method: it was read from the page's HTML (its marked method)")
            }
        }
        if recipe.images.isEmpty, recipeCount <= 1, let image = details.ogImage {
            recipe.images = ImageList.urls(image, base: URL(string: pageURL))
        }
        if noYield, let yield = details.yield, let servings = RecipeYield.servings(yield) {
            recipe.yield = yield
            recipe.servings = servings
        }
        if recipe.totalMinutes == nil, let minutes = details.totalMinutes { recipe.totalMinutes = minutes }
        if noSections, let grouped = IngredientGroups.sectioned(recipe.ingredients, tokens: tokens) {
            recipe.ingredients = grouped
        }
        return recipe
    }

    /// How many Recipe nodes the page's JSON-LD blocks hold (counted to 2).
    static func recipeCount(_ blocks: [Any]) -> Int {
        var count = 0
        func walk(_ json: Any, depth: Int) {
            guard depth < 8, count < 2 else { return }
            if let array = json as? [Any] {
                for element in array { walk(element, depth: depth + 1) }
            } else if let object = json as? [String: Any] {
                if isRecipe(object["@type"]) { count += 1 }
                for (key, value) in object where key != "@context" && (value is [Any] || value is [String: Any]) {
                    walk(value, depth: depth + 1)
                }
            }
        }
        for block in blocks { walk(block, depth: 0) }
        return count
    }

    /// Every node with an `@id` and content of its own, by id.
    static func index(_ json: Any, into ids: inout [String: [String: Any]], depth: Int) {
        guard depth < 8 else { return }
        if let array = json as? [Any] {
            for element in array { index(element, into: &ids, depth: depth + 1) }
        } else if let object = json as? [String: Any] {
            if let id = object["@id"] as? String, object.count > 1, ids[id] == nil { ids[id] = object }
            for value in object.values where value is [Any] || value is [String: Any] {
                index(value, into: &ids, depth: depth + 1)
            }
        }
    }

    /// `value` with bare `{"@id": …}` references replaced by the node they name.
    static func resolve(_ value: Any, ids: [String: [String: Any]]) -> Any {
        if let list = value as? [Any] { return list.map { resolve($0, ids: ids) } }
        if let object = value as? [String: Any], let id = object["@id"] as? String,
            object["url"] == nil, object["contentUrl"] == nil, let node = ids[id]
        {
            return node
        }
        return value
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
        // Elsewhere in the node: an ItemList's `itemListElement`/`item`, a page's `hasPart`, …
        for key in object.keys.sorted() where !["@graph", "mainEntity", "@context"].contains(key) {
            if let value = object[key], value is [Any] || value is [String: Any],
                let found = findRecipe(value, depth: depth + 1)
            {
                return found
            }
        }
        return nil
    }

    static func isRecipe(_ type: Any?) -> Bool {
        let names: [String] = (type as? String).map { [$0] } ?? (type as? [Any])?.compactMap { $0 as? String } ?? []
        return names.contains { name in
            let last = name.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last.map(String.init) ?? name
            return last == "Recipe"
        }
    }

    /// The page's recipe from its Recipe node: the node read by the one schema.org reading
    /// (``SchemaOrgRecipe``), with the page's own concerns: images resolved against `base`
    /// (``ImageList``), categories and keywords lower-cased, and the warnings below.
    static func normalise(_ object: [String: Any], base: URL?) -> PageRecipe {
        let read = SchemaOrgRecipe(object, source: .page)
        var recipe = PageRecipe(
            title: read.title, ingredients: read.ingredients, steps: read.steps, totalMinutes: read.minutes,
            servings: read.servings, images: ImageList.urls(SchemaOrgValue.field(object, "image"), base: base),
            nutrition: read.nutrition, description: read.description,
            categories: read.categories.map { $0.lowercased() }, keywords: read.keywords.map { $0.lowercased() })
        recipe.yield = read.yield
        recipe.language = read.language
        recipe.warnings = warnings(recipe)
        return recipe
    }

    /// Warnings about what the page says, in reading order: a total over 24
    /// hours whose steps never mention hours, days or overnight (a page's
    /// "PT10H" meant as ten minutes) is kept as written but called out.
    static func warnings(_ recipe: PageRecipe) -> [String] {
        guard let total = recipe.totalMinutes, total > 24 * 60 else { return [] }
        let prose = recipe.steps.map(\.text).joined(separator: " ").lowercased()
        let long = [
            "hour", "overnight", "day", "night", "week", "stunde", "nacht", "heure", "jour", "hora", "noche",
            "ora ", "ore ", "notte", "uur", "nacht", "dag",
        ]
        if long.contains(where: prose.contains) { return [] }
        return [
            "total time of \(total) minutes (over 24 hours) is as the page gives it, but its steps do not say so: check it"
        ]
    }
}
