/// What a parked import says, one line per reason (docs/contract.md §4.21), each
/// ending with the arguments that fix it (issue 28): an agent reads these
/// lines to retry `import_recipe`, so each names the fields to send.
package enum ParkingAdvice {
    /// The arguments that give an unknown ingredient line its reference values.
    package static let ingredientFix =
        "to fix, give its line kcal_100, protein_100, carbs_100 and fat_100 (per 100 g or ml; per item for unit x), "
        + "or add it with upsert_ingredients"

    /// One warning per reason, in rule order: each `unknown` ingredient,
    /// `difficulty hard`, `kcal missing`, `steps not in done-when voice`
    /// (as ``RecipeImportOutcome/parkedBecause`` names them). Empty for a
    /// complete recipe.
    package static func warnings(complete: Bool, parkedBecause: [String], unknown: [String]) -> [String] {
        guard !complete else { return [] }
        var warnings = unknown.map {
            "parked: ingredient '\($0)' is not in the reference and has no per-100 g values; \(ingredientFix)"
        }
        if parkedBecause.contains("difficulty hard") {
            warnings.append("parked: difficulty is hard; to fix, give difficulty \"easy\" or \"medium\" if it is not")
        }
        if parkedBecause.contains("kcal missing") {
            warnings.append(
                "parked: kcal per serving is missing; to fix, give kcal, protein_g, carbs_g and fat_g per serving, "
                    + "or kcal_100, protein_100, carbs_100 and fat_100 on each ingredient line the reference lacks")
        }
        if parkedBecause.contains("steps not in done-when voice") {
            warnings.append(
                "parked: steps are not in done-when voice; to fix, give steps whose detail ends with the cue that "
                    + "tells the cook it is done (\"until golden, about 5 minutes\")")
        }
        return warnings
    }
}
