import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/week` (docs/contract.md §3.2).
struct TrainingWeek: Codable, Sendable {
    /// The Monday, `YYYY-MM-DD`.
    let start: String
    /// The household's today.
    let today: String
    /// The active revision's rationale, or `""`.
    let rationale: String
    /// Monday to Sunday.
    let days: [WeekDay]
    /// An active strength session left on an earlier day.
    @Nullable var dangling: DanglingSession?
}

/// docs/contract.md `WeekDay`.
struct WeekDay: Codable, Sendable {
    let date: String
    let dayName: String
    let isToday: Bool
    /// `strength`, `cardio` or `rest`.
    let kind: String
    @Nullable var name: String?
    let focus: [String]
    /// Strength days: untrimmed estimate with the full cool-down, minutes.
    var est: Int?
    /// Strength days: exercises in the plan entry.
    var exerciseCount: Int?
    /// Cardio days: prescribed minutes.
    var minutes: Int?
    @Nullable var session: WeekSession?
    /// Oldest-created first.
    let planned: [PlannedItemWire]
}

/// The session shown on a week day.
struct WeekSession: Codable, Sendable {
    let id: String
    let kind: String
    let status: String
    let stats: SessionStats
    let name: String
}

/// `dangling`: `{ id, date, day_name, name, sets_done }`.
struct DanglingSession: Codable, Sendable {
    let id: String
    let date: String
    let dayName: String
    let name: String
    let setsDone: Int
}

/// `GET /api/week` (docs/contract.md §3.2, §4.6): the Monday-snapped calendar week of
/// the active plan, with each day's session, planned items and any dangling
/// session from an earlier day.
enum WeekRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/week", "The training week containing a date, Monday first",
            access: .member, cache: .day, query: DateQuery.self, answers: TrainingWeek.self, errors: [400, 422]
        ) { request, principal in
            let today = app.today
            let date = try request.decodeQueryValidated(DateQuery.self) ?? today
            return try app.db.read { db in try week(principal.caller.user, containing: date, today: today, in: db) }
        }
    }

    static func week(_ user: User, containing date: LocalDate, today: LocalDate, in db: Connection) throws
        -> TrainingWeek
    {
        let monday = date.monday
        let sunday = monday.adding(days: 6)
        let revision = try PlanStore.active(userID: user.id, in: db)
        let sessions = try SessionQueries.sessions(userID: user.id, from: monday, to: sunday, in: db)
        let planned = try PlannedItemQueries.items(userID: user.id, from: monday, to: sunday, in: db)
        let days = (0..<7).map { offset -> WeekDay in
            let d = monday.adding(days: offset)
            var kind = "rest"
            var name: String?
            var focus: [String] = []
            var est: Int?
            var count: Int?
            var minutes: Int?
            switch revision?.content.day(d.weekday) {
            case nil: break
            case .cardio(let c)?:
                kind = "cardio"
                name = c.name
                focus = c.focus
                minutes = c.cardio.minutes
            case .strength(let s)?:
                kind = "strength"
                name = s.name
                focus = s.focus
                est = Fitting.fit(s.exercises, budget: nil).est
                count = s.exercises.count
            }
            return WeekDay(
                date: d.description, dayName: d.dayName, isToday: d == today, kind: kind, name: name, focus: focus,
                est: est, exerciseCount: count, minutes: minutes,
                session: daySession(sessions.filter { $0.day == d }),
                planned: planned.filter { $0.date == d.description }.map(PlannedItemWire.init))
        }
        var dangling: DanglingSession?
        if let (s, count) = try SessionQueries.dangling(userID: user.id, before: today, in: db) {
            dangling = DanglingSession(
                id: s.id, date: s.day.description, dayName: s.day.dayName, name: s.name, setsDone: count)
        }
        return TrainingWeek(
            start: monday.description, today: today.description, rationale: revision?.rationale ?? "",
            days: days, dangling: dangling)
    }

    /// Among a date's sessions in start order the first wins, except that a
    /// strength session replaces a non-strength one.
    static func daySession(_ sessions: [SessionSummary]) -> WeekSession? {
        guard var chosen = sessions.first else { return nil }
        if chosen.kind != "strength", let strength = sessions.first(where: { $0.kind == "strength" }) {
            chosen = strength
        }
        return WeekSession(
            id: chosen.id, kind: chosen.kind, status: chosen.status,
            stats: SessionStats(chosen.stats, kind: chosen.kind), name: chosen.name)
    }
}
