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
            let query = try request.decodeQuery(FoodWeekQuery.self)
            let date = try FoodField.date(query.date, loc: ["query", "date"]) ?? today
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
        let monday = date.monday
        let scope = FoodWeekStore.scope(userID: user.id, isDemo: user.isDemo)
        let revision = try FoodWeekStore.active(scope: scope, in: db)
        let logs = try MealLogStore.logs(userID: user.id, from: monday, to: monday.adding(days: 6), in: db)
        // Only the recipes the week names (its slots and the logs), never the whole library.
        let named = Set(logs.values.joined().compactMap(\.recipe)).union(revision?.content.recipeSlugs ?? [])
        let recipes = try RecipeStore.find(slugs: named, in: db)
        let days = (0..<7).map { offset -> FoodWire.FoodDay in
            let d = monday.adding(days: offset)
            let resolved = SlotResolver.resolve(
                content: revision?.content, date: d, recipes: { recipes[$0] },
                logs: logs[d] ?? [])
            return FoodWire.FoodDay(
                date: d, dayName: d.dayName, isToday: d == today,
                slots: resolved.slots.map(FoodWire.FoodSlot.init),
                extras: resolved.extras.map(FoodWire.FoodExtra.init),
                totals: FoodWire.finite(resolved.totals))
        }
        let stored = user.prefs["nutrition_targets"]?.objectValue
        return FoodWire.FoodWeek(
            start: monday, today: today, hasPlan: revision != nil,
            rationale: revision?.rationale ?? "",
            targets: FoodWire.finite(NutritionTargets.merged(stored: stored)), days: days)
    }
}
