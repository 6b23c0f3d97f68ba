import ForgeCore

/// The 25 curated seed recipes of docs/contract.md §5.7, from the embedded
/// `recipes.json` (our own names, quantities and done-when steps).
package enum CuratedRecipes {
    /// Decodes the seed recipes and computes their per-serving macros
    /// against `reference`. Every recipe gets `source: "seed"`,
    /// `complete: true`, `rating: 0`, no images and an empty `source_url`.
    /// - Throws: `SeedDataError` when the asset is missing, `DecodingError` when malformed.
    package static func load(reference: IngredientReference = .seed) throws -> [Recipe] {
        guard let data = EmbeddedAssets.bytes(named: "recipes.json") else {
            throw SeedDataError.missing("recipes.json")
        }
        return try JSONCoding.decode([Recipe].self, from: data).map { raw in
            var recipe = raw
            recipe.source = "seed"
            recipe.sourceURL = ""
            recipe.complete = true
            recipe.rating = 0
            recipe.ratingCount = 0
            recipe.images = []
            recipe.macros = RecipeMacros.perServing(
                ingredients: recipe.ingredients, reference: reference,
                serves: recipe.serves)
            return recipe
        }
    }

    /// `load(reference:)` for compiled-in data that a test guarantees is
    /// valid; traps if the embedded asset is broken.
    package static func seed(reference: IngredientReference = .seed) -> [Recipe] {
        do { return try load(reference: reference) } catch { fatalError("embedded recipes.json is invalid: \(error)") }
    }
}
