import ForgeCore
import ForgeStore
import Foundation

/// One row of `metrics` as the bulk path writes it (``MetricStore/insertRows(_:in:)``): a sample of
/// an import or of the original Forge server, `value` in the canonical unit of `type`, already
/// checked by ``IngestPlausibility/metric(_:_:)``.
package struct MetricRow: Sendable {
    package var id: String
    package var userID: String
    package var type: String
    package var value: Double
    package var unit: String
    package var ts: Date
    package var source: String

    package init(id: String, userID: String, type: String, value: Double, unit: String, ts: Date, source: String) {
        self.id = id
        self.userID = userID
        self.type = type
        self.value = value
        self.unit = unit
        self.ts = ts
        self.source = source
    }
}

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
        let row = MetricRow(
            id: Identifier.make(), userID: userID, type: type, value: value, unit: unit, ts: instant, source: source)
        return try insertRows([row], in: db)[0] ? row.id : nil
    }

    /// Removes the member's samples `ids` (an import's undo).
    package static func delete(ids: [String], userID: String, in db: Connection) throws {
        for id in ids { try db.execute("DELETE FROM metrics WHERE id = ? AND user_id = ?", [id, userID]) }
    }
}

extension MetricStore {
    /// Stores body metrics with the ids their rows give, in order, in the caller's transaction: the
    /// one bulk path of `metrics` (an import's samples, one at a time after the check of
    /// ``insertImported(userID:type:value:unit:at:source:anyValue:dayEnd:in:)``, and the original
    /// Forge server's with their own ids): multi-row `INSERT`s
    /// (``MultiRowInsert``) that skip a row whose member already has a sample of the same type,
    /// instant and source, or whose id is taken (`ON CONFLICT DO NOTHING`), and return the ids
    /// they wrote.
    /// - Returns: per metric, in order, whether it was written (false: a sample of the same
    ///   type, instant and source, or an id, was there already, from an earlier row or before;
    ///   of two rows of one id the first is the written one). The source's ids are its primary
    ///   key, so they are unique.
    /// - Throws: `DatabaseError` (`.constraint` for a member that does not exist).
    package static func insertRows(_ metrics: [MetricRow], in db: Connection) throws -> [Bool] {
        let returned = try rowInsert.run(metrics.count, in: db) { range, arguments in
            arguments.reserveCapacity(range.count * 7)
            for m in metrics[range] {
                arguments += [
                    .text(m.id), .text(m.userID), .text(m.type), .real(m.value), .text(m.unit),
                    .text(Instant.storage(m.ts)), .text(m.source),
                ]
            }
        }
        var written = Set(try returned.map { try String(sqlValue: $0[index: 0]) })
        return metrics.map { written.remove($0.id) != nil }
    }

    /// The multi-row insert of ``insertRows(_:in:)``: 7 arguments a row, the written ids returned.
    static let rowInsert = MultiRowInsert(
        "INSERT INTO metrics (id, user_id, type, value, unit, ts, source)",
        row: "(?, ?, ?, ?, ?, ?, ?)", tail: "\nON CONFLICT DO NOTHING RETURNING id")
}

extension MetricStore {
    /// Runs `body`, a writer of many metrics inside the caller's one write transaction (the
    /// forge-server move), with `metrics`' secondary index (`metrics_user_type_ts`) built once
    /// after the rows instead of row by row
    /// (``Connection/deferringIndexes(on:_:)``); the primary key and the
    /// unique (member, type, instant, source) still check each row as it arrives. `body` must
    /// not read metrics by member and type meanwhile. When anything throws, the caller's
    /// transaction rolls back, the dropped index with it.
    /// - Throws: what `body` throws; `DatabaseError` (`.misuse` outside a write transaction).
    package static func bulkLoad<T>(in db: Connection, _ body: () throws -> T) throws -> T {
        try db.deferringIndexes(on: ["metrics"], body)
    }
}
