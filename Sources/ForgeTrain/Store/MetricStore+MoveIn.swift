import ForgeCore
import ForgeStore
import Foundation

extension MetricStore {
    /// Stores a body metric of the original Forge server with its own id
    /// (`forged import forge-server`), in the caller's transaction; `value` in
    /// the canonical unit of `type`, already checked by ``IngestPlausibility/metric(_:_:)``.
    /// - Returns: false when the member already has a sample of the same type,
    ///   instant and source (nothing is written).
    package static func insertKeepingID(
        id: String, userID: String, type: String, value: Double, unit: String, at ts: Date, source: String,
        in db: Connection
    ) throws -> Bool {
        try db.execute(
            """
            INSERT INTO metrics (id, user_id, type, value, unit, ts, source) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO NOTHING
            """, [id, userID, type, value, unit, Instant.storage(ts), source])
        return db.changes > 0
    }
}
