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
    /// forge-server`); its sets follow with ``SetStore/insertKeepingID(_:in:)``. A
    /// completed session is written `active` and completed by
    /// ``completeMovedIn(_:in:)`` once its sets are in, the way a live session ends:
    /// written row by row, the `lift_day_best` triggers (docs/architecture.md) then
    /// compute each day's e1RM once, at completion, instead of once per set (inside
    /// ``bulkLoad(in:_:)`` the triggers are off and the table is rebuilt once
    /// instead). Run inside the move's write transaction: nobody sees the session
    /// before it is complete.
    /// - Returns: true when the session waits for ``completeMovedIn(_:in:)``.
    package static func insertKeepingID(_ s: MovedSession, in db: Connection) throws -> Bool {
        let completesLater = s.status == "completed"
        try db.execute(
            """
            INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at, time_budget_min,
                                  fitted, stats, notes, cooldown_status, favorite)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                s.id, s.userID, s.day, s.name, s.kind, completesLater ? "active" : s.status,
                Instant.storage(s.startedAt), s.completedAt.map(Instant.storage), s.timeBudgetMin, s.fitted, s.stats,
                s.notes, s.cooldownStatus, s.favorite ? 1 : 0,
            ])
        return completesLater
    }

    /// Completes the sessions ``insertKeepingID(_:in:)`` wrote `active` for now, once their sets are in.
    package static func completeMovedIn(_ ids: [String], in db: Connection) throws {
        for id in ids { try db.execute("UPDATE sessions SET status = 'completed' WHERE id = ?", [id]) }
    }
}
