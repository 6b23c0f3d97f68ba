import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `POST /api/food/log` and `DELETE /api/food/log/{id}` (docs/contract.md §3.15, §4.20):
/// ticking or logging a meal onto the caller's own plate through ``MealLog``. Logs are
/// strictly per user; the demo's logs are its own rows like anyone's.
enum MealLogRoutes {
    /// Largest `servings` accepted; more is a typo, not a meal.
    static let maxServings = FoodBounds.maxServings

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/food/log", "Log a meal to the caller's plate (idempotent by client_id)",
            access: .member, body: MealLogBody.self, answers: FoodWire.MealLogged.self,
            errors: [400, 422], upload: true
        ) { request, principal in
            // Every check (types, limits, slot, date) runs before the write.
            let input = try request.decodeValidated(MealLogBody.self).input(today: app.today)
            let result = try MealLog.log(input, userID: principal.caller.id, now: app.clock.now(), in: app.db)
            return FoodWire.MealLogged(
                id: result.id, duplicate: result.duplicate, totals: FoodWire.finite(result.totals))
        }
        router.route(
            .DELETE, "/api/food/log/:id", "Remove one of the caller's meal logs", access: .member,
            answers: FoodWire.MealLogRemoved.self, errors: [404]
        ) { request, principal in
            let removed = try MealLog.remove(id: request.parameter("id") ?? "", userID: principal.caller.id, in: app.db)
            return FoodWire.MealLogRemoved(totals: FoodWire.finite(removed.totals))
        }
    }
}
