import ForgeCore
import ForgeStore
import Foundation

extension PlanStore {
    /// Stores a member's training plan of the original Forge server with its own
    /// id (`forged import forge-server`; forged keeps one plan per member).
    package static func insertKeepingID(
        id: String, userID: String, goal: String, status: String, createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            "INSERT INTO plans (id, user_id, goal, status, created_at) VALUES (?, ?, ?, ?, ?)",
            [id, userID, goal, status, Instant.storage(createdAt)])
    }

    /// Stores a plan revision of the original Forge server with its own id;
    /// `status` `proposed`, `active` or `superseded`, `content` JSON text
    /// (`{days: …}`, the contract's plan content). The active one is in force from `createdAt`; a
    /// superseded one, which may have been a rejected proposal, is not counted as ever in force.
    package static func insertRevisionKeepingID(
        id: String, planID: String, num: Int, status: String, rationale: String, content: String, createdAt: Date,
        in db: Connection
    ) throws {
        let created = Instant.storage(createdAt)
        try db.execute(
            """
            INSERT INTO plan_revisions (id, plan_id, num, status, rationale, content, created_at, activated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, planID, num, status, rationale, content, created, status == "active" ? created : nil])
    }
}
