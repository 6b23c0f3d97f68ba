import ForgeCore
import ForgeStore
import Foundation

/// Reading and emptying the household's recipe library (docs/contract.md §3.16,
/// §4.24 `search_recipes`, `get_recipe`; issue 42). The app, the kitchen display,
/// timers and MCP call these; each is one transaction.
package enum RecipeLibrary {
    /// The library's recipes matching `query` (case-insensitive, in the name or a tag; empty
    /// matches all) of `kind` (nil for any), in the library's order; incomplete recipes (parked)
    /// only when `includeIncomplete`.
    package static func search(
        _ query: String, kind: MealSlot?, includeIncomplete: Bool = true, in database: Database
    ) throws -> [Recipe] {
        let q = query.lowercased()
        return try database.read { db in try RecipeStore.all(in: db) }.filter { r in
            (includeIncomplete || r.complete) && (kind == nil || r.kind == kind)
                && (q.isEmpty || r.name.lowercased().contains(q) || r.tags.contains { $0.lowercased().contains(q) })
        }
    }

    /// The recipe `slug`.
    /// - Throws: ``RecipeLibraryError/unknownRecipe``; storage errors.
    package static func recipe(_ slug: String, in database: Database) throws -> Recipe {
        guard let recipe = try database.read({ db in try RecipeStore.find(slug, in: db) }) else {
            throw RecipeLibraryError.unknownRecipe
        }
        return recipe
    }

    /// The recipe `slug` with the household ingredient reference its lines are read against.
    /// - Throws: ``RecipeLibraryError/unknownRecipe``; storage errors.
    package static func detail(_ slug: String, in database: Database) throws -> (
        recipe: Recipe, reference: IngredientReference
    ) {
        let (recipe, reference) = try database.read { db in
            (try RecipeStore.find(slug, in: db), try IngredientStore.reference(in: db))
        }
        guard let recipe else { throw RecipeLibraryError.unknownRecipe }
        return (recipe, reference)
    }

    /// Empties the library and retires the household's food weeks that cooked from it (admin).
    package static func empty(in database: Database) throws -> RecipeStore.WipeResult {
        try database.write { db in try RecipeStore.deleteAll(in: db) }
    }
}

/// Why a library read found nothing.
package enum RecipeLibraryError: Error, Sendable, Equatable {
    /// No recipe with that slug in the library.
    case unknownRecipe
}
