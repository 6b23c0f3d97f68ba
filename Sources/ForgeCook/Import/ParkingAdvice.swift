/// What a parked import says, one line per reason (docs/contract.md §4.21), each
/// ending with the arguments that fix it (issue 28): an agent reads these
/// lines to retry `import_recipe`, so each names the fields to send.
package enum ParkingAdvice {
    /// The arguments that give an unknown ingredient line its reference values.
    package static let ingredientFix =
        "to fix, give its line kcal_100, protein_100, carbs_100 and fat_100 (per 100 g or ml; per item for unit x), "
        + "add it with upsert_ingredients, or set the line's food or grams (set_recipe_line)"

    /// One warning per reason of ``RecipeParking`` (as ``RecipeImportOutcome/parkedBecause`` names them), in
    /// order, each `parked: <reason>; to fix, …`. Empty for a complete recipe.
    package static func warnings(complete: Bool, parkedBecause: [RecipeParking.Reason]) -> [String] {
        guard !complete else { return [] }
        return parkedBecause.map { reason in
            switch reason {
            case .hard:
                "parked: difficulty is hard; to fix, give difficulty \"easy\" or \"medium\" if it is not"
            case .kcalMissing:
                "parked: kcal per serving is missing; to fix, give kcal, protein_g, carbs_g and fat_g per "
                    + "serving, or kcal_100, protein_100, carbs_100 and fat_100 on each ingredient line the reference lacks"
            case .line, .unknownFoods: "parked: \(reason); \(ingredientFix)"
            case .caller: "parked: \(reason)"
            }
        }
    }
}
