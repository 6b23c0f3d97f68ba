import ForgeCore
import ForgeStore
import Foundation

/// A training session of the original Forge server as it stored it: its
/// snapshots (`fitted`, `stats`) as JSON text. Values arrive checked.
package struct MovedSession: Sendable {
    package var id: String
    package var userID: String
    /// The trained day, `YYYY-MM-DD`.
    package var day: String
    package var name = ""
    /// `strength` or `cardio`.
    package var kind = "strength"
    /// `active`, `completed` or `unplanned`.
    package var status = "active"
    package var startedAt: Date
    package var completedAt: Date?
    /// Minutes, when the member gave a budget.
    package var timeBudgetMin: Int?
    package var fitted = "{}"
    package var stats = "{}"
    package var notes = ""
    package var cooldownStatus = ""
    package var favorite = false

    package init(id: String, userID: String, day: String, startedAt: Date) {
        self.id = id
        self.userID = userID
        self.day = day
        self.startedAt = startedAt
    }
}

extension TrainingSessionStore {
    /// Stores a session of the original Forge server with its own id (`forged import
    /// forge-server`); its sets follow with ``SetStore/insertKeepingID(_:in:)``.
    package static func insertKeepingID(_ s: MovedSession, in db: Connection) throws {
        try db.execute(
            """
            INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at, time_budget_min,
                                  fitted, stats, notes, cooldown_status, favorite)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                s.id, s.userID, s.day, s.name, s.kind, s.status, Instant.storage(s.startedAt),
                s.completedAt.map(Instant.storage), s.timeBudgetMin, s.fitted, s.stats, s.notes, s.cooldownStatus,
                s.favorite ? 1 : 0,
            ])
    }
}
