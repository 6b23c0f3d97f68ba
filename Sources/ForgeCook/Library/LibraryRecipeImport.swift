import ForgeCore
import Foundation

/// Turns a ``LibraryRecipe`` into the store input the page import makes (``RecipeImportInput``), through the
/// same steps: ingredient lines by ``IngredientLineMatcher`` (raw kept, quantity/unit/name/note, linked to
/// the reference with a confidence), the line's heading kept as its `section`; steps with their section and
/// the one time each states (``StatedTime``, `minutes` with `timer`); the
/// app's nutrition as the macros when it gives calories (marked `macros_source` `"recipe"`, the recipe's
/// own), else macros computed from the lines (`"computed"`, ``ImportedMacros``); the app's notes kept.
/// Over-long texts are cut to the contract's limits with a warning.
package enum LibraryRecipeImport {
    /// The contract's limits (docs/contract.md §4.21, §4.24; the MCP `import_recipe` checks).
    package enum Limits {
        /// Recipe name, characters.
        package static let name = 120
        /// One ingredient line, step title, characters.
        package static let line = 1000
        /// One step's text, characters.
        package static let paragraph = 10_000
        /// A tag, characters; and how many tags.
        package static let tag = 120, tags = 100
        /// Ingredient lines and steps per recipe.
        package static let lines = 300, steps = 200
        /// `why` (the description), characters, as the page import cuts it.
        package static let why = 200
        /// The source URL, characters.
        package static let url = 2048
        /// Total minutes (7 days).
        package static let minutes = 10_080
    }

    /// The input for `recipe`, and the warnings of what was cut.
    /// - Parameter source: the import label (`paprika`, `mealie`, …).
    /// - Throws: ``RecipeImportError`` when the recipe has no name (and nothing to name it by).
    package static func input(
        from recipe: LibraryRecipe, source: String, reference: IngredientReference
    ) throws -> (RecipeImportInput, warnings: [String]) {
        var warnings = recipe.warnings
        func cut(_ text: String, _ limit: Int, _ what: String) -> String {
            guard text.count > limit else { return text }
            warnings.append("\(what) cut to \(limit) characters")
            return String(text.prefix(limit))
        }
        var title = HTMLText.collapse(recipe.title)
        if title.isEmpty { title = recipe.ingredients.isEmpty && recipe.steps.isEmpty ? "" : "Untitled" }
        guard !title.isEmpty else { throw RecipeImportError("the recipe has no name") }
        let name = cut(title, Limits.name, "name")
        var slug = ImportSlug.make(name)
        if slug.isEmpty { slug = ImportSlug.make("\(source) recipe") }
        var sourceLines = recipe.ingredients
        if sourceLines.count > Limits.lines {
            warnings.append("ingredients cut to the first \(Limits.lines) lines")
            sourceLines = Array(sourceLines.prefix(Limits.lines))
        }
        var matched: [(RecipeIngredient, matched: Bool)] = []
        for (index, line) in sourceLines.enumerated() {
            let text = cut(line.text, Limits.line, "ingredient line \(index + 1)")
            let section = line.section.map { cut($0, Limits.line, "ingredient section") }
            matched.append(IngredientLineMatcher.line(text, section: section, reference: reference))
        }
        let lines = matched.map { RecipeImportInput.Line(line: $0.0) }
        let serves = recipe.servings ?? 2
        let (macros, macrosSource, _) = ImportedMacros.of(
            nutrition: recipe.nutrition, lines: lines.map(\.line), reference: reference, serves: serves)
        var sourceSteps = recipe.steps
        if sourceSteps.count > Limits.steps {
            warnings.append("steps cut to the first \(Limits.steps)")
            sourceSteps = Array(sourceSteps.prefix(Limits.steps))
        }
        let steps = sourceSteps.enumerated().map { index, step in
            RecipeStep.imported(
                title: step.name.isEmpty ? "Step \(index + 1)" : cut(step.name, Limits.line, "step \(index + 1) title"),
                detail: cut(step.text, Limits.paragraph, "step \(index + 1)"),
                section: step.section.isEmpty ? nil : cut(step.section, Limits.line, "step section"))
        }
        var tags: [String] = []
        for tag in recipe.tags {
            let tag = cut(HTMLText.collapse(tag).lowercased(), Limits.tag, "tag")
            if !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
        }
        if tags.count > Limits.tags {
            warnings.append("tags cut to the first \(Limits.tags)")
            tags = Array(tags.prefix(Limits.tags))
        }
        let category = tags.first { ["breakfast", "lunch", "snack", "dinner"].contains($0) }
        var minutes = recipe.minutes ?? 0
        if minutes > Limits.minutes {
            warnings.append("time of \(minutes) minutes is past 7 days: kept as unknown")
            minutes = 0
        }
        var sourceURL = recipe.sourceURL
        if sourceURL.count > Limits.url {
            warnings.append("source URL longer than \(Limits.url) characters: dropped")
            sourceURL = ""
        }
        var input = RecipeImportInput(
            name: name, slug: slug, kind: category.flatMap(MealSlot.init(rawValue:)) ?? .dinner, minutes: minutes,
            serves: serves, macros: macros, why: cut(HTMLText.collapse(recipe.description), Limits.why, "description"),
            lines: lines, steps: steps, tags: tags, source: source, sourceURL: sourceURL)
        input.yield = cut(recipe.yield, 80, "yield")
        input.macrosSource = macrosSource
        input.notes = cut(recipe.notes.trimmingCharacters(in: .whitespacesAndNewlines), Limits.paragraph, "notes")
        return (input, warnings)
    }
}
