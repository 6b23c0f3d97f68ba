import ForgeCore

/// Per-serving macros of a recipe from its ingredient lines (docs/contract.md
/// §4.21, §4.22), and what keeps a recipe from being complete.
///
/// Formula, for each macro field:
///
///     perServing = round1( Σ_lines contribution(line) / serves )
///     contribution = qty × value_100 / 100   household g / ml rows (qty in the row's unit)
///                  = qty × value             household x (per-item) rows
///                  = grams × value_100 / 100 food-reference lines (`food_id`, USDA SR28 per 100 g)
///
/// A line with `food_id` joins the food reference; otherwise it joins the
/// household reference by ``RecipeIngredient/referenceName``. A negligible
/// line, and a line with a null `qty`, contribute nothing. A line that joins
/// nothing but weighs (`grams`) is weight of an unknown food; a line that
/// joins nothing and does not weigh is reported in `unknownIngredients`.
/// `serves` below 1 counts as 1. Rounding is half-to-even to one decimal
/// place per field (§1.11), after the division.
package enum RecipeMacros {
    /// The result of a computation.
    package struct Computation: Sendable, Equatable {
        /// Per-serving macros, each field rounded to 1 dp.
        package let perServing: Macros
        /// Names of lines that could not be weighed against a food, in line order, without duplicates.
        package let unknownIngredients: [String]
        /// Names of lines that weigh but whose food is unknown, in line order, without duplicates.
        package var unmatchedNames: [String] = []
        /// Grams of the lines whose food is unknown, and of every weighed line.
        package var unmatchedGrams = 0.0, weighedGrams = 0.0

        /// Whether the unknown foods' weight stays under ``RecipeMacros/unmatchedShare`` of the weighed mass.
        package var unmatchedWithinShare: Bool {
            unmatchedGrams <= 0 || unmatchedGrams < RecipeMacros.unmatchedShare * weighedGrams
        }
    }

    /// The share of a recipe's weighed mass that lines of unknown foods may make up in a complete recipe (5 %).
    package static let unmatchedShare = 0.05

    /// Computes per-serving macros and collects unknown ingredient names.
    package static func compute(
        ingredients: [RecipeIngredient], reference: IngredientReference,
        serves: Int, foods: @autoclosure () -> FoodReference = .usda
    ) -> Computation {
        var total = Macros.zero
        var unknown: [String] = []
        var unmatched: [String] = []
        var unmatchedGrams = 0.0
        var weighedGrams = 0.0
        for line in ingredients where !line.negligible {
            if let id = line.foodID {
                guard let grams = line.grams, let food = foods()[id: id] else {
                    if !unknown.contains(line.name) { unknown.append(line.name) }
                    continue
                }
                total += food.macros(grams: grams)
                weighedGrams += grams
                continue
            }
            guard let row = reference[line.referenceName] else {
                if let grams = line.grams {
                    unmatchedGrams += grams
                    weighedGrams += grams
                    if !unmatched.contains(line.name) { unmatched.append(line.name) }
                } else if !unknown.contains(line.name) {
                    unknown.append(line.name)
                }
                continue
            }
            guard let qty = line.qty else { continue }
            total += row.contribution(of: qty)
            weighedGrams += line.grams ?? (row.isPerItem ? 0 : qty)
        }
        let portions = Double(max(serves, 1))
        var result = Computation(
            perServing: Macros(values: total.values.map { $0 / portions }).rounded1(),
            unknownIngredients: unknown)
        result.unmatchedNames = unmatched
        result.unmatchedGrams = unmatchedGrams
        result.weighedGrams = weighedGrams
        return result
    }

    /// Per-serving macros only (see the type's formula).
    package static func perServing(
        ingredients: [RecipeIngredient], reference: IngredientReference,
        serves: Int
    ) -> Macros {
        compute(ingredients: ingredients, reference: reference, serves: serves).perServing
    }
}
