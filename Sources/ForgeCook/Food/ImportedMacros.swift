import ForgeCore

/// The macros of an imported recipe: the source's own nutrition when it gives calories
/// (`macros_source` `"recipe"`), else computed from the lines (`"computed"`).
package enum ImportedMacros {
    /// Macros, their source, and the computation of the lines (for the parking reasons).
    package static func of(
        nutrition: PageNutrition, lines: [RecipeIngredient], reference: IngredientReference, serves: Int
    ) -> (Macros, source: String, computation: RecipeMacros.Computation) {
        let computation = RecipeMacros.compute(ingredients: lines, reference: reference, serves: serves)
        if let kcal = nutrition.kcal {
            let n = nutrition
            let own = Macros(
                kcal: kcal, proteinG: n.proteinG ?? 0, carbsG: n.carbsG ?? 0, sugarG: n.sugarG ?? 0,
                fiberG: n.fiberG ?? 0, fatG: n.fatG ?? 0, satfatG: n.satfatG ?? 0, sodiumMg: n.sodiumMg ?? 0)
            return (own, "recipe", computation)
        }
        return (computation.perServing, "computed", computation)
    }
}
