import Foundation
import ForgeCore
@testable import ForgeCook

/// Shared fixtures: the seed library and JSON helpers.
enum Fixture {
    static let reference = IngredientReference.seed
    static let recipes = CuratedRecipes.seed(reference: reference)
    static let bySlug = Dictionary(uniqueKeysWithValues: recipes.map { ($0.slug, $0) })
    static func recipe(_ slug: String) -> Recipe? { bySlug[slug] }

    /// Encodes `value` and reads it back as a JSON object.
    static func object<T: Encodable>(_ value: T) throws -> [String: JSONValue] {
        let json = try JSONCoding.decode(JSONValue.self, from: try JSONCoding.encode(value))
        return json.objectValue ?? [:]
    }
}
