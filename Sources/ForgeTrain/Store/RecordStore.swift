import ForgeCore
import ForgeStore
import Foundation

/// A stored personal record (docs/contract.md §4.4). `detail` is rendered at read
/// time in the member's load unit from `weight` (kg) and `reps`.
package struct StoredRecord: Sendable {
    package let slug: String
    package let kind: RecordKind
    /// kg.
    package let value: Double
    /// The record set's load, kg, full precision.
    package let weight: Double
    package let reps: Int
    /// The trained day of the session that set it.
    package let achievedOn: LocalDate
}

/// Reads and writes `records` and the `record_events` log of beaten records.
package enum RecordStore {
    /// Applies a set's candidates to the user's records for `slug`: a missing
    /// record is created silently; a strictly greater candidate replaces value,
    /// set and `achieved_on` and is returned as a PB (and logged as an event).
    /// Records never fall.
    package static func apply(
        _ candidates: [RecordCandidate], userID: String, slug: String, day: LocalDate,
        sessionID: String, now: Date, in db: Connection
    ) throws -> [RecordCandidate] {
        var pbs: [RecordCandidate] = []
        for c in candidates {
            let stored: Double? = try db.scalar(
                "SELECT value FROM records WHERE user_id = ? AND slug = ? AND kind = ?",
                [userID, slug, c.kind.rawValue])
            guard let outcome = c.outcome(over: stored) else { continue }
            try store(c, userID: userID, slug: slug, day: day, now: now, in: db)
            guard outcome == .beaten else { continue }
            try logEvent(c, userID: userID, slug: slug, day: day, sessionID: sessionID, now: now, in: db)
            pbs.append(c)
        }
        return pbs
    }

    /// Writes `c` as the member's record of its kind for `slug`, set on `day`.
    static func store(_ c: RecordCandidate, userID: String, slug: String, day: LocalDate, now: Date, in db: Connection)
        throws
    {
        try db.execute(
            """
            INSERT INTO records (user_id, slug, kind, value, weight, reps, achieved_on, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id, slug, kind) DO UPDATE SET value = excluded.value, weight = excluded.weight,
              reps = excluded.reps, achieved_on = excluded.achieved_on, updated_at = excluded.updated_at
            """, [userID, slug, c.kind.rawValue, c.value, c.weight, c.reps, day.description, Instant.storage(now)])
    }

    /// Logs that `c` beat the stored record of its kind (a PB) in session `sessionID` on `day`.
    static func logEvent(
        _ c: RecordCandidate, userID: String, slug: String, day: LocalDate, sessionID: String, now: Date,
        in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO record_events (user_id, slug, kind, value, achieved_on, session_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [userID, slug, c.kind.rawValue, c.value, day.description, sessionID, Instant.storage(now)])
    }

    /// The user's records ordered by slug, then kind.
    package static func all(userID: String, in db: Connection) throws -> [StoredRecord] {
        try db.query("SELECT * FROM records WHERE user_id = ? ORDER BY slug, kind", [userID]).map { row in
            let kind: String = try row.get("kind")
            let day: String = try row.get("achieved_on")
            return StoredRecord(
                slug: try row.get("slug"), kind: RecordKind(rawValue: kind) ?? .e1rm,
                value: try row.get("value"), weight: try row.get("weight"), reps: try row.get("reps"),
                achievedOn: LocalDate(day) ?? LocalDate(year: 1970, month: 1, day: 1))
        }
    }

    /// PRs this week: the number of distinct lifts (slugs) that beat a
    /// stored record on a trained day in `from...to`. A set that lifts both
    /// the e1RM and the best set, or a lift beaten twice, counts once.
    package static func liftsWithPRs(userID: String, from: LocalDate, to: LocalDate, in db: Connection) throws -> Int {
        try db.scalar(
            """
            SELECT COUNT(DISTINCT slug) FROM record_events WHERE user_id = ? AND achieved_on >= ? AND achieved_on <= ?
            """, [userID, from.description, to.description]) ?? 0
    }
}
