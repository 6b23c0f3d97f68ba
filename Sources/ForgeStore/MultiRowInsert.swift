/// One `INSERT` of many rows, written as multi-row statements of 64, 16, 4 or
/// 1 rows, largest first, so at most four texts stay prepared, each reused:
/// the bulk writers' path (an import's sets, the forge-server move's sets,
/// metrics and meal logs). SQLite gives every statement on a table with
/// triggers or foreign keys a statement journal and copies each page the
/// statement changes into it: one statement per row copied the same pages for
/// every row (docs/performance.md). Triggers still fire once per row.
package struct MultiRowInsert: Sendable {
    /// Rows per statement, largest first.
    package static let rowCounts = [64, 16, 4, 1]

    /// The statement texts by row count.
    private let texts: [Int: String]

    /// - Parameters:
    ///   - head: the statement before its rows, `INSERT INTO t (a, b)`.
    ///   - row: one row's values, `(?, ?)` (constants allowed: `(?, NULL)`).
    ///   - tail: what follows the rows, such as ` ON CONFLICT DO NOTHING RETURNING id`.
    package init(_ head: String, row: String, tail: String = "") {
        texts = Dictionary(
            uniqueKeysWithValues: Self.rowCounts.map { n in
                (n, head + "\nVALUES " + Array(repeating: row, count: n).joined(separator: ", ") + tail)
            })
    }

    /// The statement text for `rows` rows (one of ``rowCounts``).
    package func text(rows: Int) -> String { texts[rows] ?? texts[1] ?? "" }

    /// Writes `count` rows; `arguments` appends the values of the rows in `range`, in order, as plain
    /// ``SQLValue``s (no existential box per value, ``Connection/query(_:values:)``).
    /// - Returns: the rows the statements returned (a `RETURNING` tail), statement after statement.
    /// - Throws: `DatabaseError`; nothing of the failing statement is kept.
    @discardableResult
    package func run(
        _ count: Int, in db: Connection, arguments: (Range<Int>, inout [SQLValue]) throws -> Void
    ) throws -> [Row] {
        var returned: [Row] = []
        var index = 0
        while index < count {
            let rows = Self.rowCounts.first { $0 <= count - index } ?? 1
            var values: [SQLValue] = []
            try arguments(index..<(index + rows), &values)
            returned += try db.query(text(rows: rows), values: values)
            index += rows
        }
        return returned
    }
}
