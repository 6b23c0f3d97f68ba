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
            return try app.db.read { db in try week(user, containing: date, today: today, in: db) }
        }
    }

    /// The week of `date` as `user` sees it. Readable whatever the logs hold:
    /// every number is made finite (``FoodWire/finite(_:)``).
    /// - Throws: database errors only.
    static func week(
        _ user: User, containing date: LocalDate, today: LocalDate,
        in db: Connection
    ) throws -> FoodWire.FoodWeek {
        let scope = FoodWeekStore.scope(userID: user.id, isDemo: user.isDemo)
        let week = try FoodWeekAssembly.week(scope: scope, containing: date, plateOf: user.id, in: db)
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
