/// The per-table section of ``ImportReport``: what an import of a source read whole as tables
/// (the move from the original Forge server) did with each table.
extension ImportReport {
    /// Counts of one table of the source.
    package struct TableCounts: Codable, Sendable, Equatable {
        /// Rows of the table in the source.
        package var read = 0
        /// Rows written (carried into forged).
        package var added = 0
        /// Rows forged already had (the exercise library, the ingredient reference), kept as forged's.
        package var already = 0
        /// Rows left out, by reason.
        package var skipped: [String: Int] = [:]

        /// Rows left out, all reasons together.
        package var skippedTotal: Int { skipped.values.reduce(0, +) }
    }

    /// Counts `n` rows of `table` read (a table with none still gets its line).
    package mutating func read(_ table: String, _ n: Int = 1) { withTable(table) { $0.read += n } }

    /// Counts a row of `table` written, in the table's section and in ``added``.
    package mutating func carried(_ table: String) {
        withTable(table) { $0.added += 1 }
        add(table)
    }

    /// Counts a row of `table` forged already had, in the table's section and in ``already``.
    package mutating func kept(_ table: String) {
        withTable(table) { $0.already += 1 }
        found(table)
    }

    /// Counts a row of `table` left out, in the table's section and in ``skipped`` (as
    /// `TABLE: REASON`), and lists it, every one (the ledger keeps the first ``maxListed``), at
    /// the end of ``skippedRows`` or at `position`.
    /// - Parameter row: the row's id in the source (or `row N`).
    package mutating func skip(_ table: String, row: String, reason: String, detail: String, at position: Int? = nil) {
        withTable(table) { $0.skipped[reason, default: 0] += 1 }
        skipped["\(table): \(reason)", default: 0] += 1
        var listed = SkippedRow(line: 0, reason: reason, detail: detail)
        listed.table = table
        listed.row = row
        if let position { skippedRows.insert(listed, at: position) } else { skippedRows.append(listed) }
    }

    private mutating func withTable(_ name: String, _ change: (inout TableCounts) -> Void) {
        if tables == nil { tables = [:] }
        change(&tables![name, default: TableCounts()])
    }
}
