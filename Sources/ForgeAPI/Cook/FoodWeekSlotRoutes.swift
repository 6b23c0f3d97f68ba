import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `PATCH /api/food/week/slot` (docs/contract.md §3.15): puts a library recipe into one
/// weekday slot of the caller's food scope's active week (the household's for
/// members, the demo's own for the demo), for everyone sharing that scope.
enum FoodWeekSlotRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .PATCH, "/api/food/week/slot", "Put a recipe into a weekday slot of the shared food week",
            access: .member, body: FoodSlotEdit.self, answers: FoodWire.SlotSet.self,
            errors: [400, 404, 422]
        ) { request, principal in
            let caller = principal.caller
            let body = try request.decodeValidated(FoodSlotEdit.self)
            let slot = body.slot
            let date = body.date ?? app.today
            let scope = FoodWeekStore.scope(userID: caller.id, isDemo: caller.user.isDemo)
            let recipe = try FoodPlan.setSlot(
                scope: scope, weekday: date.weekday, slot: slot, recipe: body.recipe, now: app.clock.now(),
                in: app.db)
            return FoodWire.SlotSet(
                date: date, dayName: date.dayName, slot: slot.rawValue,
                recipe: FoodWire.RecipeCard(recipe))
        }
    }
}
