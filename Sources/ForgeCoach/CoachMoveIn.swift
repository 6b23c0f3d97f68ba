import ForgeCore
import ForgeStore
import Foundation

/// The write paths of `forged import forge-server` for the coach: chat
/// messages and coach runs of the original Forge server. forged numbers
/// both with its own integer ids, so the original's ids are not kept; rows
/// are inserted oldest first, so the order reads as it did.
package enum CoachMoveIn {
    /// A chat message (`who` `me` or `coach`).
    package static func chatMessage(userID: String, who: String, text: String, at: Date, in db: Connection) throws {
        try db.execute(
            "INSERT INTO chat_messages (user_id, who, text, at) VALUES (?, ?, ?, ?)",
            [userID, who, text, Instant.storage(at)])
    }

    /// A coach run (`kind` `chat` or `review`); the original's `note` is kept as `error` for a failed run.
    package static func coachRun(
        userID: String, kind: String, model: String, inputTokens: Int, outputTokens: Int, toolCalls: Int, ok: Bool,
        note: String, at: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO coach_runs (user_id, kind, model, input_tokens, output_tokens, tool_calls, ok, duration_ms,
                                    error, at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
            """,
            [
                userID, kind, model, inputTokens, outputTokens, toolCalls, ok ? 1 : 0, ok ? "" : note,
                Instant.storage(at),
            ])
    }
}
