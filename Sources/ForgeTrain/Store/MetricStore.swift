import ForgeCore
import ForgeStore
import Foundation

/// Writes to `metrics` and the export's reads.
package enum MetricStore {
    /// Stores one sample; a second sample with the same (type, instant,
    /// source) replaces the value.
    package static func record(
        userID: String, type: String, value: Double, unit: String, at now: Date, source: String,
        in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO metrics (id, user_id, type, value, unit, ts, source) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id, type, ts, source) DO UPDATE SET value = excluded.value
            """, [Identifier.make(), userID, type, value, unit, Instant.storage(now), source])
    }
}
