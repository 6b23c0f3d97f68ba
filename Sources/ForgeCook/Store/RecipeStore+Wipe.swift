import ForgeStore

/// The admin's library reset (docs/contract.md §3.18 `DELETE /api/admin/recipes`).
extension RecipeStore {
    /// What `deleteAll` removed.
    package struct WipeResult: Sendable, Equatable {
        package let recipesDeleted: Int
        package let foodWeeksRetired: Int
    }

    /// Empties the recipe library and marks the household's active food week(s)
    /// `superseded`. Meal logs (with their macro snapshots), the ingredient
    /// reference, media blobs and demo weeks are kept. Call inside `Database.write`.
    package static func deleteAll(in db: Connection) throws -> WipeResult {
        try db.execute("DELETE FROM recipes")
        let recipes = db.changes
        try db.execute(
            "UPDATE food_revisions SET status = 'superseded' WHERE scope = ? AND status = 'active'",
            [FoodWeekStore.household])
        return WipeResult(recipesDeleted: recipes, foodWeeksRetired: db.changes)
    }
}
