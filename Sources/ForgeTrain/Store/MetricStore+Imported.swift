import ForgeCore
import ForgeStore
import Foundation

extension MetricStore {
    /// Stores one sample read from another app's export (Apple Health), unless the household already
    /// has it: a sample of the same member, type and instant from any source (Health Auto Export's
    /// `hae`, an earlier import, a manual entry) whose value is within 0.005 of `value`; for a day
    /// total (`dayEnd` given: `instant` is the day's start), any sample of the type from `instant` up to
    /// `dayEnd`, whatever its value (Health Auto Export pushes a day's steps as one total or as the
    /// day's samples, summed slightly differently).
    /// - Parameters:
    ///   - value: canonical unit of `type` (docs/contract.md §1.3), already checked by
    ///     ``IngestPlausibility/metric(_:_:)``.
    ///   - source: the `metrics.source` of the import (`apple_health`).
    ///   - anyValue: a sample at the same instant is the same whatever its value (a reading the other app
    ///     rounds differently).
    ///   - dayEnd: the end (exclusive) of the day `instant` starts, for a day total.
    /// - Returns: the new row's id, or nil when the sample was already there.
    package static func insertImported(
        userID: String, type: String, value: Double, unit: String, at instant: Date, source: String,
        anyValue: Bool = false, dayEnd: Date? = nil, in db: Connection
    ) throws -> String? {
        let ts = Instant.storage(instant)
        let existing: Int =
            if let dayEnd {
                try db.scalar(
                    "SELECT COUNT(*) FROM metrics WHERE user_id = ? AND type = ? AND ts >= ? AND ts < ?",
                    [userID, type, ts, Instant.storage(dayEnd)]) ?? 0
            } else {
                try db.scalar(
                    """
                    SELECT COUNT(*) FROM metrics WHERE user_id = ? AND type = ? AND ts = ?
                    AND (? OR abs(value - ?) < 0.005)
                    """, [userID, type, ts, anyValue, value]) ?? 0
            }
        guard existing == 0 else { return nil }
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO metrics (id, user_id, type, value, unit, ts, source) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id, type, ts, source) DO NOTHING
            """, [id, userID, type, value, unit, ts, source])
        return db.changes > 0 ? id : nil
    }

    /// Removes the member's samples `ids` (an import's undo).
    package static func delete(ids: [String], userID: String, in db: Connection) throws {
        for id in ids { try db.execute("DELETE FROM metrics WHERE id = ? AND user_id = ?", [id, userID]) }
    }
}
