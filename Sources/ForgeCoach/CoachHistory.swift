import ForgeCore
import ForgeStore
import Foundation

/// What a member reads of their coach (docs/contract.md §3.7; issue 42): the chat thread and
/// the coach's recent runs. Each call is one read transaction.
package enum CoachHistory {
    /// The member's recent chat messages, oldest first (``ChatStore/window`` of them), and whether a
    /// reply is still being written.
    package static func thread(userID: String, in database: Database) throws -> (
        messages: [ChatMessage], pending: Bool
    ) {
        try database.read { db in
            (try ChatStore.recent(userID: userID, in: db), try ChatStore.isPending(userID: userID, in: db))
        }
    }

    /// The member's latest coach runs (chat turns and reviews), newest first.
    package static func runs(userID: String, in database: Database) throws -> [CoachRun] {
        try database.read { db in try CoachRunStore.latest(userID: userID, in: db) }
    }
}
