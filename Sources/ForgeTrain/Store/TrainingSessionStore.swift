import ForgeCore
import ForgeStore
import Foundation

/// One stored session row, everything the session routes read.
package struct StoredSession: Sendable {
    package let id: String
    package let userID: String
    /// The trained day: every date derived from this session uses it.
    package let day: LocalDate
    package let name: String
    package let kind: String
    package let status: String
    package let startedAt: String
    package let completedAt: String?
    package let budget: Int?
    package let fitted: JSONValue
    package let stats: JSONValue
    package let notes: String
    package let cooldownStatus: String
    package let favorite: Bool
}

/// Reads and writes `sessions` and `sets`. Every read and write is scoped
/// by `user_id`: another member's session is simply not found.
package enum TrainingSessionStore {
    /// The user's session `id`, or nil (also when another member owns it).
    package static func find(_ id: String, userID: String, in db: Connection) throws -> StoredSession? {
        try db.queryOne("SELECT * FROM sessions WHERE id = ? AND user_id = ?", [id, userID]).map(session)
    }

    /// The latest-started active strength session on `day`, or nil.
    package static func activeStrength(userID: String, on day: LocalDate, in db: Connection) throws -> StoredSession? {
        try db.queryOne(
            """
            SELECT * FROM sessions WHERE user_id = ? AND day = ? AND kind = 'strength' AND status = 'active'
            ORDER BY started_at DESC, rowid DESC LIMIT 1
            """, [userID, day.description]
        ).map(session)
    }

    /// Creates an active strength session; returns its id.
    package static func create(
        userID: String, day: LocalDate, name: String, budget: Int?, fitted: JSONValue,
        now: Date, in db: Connection
    ) throws -> String {
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, time_budget_min, fitted)
            VALUES (?, ?, ?, ?, 'strength', 'active', ?, ?, ?)
            """, [id, userID, day.description, name, Instant.storage(now), budget, try JSONColumn.text(fitted)])
        return id
    }

    /// Replaces the fitted snapshot and the stored budget (re-fit, §4.7).
    package static func refit(_ id: String, fitted: JSONValue, budget: Int?, in db: Connection) throws {
        try db.execute(
            "UPDATE sessions SET fitted = ?, time_budget_min = ? WHERE id = ?",
            [try JSONColumn.text(fitted), budget, id])
    }

    /// Marks the session completed with its stats and fitted snapshot;
    /// `notes` nil keeps the stored notes.
    package static func complete(
        _ id: String, stats: JSONValue, fitted: JSONValue, cooldownStatus: String,
        notes: String?, now: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            UPDATE sessions SET status = 'completed', completed_at = ?, stats = ?, fitted = ?, cooldown_status = ?,
                   notes = COALESCE(?, notes) WHERE id = ?
            """,
            [Instant.storage(now), try JSONColumn.text(stats), try JSONColumn.text(fitted), cooldownStatus, notes, id])
    }

    /// Replaces the stats document.
    package static func setStats(_ id: String, stats: JSONValue, in db: Connection) throws {
        try db.execute("UPDATE sessions SET stats = ? WHERE id = ?", [try JSONColumn.text(stats), id])
    }

    package static func setNotes(_ id: String, userID: String, notes: String, in db: Connection) throws {
        try db.execute("UPDATE sessions SET notes = ? WHERE id = ? AND user_id = ?", [notes, id, userID])
    }

    package static func setFavorite(_ id: String, userID: String, favorite: Bool, in db: Connection) throws {
        try db.execute("UPDATE sessions SET favorite = ? WHERE id = ? AND user_id = ?", [favorite, id, userID])
    }

    /// Deletes the session and (by cascade) its sets. Records stay.
    package static func delete(_ id: String, userID: String, in db: Connection) throws {
        try db.execute("DELETE FROM sessions WHERE id = ? AND user_id = ?", [id, userID])
    }

    /// The session's sets in logging order.
    package static func sets(_ sessionID: String, in db: Connection) throws -> [LoggedSet] {
        try db.query("SELECT * FROM sets WHERE session_id = ? ORDER BY ts, rowid", [sessionID]).map(loggedSet)
    }

    static func loggedSet(_ row: Row) throws -> LoggedSet {
        var set = LoggedSet(
            slug: try row.get("slug"), substitutedFor: try row.optional("substituted_for"),
            setNo: try row.get("set_no"), weight: try row.get("weight"), reps: try row.get("reps"),
            rpe: try row.optional("rpe"), ts: try row.get("ts"))
        set.marker = SetMarker(rawValue: try row.get("set_kind")) ?? .normal
        return set
    }

    static func session(_ row: Row) throws -> StoredSession {
        let dayText: String = try row.get("day")
        return StoredSession(
            id: try row.get("id"), userID: try row.get("user_id"),
            day: LocalDate(dayText) ?? LocalDate(year: 1970, month: 1, day: 1),
            name: try row.get("name"), kind: try row.get("kind"), status: try row.get("status"),
            startedAt: try row.get("started_at"), completedAt: try row.optional("completed_at"),
            budget: try row.optional("time_budget_min"),
            fitted: JSONColumn.decode(JSONValue.self, try row.get("fitted"), fallback: .object([:])),
            stats: JSONColumn.decode(JSONValue.self, try row.get("stats"), fallback: .object([:])),
            notes: try row.get("notes"), cooldownStatus: try row.get("cooldown_status"),
            favorite: try row.get("favorite"))
    }
}
