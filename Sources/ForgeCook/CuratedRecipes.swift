import ForgeCore
import Foundation

/// The 25 curated seed recipes of docs/contract.md §5.7, from the embedded
/// `recipes.json` (our own names, quantities and done-when steps).
package enum CuratedRecipes {
    /// The embedded asset's name.
    package static let asset = "recipes.json"

    /// The embedded asset's bytes.
    /// - Throws: `SeedDataError` when the asset is missing.
    package static func bytes() throws -> Data {
        guard let data = EmbeddedAssets.bytes(named: asset) else { throw SeedDataError.missing(asset) }
        return data
    }

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

    /// The slugs of the seed recipes in file order, read without decoding the
    /// rest of each recipe or computing macros: the cheap check that lets a
    /// start skip ``load(reference:)`` when every seed recipe is already stored.
    /// - Throws: `SeedDataError` when the asset is missing, `DecodingError` when malformed.
    package static func slugs() throws -> [String] {
        guard let data = EmbeddedAssets.bytes(named: "recipes.json") else {
            throw SeedDataError.missing("recipes.json")
        }
        return try JSONCoding.decode([SlugOnly].self, from: data).map(\.slug)
    }

    /// A seed recipe's slug alone (the decoder skips the other keys).
    private struct SlugOnly: Decodable {
        let slug: String
    }

    /// `load(reference:)` for compiled-in data that a test guarantees is
    /// valid; traps if the embedded asset is broken.
    package static func seed(reference: IngredientReference = .seed) -> [Recipe] {
        do { return try load(reference: reference) } catch { fatalError("embedded recipes.json is invalid: \(error)") }
    }
}
