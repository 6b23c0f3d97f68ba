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
    package static func add(
        userID: String, bodyPart: String, severity: String, note: String, avoidPatterns: [String],
        mobilitySlug: String, today: LocalDate, now: Date, in db: Connection
    ) throws -> String {
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO niggles (id, user_id, body_part, severity, status, note, avoid_patterns, mobility_slug, opened_at, created_at)
            VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?, ?)
            """,
            [
                id, userID, bodyPart, severity, note, try JSONColumn.text(avoidPatterns), mobilitySlug,
                today.description, Instant.storage(now),
            ])
        return id
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
