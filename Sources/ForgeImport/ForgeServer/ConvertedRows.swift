import ForgeCook
import ForgeTrain
import Foundation

/// One row of a table of ``MoveConversion/converters``, converted.
enum ConvertedRow: Sendable {
    case metric(Converted<MetricRow>)
    case session(Converted<SessionRow>)
    case trace(Converted<CardioTrace>)
    case set(Converted<SetRow>)
    case meal(Converted<MovedMeal>)

    /// A body metric's conversion, nil for a row of another table (`\.metric`, and so on).
    var metric: Converted<MetricRow>? { if case .metric(let c) = self { c } else { nil } }
    var session: Converted<SessionRow>? { if case .session(let c) = self { c } else { nil } }
    var trace: Converted<CardioTrace>? { if case .trace(let c) = self { c } else { nil } }
    var set: Converted<SetRow>? { if case .set(let c) = self { c } else { nil } }
    var meal: Converted<MovedMeal>? { if case .meal(let c) = self { c } else { nil } }
}

/// The rows of ``MoveConversion/converters``' tables converted on a second
/// core while the move writes (a ``ReadAhead`` thread): one ``ConvertedRow``
/// per source row, table after table in the move's order. The move takes
/// exactly one per row of those tables, in order
/// (``ForgeServerMove/each(_:from:_:)``), so a 2-core appliance parses
/// numbers, times and JSON on one core while SQLite writes on the other
/// (docs/performance.md, "The forge-server move on two cores"). Used on the
/// move's thread only, inside ``converting(_:now:_:)``.
final class ConvertedRows {
    private let ahead: ReadAhead<ConvertedRow>
    private var chunk: [ConvertedRow] = []
    private var position = 0

    private init(ahead: ReadAhead<ConvertedRow>) { self.ahead = ahead }

    /// Rows handed over at a time.
    static let chunkSize = 256
    /// Chunks the converter may hold before it waits for the writer: 16,384 rows, which keeps it
    /// ahead of the writer (the slower side) while the rows it holds stay bounded.
    static let depth = 64

    /// Converts the rows of `snapshot`'s large tables on a thread of their own while `body`
    /// runs, in the order of ``MoveConversion/converters``.
    /// - Parameter now: what stands in for a missing creation time (the move's own `now`).
    /// - Returns: what `body` returns; the converting thread has ended by then.
    /// - Throws: what `body` throws (the thread has ended by then too).
    static func converting<T>(
        _ snapshot: ForgeServerSnapshot, now: Date, _ body: (ConvertedRows) throws -> T
    ) throws -> T {
        try ReadAhead<ConvertedRow>.reading(
            name: "forge-move-conv", chunkSize: chunkSize, depth: depth,
            produce: { emitter in
                for (table, convert) in MoveConversion.converters {
                    for row in snapshot.rows(table) { try emitter.emit(convert(row, now), bytes: 0) }
                }
            },
            consume: { ahead in try body(ConvertedRows(ahead: ahead)) })
    }

    /// The next row converted. The converter emits one per row and nothing it throws
    /// reaches here (a row that does not read is a ``Converted/unreadable(_:)``): a row
    /// missing is a fault of forged's, and stops the process before the move commits.
    func next() -> ConvertedRow {
        if position == chunk.count {
            guard let next = try? ahead.next() else {
                preconditionFailure("the converter of the move's rows ended before the move took them all")
            }
            chunk = next.items
            position = 0
        }
        defer { position += 1 }
        return chunk[position]
    }

    /// Checks that the move took every row converted (it counts the same tables' rows).
    func finish() {
        precondition(
            position == chunk.count && (try? ahead.next()) == nil,
            "the move left rows of its converted tables untaken")
    }
}
