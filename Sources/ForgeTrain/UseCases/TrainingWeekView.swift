import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// The member's training week (`GET /api/week`, docs/contract.md §3.2, §4.6; issue 42): the
/// Monday-snapped calendar week of the active plan, with each day's session, planned items and any
/// dangling session from an earlier day. One read transaction.
package enum TrainingWeekView {
    /// `user`'s week containing `date`, Monday to Sunday (``TrainingWeek``): each day's plan entry
    /// (a strength day's untrimmed estimate in minutes and exercise count, a cardio day's minutes),
    /// its session and planned items, and an active strength session left before `today`.
    /// - Parameter today: the household's today, marked `is_today`.
    /// - Throws: storage errors.
    package static func week(_ user: User, containing date: LocalDate, today: LocalDate, in database: Database) throws
        -> TrainingWeek
    {
        try database.read { db in try week(user, containing: date, today: today, in: db) }
    }

    /// The same week, read in the caller's transaction.
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

/// `GET /api/week` (docs/contract.md §3.2).
package struct TrainingWeek: Codable, Sendable {
    /// The Monday, `YYYY-MM-DD`.
    package let start: String
    /// The household's today.
    package let today: String
    /// The active revision's rationale, or `""`.
    package let rationale: String
    /// Monday to Sunday.
    package let days: [WeekDay]
    /// An active strength session left on an earlier day.
    @Nullable package var dangling: DanglingSession?
}

/// docs/contract.md `WeekDay`.
package struct WeekDay: Codable, Sendable {
    package let date: String
    package let dayName: String
    package let isToday: Bool
    /// `strength`, `cardio` or `rest`.
    package let kind: String
    @Nullable package var name: String?
    package let focus: [String]
    /// Strength days: untrimmed estimate with the full cool-down, minutes.
    package var est: Int?
    /// Strength days: exercises in the plan entry.
    package var exerciseCount: Int?
    /// Cardio days: prescribed minutes.
    package var minutes: Int?
    @Nullable package var session: WeekSession?
    /// Oldest-created first.
    package let planned: [PlannedItemWire]
}

/// The session shown on a week day.
package struct WeekSession: Codable, Sendable {
    package let id: String
    package let kind: String
    package let status: String
    package let stats: SessionStats
    package let name: String
}

/// `dangling`: `{ id, date, day_name, name, sets_done }`.
package struct DanglingSession: Codable, Sendable {
    package let id: String
    package let date: String
    package let dayName: String
    package let name: String
    package let setsDone: Int
}
