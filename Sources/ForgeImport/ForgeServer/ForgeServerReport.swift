/// What `forged import forge-server` did (or, with `--dry-run`, would do):
/// per table of the original, rows read, carried, kept (already in forged:
/// the library merges by slug) and skipped by reason; each skipped row
/// listed; what replaced forged's first-start rows; and the password lines.
package struct ForgeServerReport: Codable, Sendable, Equatable {
    /// Counts of one table of the original.
    package struct Table: Codable, Sendable, Equatable {
        package var read = 0
        package var carried = 0
        /// Rows forged already had (the exercise library, the ingredient reference), kept as forged's.
        package var kept = 0
        package var skipped: [String: Int] = [:]

        package var skippedTotal: Int { skipped.values.reduce(0, +) }
    }

    /// One skipped row: its table, its id in the source (or row number), the reason key and what was wrong.
    package struct Skipped: Codable, Sendable, Equatable {
        package let table: String
        package let row: String
        package let reason: String
        package let detail: String
    }

    package var source: String
    /// By the original's table name.
    package var tables: [String: Table] = [:]
    /// Every skipped row, in the order met (the counts are in ``tables``).
    package var skippedRows: [Skipped] = []
    /// What replaced forged's own rows (`starter plan of a@x.org`, `the first household food week`…).
    package var replaced: [String] = []
    /// `forged user passwd EMAIL` lines for members without a password yet.
    package var passwordCommands: [String] = []
    /// Free-text notes (records rebuilt, what forged answers its own way).
    package var notes: [String] = []

    package init(source: String) { self.source = source }

    mutating func read(_ table: String, _ n: Int = 1) { tables[table, default: Table()].read += n }
    mutating func carried(_ table: String) { tables[table, default: Table()].carried += 1 }
    mutating func kept(_ table: String) { tables[table, default: Table()].kept += 1 }
    mutating func skip(_ table: String, row: String, reason: String, detail: String) {
        tables[table, default: Table()].skipped[reason, default: 0] += 1
        skippedRows.append(Skipped(table: table, row: row, reason: reason, detail: detail))
    }

    /// Rows carried in all tables.
    package var totalCarried: Int { tables.values.reduce(0) { $0 + $1.carried } }

    /// The report as people read it: one line per table, then the skipped rows, replacements and password lines.
    package var text: String {
        var lines = ["from \(source):"]
        lines.append("table                 read  carried  kept  skipped")
        for (name, t) in tables.sorted(by: { $0.key < $1.key }) {
            let reasons = t.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            lines.append(
                name.padding(toLength: 20, withPad: " ", startingAt: 0)
                    + String(format: "%6d %8d %5d %8d", t.read, t.carried, t.kept, t.skippedTotal)
                    + (reasons.isEmpty ? "" : "  (\(reasons))"))
        }
        if !skippedRows.isEmpty {
            lines.append("skipped rows:")
            lines += skippedRows.map { "  \($0.table) \($0.row): \($0.reason): \($0.detail)" }
        }
        if !replaced.isEmpty {
            lines.append("replaced forged's first-start rows:")
            lines += replaced.map { "  \($0)" }
        }
        lines += notes.map { "note: \($0)" }
        if !passwordCommands.isEmpty {
            lines.append("sign-in moves from Google to forged's own passwords; set one for each member:")
            lines += passwordCommands.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
