import ForgeCore
import ForgeStore
import Foundation

extension PlannedItemStore {
    /// Stores a workout or meal pencilled onto `date` (`YYYY-MM-DD`) in the original
    /// Forge server, with its own id (`forged import forge-server`); `kind` `workout`
    /// or `meal`, `planDay` the weekday key `"0"`…`"6"` or nil.
    package static func insertKeepingID(
        id: String, userID: String, date: String, kind: String, title: String, notes: String, planDay: String?,
        createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO planned_items (id, user_id, date, kind, title, notes, plan_day, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, userID, date, kind, title, notes, planDay, Instant.storage(createdAt)])
    }
}
