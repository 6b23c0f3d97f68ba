import ForgeCore
import Foundation

/// Maps a normalised page recipe onto the import fields (the same store
/// path as MCP `import_recipe`).
///
/// - name = title; slug from the name (a name without Latin letters: from
///   the URL's last path segment, prefixed by the host when only digits); kind from `recipeCategory`
///   (breakfast, lunch, snack, else dinner); minutes = total minutes or 0;
///   difficulty `easy`; serves = the yield's count or 2; yield = the
///   yield as the page writes it (≤ 80 characters); why = the
///   description cut to 200 characters; tags = categories and keywords
///   (≤ 12, de-duplicated); source = the page's host without `www.`
///   (≤ 24), source_url = the page URL.
/// - Steps keep the page's prose as `detail`; `title` is the step's own
///   name or `Step n`; `section` the `HowToSection` it sat in (their voice parks nothing);
///   `minutes` the one time the step states, with `timer` (``StatedTime``).
/// - Ingredient lines go through ``IngredientLineMatcher``, each with its
///   `section` (the heading it sat under, ``PageRecipe/ingredients``), numbers read in
///   the page's locale (``PageLanguage``: "1,5 l" and, on a German or
///   French page, "1,250 kg" are decimals).
/// - Macros: ``ImportedMacros``: the page's nutrition when it gives calories
///   (absent fields 0; `macros_source` `"recipe"`), else computed from the
///   lines (`"computed"`); ``RecipeParking`` says whether they are complete.
package enum PageRecipeImport {
    /// Most ingredient lines a page's recipe may have (the MCP
    /// `import_recipe` cap); more is refused before any line is matched, so
    /// a hostile page cannot hold a worker for seconds or store megabytes.
    package static let maxIngredients = 300
    /// Most steps a page's recipe may have (the MCP `import_recipe` cap).
    package static let maxSteps = 200

    /// - Throws: ``RecipeImportError`` for a recipe without a name or slug, or
    ///   with more than ``maxIngredients`` ingredient lines or ``maxSteps`` steps.
    package static func input(
        from page: PageRecipe, url: String, reference: IngredientReference,
        images: [String], imagesStored: Int
    ) throws -> RecipeImportInput {
        let name = page.title
        guard !name.isEmpty else { throw RecipeImportError("the page's recipe has no name") }
        guard page.ingredients.count <= maxIngredients else {
            throw RecipeImportError(
                "the page's recipe has \(page.ingredients.count) ingredient lines; at most \(maxIngredients) are imported"
            )
        }
        guard page.steps.count <= maxSteps else {
            throw RecipeImportError("the page's recipe has \(page.steps.count) steps; at most \(maxSteps) are imported")
        }
        var slug = ImportSlug.make(name)
        if slug.isEmpty {
            // A name in a script without Latin letters: the page's own address names it.
            let path = URL(string: url)?.path.split(separator: "/").map(String.init) ?? []
            slug = path.reversed().lazy.map(ImportSlug.make).first { !$0.isEmpty } ?? ""
            if slug.isEmpty || slug.allSatisfy(\.isNumber) {
                let host = ImportSlug.make(URL(string: url)?.host ?? "recipe")
                slug = String((host + (slug.isEmpty ? "" : "-" + slug)).prefix(60))
            }
        }
        guard !slug.isEmpty else { throw RecipeImportError("empty slug") }
        let decimalComma = PageLanguage.decimalComma(page.language)
        let lines = page.ingredients.map { line in
            let ingredient = IngredientLineMatcher.line(
                line.text, section: line.section, reference: reference, decimalComma: decimalComma
            ).0
            return RecipeImportInput.Line(line: ingredient)
        }
        let serves = page.servings ?? 2
        let (macros, macrosSource, _) = ImportedMacros.of(
            nutrition: page.nutrition, lines: lines.map(\.line), reference: reference, serves: serves)
        let steps = page.steps.enumerated().map { index, step in
            RecipeStep.imported(
                title: step.name.isEmpty ? "Step \(index + 1)" : step.name, detail: step.text,
                section: step.section.isEmpty ? nil : step.section)
        }
        var tags: [String] = []
        for tag in page.categories + page.keywords where !tags.contains(tag) && tags.count < 12 { tags.append(tag) }
        let category = page.categories.first { ["breakfast", "lunch", "snack", "dinner"].contains($0) }
        var host = URL(string: url)?.host?.lowercased() ?? ""
        if host.hasPrefix("www.") { host.removeFirst(4) }
        var input = RecipeImportInput(
            name: name, slug: slug, kind: category.flatMap(MealSlot.init(rawValue:)) ?? .dinner,
            minutes: page.totalMinutes ?? 0, serves: serves, macros: macros,
            why: String(page.description.prefix(200)), lines: lines, steps: steps, tags: tags, images: images,
            imagesStored: imagesStored, source: host.isEmpty ? "import" : host, sourceURL: url,
            parkReason: page.fromFallback ? "read from marked lists, not schema.org" : nil)
        input.yield = String(page.yield.prefix(80))
        input.macrosSource = macrosSource
        return input
    }
}

/// Where fetched recipe images go (the media blob store at merge time).
package protocol ImageSink: Sendable {
    /// Stores `bytes` as a household blob (or returns the existing blob
    /// fetched from the same `sourceURL`).
    /// - Returns: the stored reference, `/api/food/media/<id>`.
    func store(bytes: Data, contentType: String, sourceURL: String) throws -> String
}
