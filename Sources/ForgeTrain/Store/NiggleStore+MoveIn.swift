import ForgeCore
import ForgeStore
import Foundation

extension NiggleStore {
    /// Stores a niggle of the original Forge server with its own id (`forged import
    /// forge-server`); `avoidPatterns` is JSON text. Its creation time is when it
    /// was opened, else `now` (the import's clock).
    package static func insertKeepingID(
        id: String, userID: String, bodyPart: String, severity: String, status: String, note: String,
        avoidPatterns: String, mobilitySlug: String, openedAt: Date?, clearedAt: Date?, now: Date, in db: Connection
    ) throws {
        let opened = openedAt.map(Instant.storage)
        try db.execute(
            """
            INSERT INTO niggles (id, user_id, body_part, severity, status, note, avoid_patterns, mobility_slug,
                                 opened_at, cleared_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, userID, bodyPart, severity, status, note, avoidPatterns, mobilitySlug, opened,
                clearedAt.map(Instant.storage), opened ?? Instant.storage(now),
            ])
    }
}
