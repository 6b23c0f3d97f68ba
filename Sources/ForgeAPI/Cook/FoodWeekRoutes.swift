import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `GET /api/food/week` (API.md §3.15, §4.19): the caller's food scope's
/// active weekday template laid over a Monday-snapped week, each planned
/// slot matched against the caller's own meal logs.
enum FoodWeekRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/food/week", summary: "The household food week containing a date, with the caller's plates",
                   tags: ["auth": "session"], app.weekReader { try week($0, containing: $1, today: $2, in: $3) })
    }

    static func week(_ user: User, containing date: LocalDate, today: LocalDate, in db: Connection) throws -> JSONValue {
        let monday = date.monday
        let scope = FoodWeekStore.scope(userID: user.id, isDemo: user.isDemo)
        let revision = try FoodWeekStore.active(scope: scope, in: db)
        let recipes = Dictionary(try RecipeStore.all(in: db).map { ($0.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let logs = try MealLogStore.logs(userID: user.id, from: monday, to: monday.adding(days: 6), in: db)
        var days: [JSONValue] = []
        for offset in 0..<7 {
            let d = monday.adding(days: offset)
            let resolved = SlotResolver.resolve(content: revision?.content, date: d, recipes: { recipes[$0] },
                                                logs: logs[d] ?? [])
            days.append([
                "date": .string(d.description), "day_name": .string(d.dayName), "is_today": .bool(d == today),
                "slots": try .encoded(resolved.slots),
                "extras": try .encoded(resolved.extras.map(FoodExtra.init)),
                "totals": try .encoded(resolved.totals.rounded1()),
            ])
        }
        let stored = user.prefs["nutrition_targets"]?.objectValue
        return ["start": .string(monday.description), "today": .string(today.description),
                "has_plan": .bool(revision != nil), "rationale": .string(revision?.rationale ?? ""),
                "targets": try .encoded(NutritionTargets.merged(stored: stored)), "days": .array(days)]
    }
}
