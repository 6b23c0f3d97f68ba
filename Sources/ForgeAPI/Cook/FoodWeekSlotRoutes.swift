import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `PATCH /api/food/week/slot` (API.md §3.15): puts a library recipe into one
/// weekday slot of the caller's food scope's active week (the household's for
/// members, the demo's own for the demo), for everyone sharing that scope.
enum FoodWeekSlotRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.patch("/api/food/week/slot", summary: "Put a recipe into a weekday slot of the shared food week",
                      tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let slug = try body.string("recipe")
            let slot = try body.mealSlot(default: .dinner)
            let date = try body.foodDate(today: app.today)
            let scope = FoodWeekStore.scope(userID: caller.id, isDemo: caller.user.isDemo)
            let recipe = try foodErrors {
                try app.db.write { db in
                    try FoodWeekStore.setSlot(scope: scope, weekday: date.weekday, slot: slot, recipe: slug,
                                              now: app.clock.now(), in: db)
                }
            }
            return .json(["ok": true, "date": .string(date.description), "day_name": .string(date.dayName),
                          "slot": .string(slot.rawValue), "recipe": try .encoded(RecipeCard(recipe))])
        })
    }
}
