import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// `GET /api/food/week` (docs/contract.md §3.15, §4.19): the caller's food scope's
/// active weekday template laid over a Monday-snapped week, each planned
/// slot matched against the caller's own meal logs.
enum FoodWeekRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/food/week", "The household food week containing a date, with the caller's plates",
            access: .member, cache: .day, query: FoodWeekQuery.self, answers: FoodWire.FoodWeek.self,
            errors: [400, 422]
        ) { request, principal in
            let today = app.today
            let date = try request.decodeQueryValidated(FoodWeekQuery.self) ?? today
            let user = principal.caller.user
            let scope = FoodWeekStore.scope(userID: user.id, isDemo: user.isDemo)
            return week(
                try FoodPlan.week(scope: scope, containing: date, plateOf: user.id, in: app.db), of: user, today: today)
        }
    }

    /// `week` as `user` sees it. Readable whatever the logs hold: every number is made finite
    /// (``FoodWire/finite(_:)``).
    static func week(_ week: FoodWeekAssembly, of user: User, today: LocalDate) -> FoodWire.FoodWeek {
        let days = week.days.map { d, resolved in
            FoodWire.FoodDay(
                date: d, dayName: d.dayName, isToday: d == today,
                slots: resolved.slots.map(FoodWire.FoodSlot.init),
                extras: resolved.extras.map(FoodWire.FoodExtra.init),
                totals: FoodWire.finite(resolved.totals))
        }
        let stored = user.prefs["nutrition_targets"]?.objectValue
        return FoodWire.FoodWeek(
            start: week.monday, today: today, hasPlan: week.revision != nil,
            rationale: week.revision?.rationale ?? "",
            targets: FoodWire.finite(NutritionTargets.merged(stored: stored)), days: days)
    }
}
