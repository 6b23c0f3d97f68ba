import ForgeCore
import ForgeStore
import Foundation

/// Writes to `planned_items` (docs/contract.md §3.2), scoped by user.
package enum PlannedItemStore {
    /// The user's item `id`, or nil.
    package static func find(_ id: String, userID: String, in db: Connection) throws -> PlannedItem? {
        try db.queryOne("SELECT * FROM planned_items WHERE id = ? AND user_id = ?", [id, userID]).map(item)
    }

    /// Adds an item; returns it.
    package static func add(
        userID: String, date: LocalDate, kind: String, title: String, notes: String,
        planDay: String?, now: Date, in db: Connection
    ) throws -> PlannedItem {
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO planned_items (id, user_id, date, kind, title, notes, plan_day, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, userID, date.description, kind, title, notes, planDay, Instant.storage(now)])
        return PlannedItem(id: id, date: date.description, kind: kind, title: title, notes: notes, plan_day: planDay)
    }

    /// Updates title and/or notes of an owned item.
    package static func update(_ id: String, userID: String, title: String?, notes: String?, in db: Connection) throws {
        try db.execute(
            "UPDATE planned_items SET title = COALESCE(?, title), notes = COALESCE(?, notes) WHERE id = ? AND user_id = ?",
            [title, notes, id, userID])
    }

    /// Deletes an owned item; false when there was none.
    package static func delete(_ id: String, userID: String, in db: Connection) throws -> Bool {
        try db.execute("DELETE FROM planned_items WHERE id = ? AND user_id = ?", [id, userID])
        return db.changes == 1
    }

    static func item(_ row: Row) throws -> PlannedItem {
        PlannedItem(
            id: try row.get("id"), date: try row.get("date"), kind: try row.get("kind"), title: try row.get("title"),
            notes: try row.get("notes"), plan_day: try row.optional("plan_day"))
    }
}
