import ForgeCore
import ForgeStore
import Foundation

/// Reads and seeds niggles (docs/contract.md §3.8, §5.8).
package enum NiggleStore {
    /// Gives the user the standing niggle of §5.8 when they have no niggles at all.
    package static func seedStanding(userID: String, today: LocalDate, now: Date, in db: Connection) throws {
        let count: Int = try db.scalar("SELECT COUNT(*) FROM niggles WHERE user_id = ?", [userID]) ?? 0
        guard count == 0 else { return }
        let seed = NiggleSeed.standing
        try insert(
            userID: userID, bodyPart: seed.bodyPart, severity: seed.severity, status: seed.status, note: seed.note,
            avoidPatterns: seed.avoidPatterns, mobilitySlug: seed.mobilitySlug, openedAt: today.description,
            clearedAt: nil, createdAt: Instant.storage(now), in: db)
    }

    /// The user's niggles in storage order (oldest first), as the cool-down
    /// and alternatives rules consume them.
    package static func all(userID: String, in db: Connection) throws -> [NiggleInfo] {
        try db.query("SELECT * FROM niggles WHERE user_id = ? ORDER BY created_at, rowid", [userID]).map { row in
            let mobility: String = try row.get("mobility_slug")
            return NiggleInfo(
                bodyPart: try row.get("body_part"), status: try row.get("status"),
                avoidPatterns: JSONColumn.decode([String].self, try row.get("avoid_patterns"), fallback: []),
                mobilitySlug: mobility.isEmpty ? nil : mobility)
        }
    }
}
