import ForgeCore
import ForgeStore
import Foundation

/// The `notices` ledger: proposal-ready and planned-day-reminder notices,
/// queued at most once per (member, kind, key) and stamped `sent_at` with
/// an outcome before they are published (docs/contract.md §4.27). The only
/// writer of `notices`.
package enum NoticeStore {
    /// A queued notice with what deciding it needs of its member.
    package struct Queued: Sendable {
        package let id: Int
        package let userID: String
        /// The member's display name.
        package let name: String
        package let kind: NotificationKind
        /// Proposal id or `YYYY-MM-DD`.
        package let key: String
        package let title: String
        package let body: String
        /// The member's prefs (`notif_proposal`, `notif_reminder` mute a kind).
        package let prefs: [String: JSONValue]
    }

    /// Whether a notice of `kind` and `key` was ever queued for the member.
    package static func isQueued(userID: String, kind: NotificationKind, key: String, in db: Connection) throws
        -> Bool
    {
        let n: Int =
            try db.scalar(
                "SELECT COUNT(*) FROM notices WHERE user_id = ? AND kind = ? AND key = ?",
                [userID, kind.rawValue, key]) ?? 0
        return n > 0
    }

    /// Notices not yet sent.
    package static func waitingCount(in db: Connection) throws -> Int {
        try db.scalar("SELECT COUNT(*) FROM notices WHERE sent_at IS NULL") ?? 0
    }

    /// The unsent notices in ledger order; rows of an unknown kind are skipped.
    package static func unsent(in db: Connection) throws -> [Queued] {
        try db.query(
            """
            SELECT n.id, n.user_id, u.name, u.prefs, n.kind, n.key, n.title, n.body FROM notices n
            JOIN users u ON u.id = n.user_id WHERE n.sent_at IS NULL ORDER BY n.id
            """
        ).compactMap { row in
            guard let kind = NotificationKind(rawValue: try row.get("kind")) else { return nil }
            let prefsText: String = try row.get("prefs")
            let prefs = (try? JSONCoding.decode([String: JSONValue].self, from: Data(prefsText.utf8))) ?? [:]
            return Queued(
                id: try row.get("id"), userID: try row.get("user_id"), name: try row.get("name"), kind: kind,
                key: try row.get("key"), title: try row.get("title"), body: try row.get("body"), prefs: prefs)
        }
    }

    /// Stamps notice `id` as decided at `now`: `sent`, `muted` or `stale`.
    package static func markSent(_ id: Int, outcome: String, now: Date, in db: Connection) throws {
        try db.execute("UPDATE notices SET sent_at = ?, outcome = ? WHERE id = ?", [Instant.storage(now), outcome, id])
    }

    /// Queues a notice; a second one with the same (member, kind, key) is ignored.
    package static func queue(
        userID: String, kind: NotificationKind, key: String, title: String, body: String,
        now: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT OR IGNORE INTO notices (user_id, kind, key, title, body, created_at) VALUES (?, ?, ?, ?, ?, ?)
            """, [userID, kind.rawValue, key, title, body, Instant.storage(now)])
    }
}
