import ForgeCore
import ForgeStore
import Foundation

/// Decoded JSON columns of `recipes` (steps, ingredients, tags and images),
/// memoised by their stored text (``DecodeCache``), so listing a 1,000-recipe
/// library no longer runs `JSONDecoder` 4,000 times per request
/// (bench/scale.sh). Keyed by the text itself: an edited recipe can never be
/// served from a stale entry. Bounded by entries: 4,096 texts per column
/// kind, a few MB for a large library; past that a cache starts afresh.
enum RecipeColumns {
    static let steps = DecodeCache<[RecipeStep]>(capacity: 4_096)
    static let ingredients = DecodeCache<[RecipeIngredient]>(capacity: 4_096)
    /// Tags and image lists (both `[String]`).
    static let strings = DecodeCache<[String]>(capacity: 8_192)
}

extension RecipeStore {
    /// The recipes among `slugs` that exist, by slug; one query, no library scan.
    /// - Throws: `DatabaseError`.
    package static func find(slugs: Set<String>, in db: Connection) throws -> [String: Recipe] {
        guard !slugs.isEmpty else { return [:] }
        var found: [String: Recipe] = [:]
        let list = Array(slugs).sorted()
        // Chunks of at most 100, padded to 8, 32 or 100 placeholders (with a
        // repeated slug), keep the statement cache's distinct texts to three.
        for start in stride(from: 0, to: list.count, by: 100) {
            var chunk = Array(list[start..<min(start + 100, list.count)])
            let width = [8, 32, 100].first { $0 >= chunk.count } ?? 100
            chunk += Array(repeating: chunk[0], count: width - chunk.count)
            let marks = SQLPlaceholders.list(chunk.count)
            for row in try db.query("SELECT * FROM recipes WHERE slug IN (\(marks))", chunk) {
                let recipe = try recipe(row)
                found[recipe.slug] = recipe
            }
        }
        return found
    }
}
