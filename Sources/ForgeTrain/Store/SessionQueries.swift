import ForgeCore
import ForgeStore
import Foundation

/// A stored training session as the read routes need it.
package struct SessionSummary: Sendable {
    package let id: String
    package let day: LocalDate
    package let name: String
    /// `strength` or `cardio`.
    package let kind: String
    /// `active`, `completed` or `unplanned`.
    package let status: String
    package let stats: JSONValue
    package let cooldownStatus: String
    package let startedAt: String
}

/// The `last` context of an exercise (docs/contract.md §3.2): the most recent logged
/// set of the slug in a completed session.
package struct LastPerformance: Codable, Sendable, Equatable {
    /// Weight of that most recent set, kg.
    package let weight: Double
    /// Reps of every set of the slug in that session, by `set_no`.
    package let reps: [Int]
    /// The non-empty RPEs of those sets, by `set_no`.
    package let rpe: [Int]
    /// The session's trained day (docs/contract.md §6.5: trained day, not the UTC log date).
    package let when: LocalDate
}

/// Read queries over sessions and sets.
package enum SessionQueries {
    static let columns = "id, day, name, kind, status, stats, cooldown_status, started_at"

    /// Sessions of the user with `day` in `from...to`, ordered by day then start.
    package static func sessions(userID: String, from: LocalDate, to: LocalDate, in db: Connection) throws
        -> [SessionSummary]
    {
        try db.query(
            """
            SELECT \(columns) FROM sessions WHERE user_id = ? AND day >= ? AND day <= ?
            ORDER BY day, started_at, rowid
            """, [userID, from.description, to.description]
        ).map(summary)
    }

    /// The latest-started strength session on `day`, any status.
    package static func latestStrength(userID: String, on day: LocalDate, in db: Connection) throws -> SessionSummary? {
        try db.queryOne(
            """
            SELECT \(columns) FROM sessions WHERE user_id = ? AND day = ? AND kind = 'strength'
            ORDER BY started_at DESC, rowid DESC LIMIT 1
            """, [userID, day.description]
        ).map(summary)
    }

    /// The most recent active strength session dated before `today`, with its
    /// logged-set count (docs/contract.md §4.6 `dangling`).
    package static func dangling(userID: String, before today: LocalDate, in db: Connection) throws -> (
        SessionSummary, Int
    )? {
        guard
            let session = try db.queryOne(
                """
                SELECT \(columns) FROM sessions
                WHERE user_id = ? AND kind = 'strength' AND status = 'active' AND day < ?
                ORDER BY day DESC, started_at DESC LIMIT 1
                """, [userID, today.description]
            ).map(summary)
        else { return nil }
        let sets: Int = try db.scalar("SELECT COUNT(*) FROM sets WHERE session_id = ?", [session.id]) ?? 0
        return (session, sets)
    }

    /// `last` for `slug`: the most recent set of the slug (by trained day,
    /// then log time) in one of the user's completed sessions.
    package static func last(userID: String, slug: String, in db: Connection) throws -> LastPerformance? {
        // Never logged: answered by the (user_id, slug) index alone.
        guard try db.queryOne("SELECT 1 FROM sets WHERE user_id = ? AND slug = ? LIMIT 1", [userID, slug]) != nil else {
            return nil
        }
        // Sessions newest first through (user_id, day), each one's sets through
        // sets_session (`+` keeps SQLite off the slug index, which would read
        // every set of the lift): stops at the latest day with the lift, so
        // the work is bounded by how long ago it was done, not by history.
        guard
            let latest = try db.queryOne(
                """
                SELECT st.session_id, st.weight, se.day FROM sessions se CROSS JOIN sets st ON st.session_id = se.id
                WHERE se.user_id = ? AND se.status = 'completed' AND +st.user_id = ? AND +st.slug = ?
                ORDER BY se.day DESC, st.ts DESC, st.rowid DESC LIMIT 1
                """, [userID, userID, slug])
        else { return nil }
        let sessionID: String = try latest.get("session_id")
        let rows = try db.query(
            "SELECT reps, rpe FROM sets WHERE session_id = ? AND slug = ? ORDER BY set_no, ts, rowid",
            [sessionID, slug])
        let dayText: String = try latest.get("day")
        return LastPerformance(
            weight: try latest.get("weight"),
            reps: try rows.map { try $0.get("reps") },
            rpe: try rows.compactMap { row -> Int? in
                guard let rpe: Int = try row.optional("rpe"), rpe != 0 else { return nil }
                return rpe
            },
            when: LocalDate(dayText) ?? LocalDate(year: 1970, month: 1, day: 1))
    }

    /// The loaded sets that are no warm-up (working, drop and failure sets) of `slug` in the user's most recent completed session
    /// holding any, in logging order, and that session's day; nil when there is none. Bounded like
    /// ``last(userID:slug:in:)``: sessions newest first, stopping at the first with the lift.
    package static func lastLoadedSets(userID: String, slug: String, in db: Connection) throws -> (
        day: LocalDate, sets: [LoggedSet]
    )? {
        guard try db.queryOne("SELECT 1 FROM sets WHERE user_id = ? AND slug = ? LIMIT 1", [userID, slug]) != nil else {
            return nil
        }
        guard
            let latest = try db.queryOne(
                """
                SELECT st.session_id, se.day FROM sessions se CROSS JOIN sets st ON st.session_id = se.id
                WHERE se.user_id = ? AND se.status = 'completed' AND +st.user_id = ? AND +st.slug = ?
                  AND st.set_kind <> 'warmup' AND st.weight > 0
                ORDER BY se.day DESC, st.ts DESC, st.rowid DESC LIMIT 1
                """, [userID, userID, slug])
        else { return nil }
        let sessionID: String = try latest.get("session_id")
        let sets = try db.query(
            """
            SELECT * FROM sets WHERE session_id = ? AND slug = ? AND set_kind <> 'warmup' AND weight > 0
            ORDER BY ts, rowid
            """, [sessionID, slug]
        ).map(TrainingSessionStore.loggedSet)
        let dayText: String = try latest.get("day")
        return (LocalDate(dayText) ?? LocalDate(year: 1970, month: 1, day: 1), sets)
    }

    static func summary(_ row: Row) throws -> SessionSummary {
        let dayText: String = try row.get("day")
        return SessionSummary(
            id: try row.get("id"), day: LocalDate(dayText) ?? LocalDate(year: 1970, month: 1, day: 1),
            name: try row.get("name"), kind: try row.get("kind"), status: try row.get("status"),
            stats: JSONColumn.decode(JSONValue.self, try row.get("stats"), fallback: .object([:])),
            cooldownStatus: try row.get("cooldown_status"), startedAt: try row.get("started_at"))
    }
}
