import ForgeCook
import ForgeCore
import ForgeHTTP

/// `DELETE /api/admin/recipes` (docs/contract.md §3.18): the admin empties the recipe
/// library and retires the household's active food week(s).
enum AdminRecipeRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .DELETE, "/api/admin/recipes", "Empty the recipe library and retire the household food week (admin)",
            access: .admin, answers: FoodWire.RecipesWiped.self
        ) { _, _ in
            let result = try RecipeLibrary.empty(in: app.db)
            return FoodWire.RecipesWiped(
                recipesDeleted: result.recipesDeleted, foodWeeksRetired: result.foodWeeksRetired)
        }
    }
}
