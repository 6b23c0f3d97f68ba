import ForgeCore
import ForgeStore
import Foundation

/// One metric sample dated in the household zone (docs/contract.md §6.5).
package struct MetricPoint: Sendable, Hashable {
    package let day: LocalDate
    package let value: Double
}

/// Read queries behind `/api/progress` and `/api/metrics/{type}/history` (docs/contract.md §4.15).
package enum ProgressQueries {
    /// e1RM series per performed slug: every set with weight > 0 in the
    /// user's completed sessions, the best e1RM per slug and per **trained
    /// day** (the session's `day`, docs/contract.md §6.5), sorted by day.
    ///
    /// Read from `lift_day_best` (ForgeSchema+LiftBests.swift), which the
    /// database's triggers keep in step with `sets` and `sessions`: one row
    /// per point instead of every set the member ever logged. Each stored
    /// best is unrounded and rounded here with `Rounding.round1`, exactly
    /// what `OneRepMax.epley` gives the best set.
    package static func e1rmSeries(userID: String, in db: Connection) throws -> [String: [SeriesPoint]] {
        var series: [String: [SeriesPoint]] = [:]
        for row in try db.query(
            "SELECT slug, day, e1rm FROM lift_day_best WHERE user_id = ? ORDER BY slug, day",
            [userID])
        {
            let dayText: String = try row.get("day")
            guard let day = LocalDate(dayText) else { continue }
            let slug: String = try row.get("slug")
            series[slug, default: []].append(SeriesPoint(day: day, value: Rounding.round1(try row.get("e1rm"))))
        }
        return series.mapValues { $0.sorted { $0.day < $1.day } }
    }

    /// When each lift of the e1RM series was first logged (issue 28): for
    /// each slug, the earliest set time (`ts`, storage form) on the slug's
    /// first trained day in `lift_day_best`. The original lists `e1rm`'s lifts
    /// in this order; only the sets of those first days are read.
    package static func firstLogged(userID: String, in db: Connection) throws -> [String: String] {
        var out: [String: String] = [:]
        for row in try db.query(
            """
            SELECT s.slug AS slug, MIN(s.ts) AS ts
            FROM sets s
            JOIN sessions se ON se.id = s.session_id
            JOIN (SELECT slug, MIN(day) AS day FROM lift_day_best WHERE user_id = ? GROUP BY slug) f
              ON f.slug = s.slug AND f.day = se.day
            WHERE s.user_id = ?
            GROUP BY s.slug
            """, [userID, userID])
        {
            out[try row.get("slug")] = try row.get("ts")
        }
        return out
    }

    /// Samples of `type` with a timestamp at or after `since`, oldest first,
    /// each dated by the household calendar.
    package static func metricSeries(
        userID: String, type: String, since: Date, calendar: HouseholdCalendar,
        in db: Connection
    ) throws -> [MetricPoint] {
        try db.query(
            """
            SELECT value, ts FROM metrics WHERE user_id = ? AND type = ? AND ts >= ? ORDER BY ts, rowid
            """, [userID, type, Instant.storage(since)]
        ).compactMap { row in
            let ts: String = try row.get("ts")
            guard let instant = Instant.parse(ts) else { return nil }
            return MetricPoint(day: calendar.date(of: instant), value: try row.get("value"))
        }
    }

    /// The latest value of `type` at or after `since`, or nil.
    package static func latestValue(userID: String, type: String, since: Date, in db: Connection) throws -> Double? {
        try db.scalar(
            """
            SELECT value FROM metrics WHERE user_id = ? AND type = ? AND ts >= ? ORDER BY ts DESC, rowid DESC LIMIT 1
            """, [userID, type, Instant.storage(since)])
    }

    /// Sessions with status completed/unplanned and `day` in `from...to`.
    package static func doneSessions(userID: String, from: LocalDate, to: LocalDate, in db: Connection) throws -> Int {
        try db.scalar(
            """
            SELECT COUNT(*) FROM sessions WHERE user_id = ? AND status IN ('completed', 'unplanned') AND day >= ? AND day <= ?
            """, [userID, from.description, to.description]) ?? 0
    }

    /// Σ `stats.zone2_min` over the user's cardio sessions (any status) dated `from...to`.
    package static func zone2Minutes(userID: String, from: LocalDate, to: LocalDate, in db: Connection) throws -> Double
    {
        try db.scalar(
            """
            SELECT TOTAL(json_extract(stats, '$.zone2_min')) FROM sessions
            WHERE user_id = ? AND kind = 'cardio' AND day >= ? AND day <= ?
            """, [userID, from.description, to.description]) ?? 0
    }

    /// History (docs/contract.md §3.4, §4.8): completed/unplanned sessions, `day` desc
    /// then start desc, optionally only favourites.
    package static func history(
        userID: String, limit: Int, offset: Int, favoritesOnly: Bool,
        in db: Connection
    ) throws -> [StoredSession] {
        try db.query(
            """
            SELECT * FROM sessions WHERE user_id = ? AND status IN ('completed', 'unplanned')
              AND (? = 0 OR favorite = 1)
            ORDER BY day DESC, started_at DESC, rowid DESC LIMIT ? OFFSET ?
            """, [userID, favoritesOnly, limit, offset]
        ).map(TrainingSessionStore.session)
    }
}
