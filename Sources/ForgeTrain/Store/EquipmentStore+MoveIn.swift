import ForgeCore
import ForgeStore
import Foundation

extension EquipmentStore {
    /// Stores an equipment profile of the original Forge server with its own id
    /// (`forged import forge-server`); `userID` nil is a household-shared one.
    /// `platesKg` (per-side denominations, kg) and `items` (`[{name, available}]`) are JSON text.
    package static func insertKeepingID(
        id: String, userID: String?, name: String, barKg: Double, platesKg: String, dbMaxKg: Double, items: String,
        createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO equipment_profiles (id, user_id, name, shared, bar_kg, plates_kg, db_max_kg, items, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [id, userID, name, userID == nil ? 1 : 0, barKg, platesKg, dbMaxKg, items, Instant.storage(createdAt)])
    }

    /// Removes the household-shared profiles (forged's first-start ones, replaced by
    /// the household's when it moves in).
    /// - Returns: how many were removed.
    package static func deleteShared(in db: Connection) throws -> Int {
        try db.execute("DELETE FROM equipment_profiles WHERE user_id IS NULL AND shared = 1")
        return db.changes
    }
}
