import ForgeCore
import ForgeStore
import Foundation

extension FoodWeekStore {
    /// Removes every food-week revision of `scope` (forged's first-start week,
    /// replaced by the household's when it moves in).
    /// - Returns: how many were removed.
    package static func deleteRevisions(scope: String, in db: Connection) throws -> Int {
        try db.execute("DELETE FROM food_revisions WHERE scope = ?", [scope])
        return db.changes
    }

    /// Stores a food-week revision of the original Forge server with its own id
    /// (`forged import forge-server`) under `scope` (``household`` or a seat's);
    /// `content` and `changes` are JSON text in the contract's shapes.
    package static func insertRevisionKeepingID(
        id: String, scope: String, num: Int, status: String, rationale: String, content: String, changes: String,
        createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO food_revisions (id, scope, num, status, rationale, content, changes, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, scope, num, status, rationale, content, changes, Instant.storage(createdAt)])
    }
}
