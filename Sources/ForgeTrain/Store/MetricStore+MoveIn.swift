import ForgeCore
import ForgeStore
import Foundation

/// A body metric of the original Forge server: `value` in the canonical unit of
/// `type`, already checked by ``IngestPlausibility/metric(_:_:)``.
package struct MovedMetric: Sendable {
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
    /// Stores body metrics of the original Forge server with their own ids (`forged import
    /// forge-server`), in order, in the caller's transaction: multi-row `INSERT`s
    /// (``MultiRowInsert``) that skip a row whose member already has a sample of the same type,
    /// instant and source, or whose id is taken (`ON CONFLICT DO NOTHING`), and return the ids
    /// they wrote.
    /// - Returns: per metric, in order, whether it was written (false: a sample of the same
    ///   type, instant and source, or an id, was there already, from an earlier row or before;
    ///   of two rows of one id the first is the written one). The source's ids are its primary
    ///   key, so they are unique.
    /// - Throws: `DatabaseError` (`.constraint` for a member that does not exist).
    package static func insertKeepingID(_ metrics: [MovedMetric], in db: Connection) throws -> [Bool] {
        let returned = try movedInsert.run(metrics.count, in: db) { range, arguments in
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

    /// The multi-row insert of ``insertKeepingID(_:in:)``: 7 arguments a row, the written ids returned.
    static let movedInsert = MultiRowInsert(
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
