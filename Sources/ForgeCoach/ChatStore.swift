import ForgeCore
import ForgeStore
import Foundation

/// One chat message (docs/contract.md §3.13): `who` is `me` or `coach`; `at` is the stored instant.
package struct ChatMessage: Sendable, Equatable {
    package let id: Int64
    package let who: String
    package let text: String
    package let at: String
}

/// The chat thread and the table of pending turns (docs/contract.md §6.14: a
/// pending turn is a row, so a restart resumes it instead of leaving the
/// member waiting). All reads and writes are scoped by `user_id`.
package enum ChatStore {
    /// Messages returned by `GET /api/chat`.
    package static let window = 200

    /// Appends a message; returns its id.
    @discardableResult
    package static func append(userID: String, who: String, text: String, now: Date, in db: Connection) throws -> Int64
    {
        try db.execute(
            "INSERT INTO chat_messages (user_id, who, text, at) VALUES (?, ?, ?, ?)",
            [userID, who, text, Instant.storage(now)])
        return db.lastInsertRowID
    }

    /// The newest ``window`` messages, oldest first (docs/contract.md §6.1).
    package static func recent(userID: String, limit: Int = window, in db: Connection) throws -> [ChatMessage] {
        try db.query(
            "SELECT id, who, text, at FROM chat_messages WHERE user_id = ? ORDER BY id DESC LIMIT ?",
            [userID, limit]
        ).map { row in
            ChatMessage(
                id: try row.get("id"), who: try row.get("who"), text: try row.get("text"), at: try row.get("at"))
        }.reversed()
    }

    /// The member's messages (`who == "me"`) stored at or after `since`.
    package static func memberMessages(userID: String, since: Date, in db: Connection) throws -> Int {
        try db.scalar(
            "SELECT COUNT(*) FROM chat_messages WHERE user_id = ? AND who = 'me' AND at >= ?",
            [userID, Instant.storage(since)]) ?? 0
    }

    /// True while a reply for the member is being produced.
    package static func isPending(userID: String, in db: Connection) throws -> Bool {
        (try db.scalar("SELECT COUNT(*) FROM coach_pending_turns WHERE user_id = ?", [userID]) as Int? ?? 0) > 0
    }

    /// Marks a turn pending for the member's message `messageID`.
    package static func markPending(userID: String, messageID: Int64, context: String, now: Date, in db: Connection)
        throws
    {
        try db.execute(
            "INSERT INTO coach_pending_turns (user_id, message_id, context, created_at) VALUES (?, ?, ?, ?)",
            [userID, messageID, context, Instant.storage(now)])
    }

    /// Clears the member's pending turn.
    package static func clearPending(userID: String, in db: Connection) throws {
        try db.execute("DELETE FROM coach_pending_turns WHERE user_id = ?", [userID])
    }

    /// Every pending turn (user id, context JSON), oldest first: resumed at start.
    package static func pendingTurns(in db: Connection) throws -> [(userID: String, context: String)] {
        try db.query("SELECT user_id, context FROM coach_pending_turns ORDER BY created_at, rowid").map {
            (try $0.get("user_id"), try $0.get("context"))
        }
    }
}
