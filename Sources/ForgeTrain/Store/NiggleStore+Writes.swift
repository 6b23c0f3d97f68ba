import ForgeCore
import ForgeStore
import Foundation

/// A niggle as `GET /api/niggles` lists it (docs/contract.md §3.8).
package struct NiggleRow: Sendable {
    package let id: String
    package let bodyPart: String
    package let severity: String
    package let status: String
    package let note: String
    package let avoidPatterns: [String]
    package let openedAt: String?
    package let clearedAt: String?

    /// True when the niggle is in force (the one rule, ``NiggleInfo/isActive``).
    package var isActive: Bool { NiggleInfo(bodyPart: bodyPart, status: status).isActive }
}

extension NiggleStore {
    /// The statuses a niggle may have.
    package static let statuses: Set<String> = ["active", "watch", "cleared"]

    /// The user's niggles, newest first.
    package static func list(userID: String, in db: Connection) throws -> [NiggleRow] {
        try db.query("SELECT * FROM niggles WHERE user_id = ? ORDER BY created_at DESC, rowid DESC", [userID]).map {
            row in
            NiggleRow(
                id: try row.get("id"), bodyPart: try row.get("body_part"), severity: try row.get("severity"),
                status: try row.get("status"), note: try row.get("note"),
                avoidPatterns: JSONColumn.decode([String].self, try row.get("avoid_patterns"), fallback: []),
                openedAt: try row.optional("opened_at"), clearedAt: try row.optional("cleared_at"))
        }
    }

    /// Adds an active niggle opened `today`; returns its id.
    @discardableResult
    package static func add(
        userID: String, bodyPart: String, severity: String, note: String, avoidPatterns: [String],
        mobilitySlug: String, today: LocalDate, now: Date, in db: Connection
    ) throws -> String {
        try insert(
            userID: userID, bodyPart: bodyPart, severity: severity, status: "active", note: note,
            avoidPatterns: avoidPatterns, mobilitySlug: mobilitySlug, openedAt: today.description, clearedAt: nil,
            createdAt: Instant.storage(now), in: db)
    }

    /// Stores one niggle as given: `status` one of ``statuses``, `openedAt` a
    /// date (`YYYY-MM-DD`), `clearedAt` and `createdAt` stored instants. The
    /// one `INSERT` of `niggles`: ``add(userID:bodyPart:severity:note:avoidPatterns:mobilitySlug:today:now:in:)``,
    /// the standing seed and the demo's history call it.
    /// - Returns: the niggle id.
    @discardableResult
    package static func insert(
        userID: String, bodyPart: String, severity: String, status: String, note: String, avoidPatterns: [String],
        mobilitySlug: String, openedAt: String?, clearedAt: String?, createdAt: String, in db: Connection
    ) throws -> String {
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO niggles (id, user_id, body_part, severity, status, note, avoid_patterns, mobility_slug,
                                 opened_at, cleared_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, userID, bodyPart, severity, status, note, try JSONColumn.text(avoidPatterns), mobilitySlug,
                openedAt, clearedAt, createdAt,
            ])
        return id
    }

    /// Rewrites a niggle's note and avoided patterns (the member described it
    /// afresh, e.g. at intake). False when not owned.
    @discardableResult
    package static func revise(
        _ id: String, userID: String, note: String, avoidPatterns: [String], in db: Connection
    ) throws -> Bool {
        try db.execute(
            "UPDATE niggles SET note = ?, avoid_patterns = ? WHERE id = ? AND user_id = ?",
            [note, try JSONColumn.text(avoidPatterns), id, userID])
        return db.changes == 1
    }

    /// Sets the status; `cleared` always stamps `cleared_at` = `today`
    /// (docs/contract.md §6.13), anything else clears it. False when not owned.
    package static func setStatus(
        _ id: String, userID: String, status: String, today: LocalDate,
        in db: Connection
    ) throws -> Bool {
        try db.execute(
            "UPDATE niggles SET status = ?, cleared_at = ? WHERE id = ? AND user_id = ?",
            [status, status == "cleared" ? today.description : nil, id, userID])
        return db.changes == 1
    }
}
