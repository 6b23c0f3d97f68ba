import ForgeCook
import ForgeTrain
import Foundation

/// One row of a table of ``MoveConversion/tables``, converted.
enum ConvertedRow: Sendable {
    case metric(Converted<MovedMetric>)
    case session(Converted<MovedSession>)
    case trace(Converted<CardioTrace>)
    case set(Converted<MovedSet>)
    case meal(Converted<MovedMeal>)
}

/// The rows of ``MoveConversion/tables`` converted on a second core while the
/// move writes (a ``ReadAhead`` thread): one ``ConvertedRow`` per source row,
/// table after table in the move's order. The move takes exactly one per row
/// of those tables, in order (``ForgeServerMove/each(_:converted:_:)``), so a
/// 2-core appliance parses numbers, times and JSON on one core while SQLite
/// writes on the other (docs/performance.md, "The forge-server move on two
/// cores"). Used on the move's thread only.
final class ConvertedRows {
    private let ahead: ReadAhead<ConvertedRow>
    private var chunk: [ConvertedRow] = []
    private var position = 0

    private init(ahead: ReadAhead<ConvertedRow>) { self.ahead = ahead }

    /// Converts `snapshot`'s rows on a thread of their own while `body` runs;
    /// the thread has ended when this returns or throws.
    /// - Throws: what `body` throws.
    static func converting<T>(
        _ snapshot: ForgeServerSnapshot, now: Date, _ body: (ConvertedRows) throws -> T
    ) throws -> T {
        let total = MoveConversion.tables.reduce(0) { $0 + snapshot.table($1).rows.count }
        // Room for every row: the converter never waits for the writer (the rows are in memory already).
        return try ReadAhead<ConvertedRow>.reading(
            name: "forge-move-conv", chunkSize: chunkSize, depth: total / chunkSize + 2,
            produce: { emitter in
                for row in snapshot.rows("metrics") { try emitter.emit(.metric(MoveConversion.metric(row)), bytes: 0) }
                for row in snapshot.rows("workout_sessions") {
                    try emitter.emit(.session(MoveConversion.session(row)), bytes: 0)
                }
                for row in snapshot.rows("workout_series") {
                    try emitter.emit(.trace(MoveConversion.trace(row)), bytes: 0)
                }
                for row in snapshot.rows("logged_sets") { try emitter.emit(.set(MoveConversion.set(row)), bytes: 0) }
                for row in snapshot.rows("meal_log") {
                    try emitter.emit(.meal(MoveConversion.meal(row, now: now)), bytes: 0)
                }
            },
            consume: { ahead in try body(ConvertedRows(ahead: ahead)) })
    }

    /// Rows handed over at a time.
    static let chunkSize = 256

    /// The next row converted.
    /// - Throws: ``ImportError/unreadable(_:)`` if the converter ended early (never expected:
    ///   it converts every row, and a row that does not read is a ``Converted/unreadable(_:)``).
    func next() throws -> ConvertedRow {
        if position == chunk.count {
            guard let next = try ahead.next() else {
                throw ImportError.unreadable("the move ran out of converted rows (a fault of forged)")
            }
            chunk = next.items
            position = 0
        }
        defer { position += 1 }
        return chunk[position]
    }
}
