import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/week` (API.md §3.2, §4.6): the Monday-snapped calendar week of
/// the active plan, with each day's session, planned items and any dangling
/// session from an earlier day.
enum WeekRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/week", summary: "The training week containing a date, Monday first",
                   tags: ["auth": "session"], app.weekReader { try week($0, containing: $1, today: $2, in: $3) })
    }

    static func week(_ user: User, containing date: LocalDate, today: LocalDate, in db: Connection) throws -> JSONValue {
        let monday = date.monday, sunday = monday.adding(days: 6)
        let revision = try PlanStore.active(userID: user.id, in: db)
        let sessions = try SessionQueries.sessions(userID: user.id, from: monday, to: sunday, in: db)
        let planned = try PlannedItemQueries.items(userID: user.id, from: monday, to: sunday, in: db)
        var days: [JSONValue] = []
        for offset in 0..<7 {
            let d = monday.adding(days: offset)
            var day: [String: JSONValue] = [
                "date": .string(d.description), "day_name": .string(d.dayName), "is_today": .bool(d == today),
            ]
            switch revision?.content.day(d.weekday) {
            case nil:
                day["kind"] = "rest"; day["name"] = .null; day["focus"] = []
            case .cardio(let c)?:
                day["kind"] = "cardio"; day["name"] = .string(c.name); day["focus"] = .strings(c.focus)
                day["minutes"] = .int(c.cardio.minutes)
            case .strength(let s)?:
                day["kind"] = "strength"; day["name"] = .string(s.name); day["focus"] = .strings(s.focus)
                day["est"] = .int(Fitting.fit(s.exercises, budget: nil).est)
                day["exercise_count"] = .int(s.exercises.count)
            }
            day["session"] = daySession(sessions.filter { $0.day == d })
            day["planned"] = try .encoded(planned.filter { $0.date == d.description })
            days.append(.object(day))
        }
        var dangling: JSONValue = .null
        if let (s, count) = try SessionQueries.dangling(userID: user.id, before: today, in: db) {
            dangling = ["id": .string(s.id), "date": .string(s.day.description), "day_name": .string(s.day.dayName),
                        "name": .string(s.name), "sets_done": .int(count)]
        }
        return ["start": .string(monday.description), "today": .string(today.description),
                "rationale": .string(revision?.rationale ?? ""), "days": .array(days), "dangling": dangling]
    }

    /// Among a date's sessions in start order the first wins, except that a
    /// strength session replaces a non-strength one.
    static func daySession(_ sessions: [SessionSummary]) -> JSONValue {
        guard var chosen = sessions.first else { return .null }
        if chosen.kind != "strength", let strength = sessions.first(where: { $0.kind == "strength" }) { chosen = strength }
        return ["id": .string(chosen.id), "kind": .string(chosen.kind), "status": .string(chosen.status),
                "stats": chosen.stats, "name": .string(chosen.name)]
    }
}
