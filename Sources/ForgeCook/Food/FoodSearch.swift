import ForgeCore
import ForgeStore

/// Searches the foods a recipe line can be weighed against: the household's
/// own reference rows first, then the USDA food reference.
package enum FoodSearch {
    /// One food found.
    package struct Hit: Sendable, Equatable {
        /// `usda:01001` for a USDA food; the row's name for a household row.
        package let id: String
        /// `household` or `usda`.
        package let source: String
        /// The row's name, or USDA's description.
        package let name: String
        /// `g` (values per 100 g), `ml` (per 100 ml) or `x` (per item).
        package let unit: String
        /// The eight macros per 100 g/ml, or per item.
        package let values: Macros
        /// Household measures and their grams (USDA foods; empty for household rows).
        package let portions: [Food.Portion]
    }

    /// The search of the household's stored reference and USDA's, reading the reference in its own
    /// transaction (the use case behind `GET /api/food/foods` and MCP `search_foods`).
    /// - Throws: `DatabaseError`.
    package static func search(_ query: String, limit: Int, db: Database) throws -> [Hit] {
        let household = try db.read { try IngredientStore.reference(in: $0) }
        return search(query, household: household, limit: limit)
    }

    /// Up to `limit` foods for `query` (the household's rows when it has no word): household rows whose
    /// name holds every word of it, then the USDA
    /// food the name means by its aliases, then USDA foods whose description holds every word, best first.
    package static func search(
        _ query: String, household: IngredientReference, foods: FoodReference = .usda, limit: Int = 20
    ) -> [Hit] {
        let words = FoodText.words(query)
        guard !words.isEmpty else {
            return household.rows.prefix(limit).map {
                Hit(id: $0.name, source: "household", name: $0.name, unit: $0.unit, values: $0.values, portions: [])
            }
        }
        var hits = household.rows.filter { row in
            let rowWords = Set(FoodText.words(row.name))
            return words.allSatisfy(rowWords.contains)
        }.map {
            Hit(id: $0.name, source: "household", name: $0.name, unit: $0.unit, values: $0.values, portions: [])
        }
        var usda: [Food] = []
        if let alias = foods.alias(FoodMatcher.foodWords(query).joined(separator: " ")) { usda.append(alias) }
        let found = foods.foods(holding: words).sorted {
            FoodMatcher.rank($0, run: words) > FoodMatcher.rank($1, run: words)
        }
        for food in found where !usda.contains(food) { usda.append(food) }
        hits += usda.map {
            Hit(id: $0.id, source: "usda", name: $0.name, unit: "g", values: $0.per100g, portions: $0.portions)
        }
        return Array(hits.prefix(limit))
    }
}
