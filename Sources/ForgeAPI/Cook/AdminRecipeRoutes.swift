import ForgeCook
import ForgeCore
import ForgeHTTP

/// `DELETE /api/admin/recipes` (API.md §3.18): the admin empties the recipe
/// library and retires the household's active food week(s).
enum AdminRecipeRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.delete("/api/admin/recipes", summary: "Empty the recipe library and retire the household food week (admin)",
                      tags: ["auth": "admin"], app.signedIn { _, caller in
            guard caller.user.isAdmin else { throw HTTPError(403, "admin only") }
            let result = try app.db.write { try RecipeStore.deleteAll(in: $0) }
            return .json(["recipes_deleted": .int(result.recipesDeleted),
                          "food_weeks_retired": .int(result.foodWeeksRetired)])
        })
    }
}
