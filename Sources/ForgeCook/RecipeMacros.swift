import ForgeCore

/// Per-serving macros of a recipe from its ingredient lines and the
/// ingredient reference (docs/contract.md §4.21, §4.22).
///
/// Formula, for each macro field:
///
///     perServing = round1( Σ_lines contribution(line) / serves )
///     contribution = qty × value_100 / 100   for g / ml reference rows
///                  = qty × value             for x (per-item) rows
///
/// Lines join the reference by ``RecipeIngredient/referenceName``. `qty` is
/// read in the reference row's unit. A line with a null `qty`
/// contributes nothing. A line whose name is not in the reference
/// contributes nothing and is reported in `unknownIngredients` (an import
/// with such a line is parked). `serves` below 1 counts as 1. Rounding is
/// half-to-even to one decimal place per field (§1.11), after the division.
package enum RecipeMacros {
    /// The result of a computation.
    package struct Computation: Sendable, Equatable {
        /// Per-serving macros, each field rounded to 1 dp.
        package let perServing: Macros
        /// Names of lines missing from the reference, in line order, without duplicates.
        package let unknownIngredients: [String]
    }

    /// Computes per-serving macros and collects unknown ingredient names.
    package static func compute(
        ingredients: [RecipeIngredient], reference: IngredientReference,
        serves: Int
    ) -> Computation {
        var total = Macros.zero
        var unknown: [String] = []
        for line in ingredients {
            guard let row = reference[line.referenceName] else {
                if !unknown.contains(line.name) { unknown.append(line.name) }
                continue
            }
            guard let qty = line.qty else { continue }
            total += row.contribution(of: qty)
        }
        let portions = Double(max(serves, 1))
        return Computation(
            perServing: Macros(values: total.values.map { $0 / portions }).rounded1(),
            unknownIngredients: unknown)
    }

    /// Per-serving macros only (see the type's formula).
    package static func perServing(
        ingredients: [RecipeIngredient], reference: IngredientReference,
        serves: Int
    ) -> Macros {
        compute(ingredients: ingredients, reference: reference, serves: serves).perServing
    }
}
