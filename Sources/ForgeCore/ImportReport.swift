/// What one import did, the same for every kind and both doors (the CLI
/// prints it, `GET /api/import/{id}` returns it, `imports.report` stores it),
/// whichever module reads the source (ForgeImport's importers, ForgeCook's
/// recipe-library import).
///
/// Counts are keyed by what they count: `added` by table-level thing
/// (`sessions`, `sets`, `exercises`, `metrics`, `recipes`…), `already` by the
/// same things found already imported (a re-import reports everything here and
/// nothing in `added`), `skipped` by reason (`rest_timer`,
/// `no_reps_time_or_distance`, `impossible_value`, `unreadable_row`…).
///
/// A source read whole as tables (the move from the original Forge server) also
/// fills the per-table section, ``tables`` (``ImportReport+Tables.swift``): its
/// `added` and `already` are by the source's tables, its `skipped` by
/// `TABLE: REASON`, and its skipped rows name their table and row.
package struct ImportReport: Codable, Sendable, Equatable {
    /// One row left out, with where it was and why.
    package struct SkippedRow: Codable, Sendable, Equatable {
        /// 1-based line of the file the row starts on (the header is line 1; ForgeImport's `CSVReader.line`), or
        /// 0 when not a row of a text file (a recipe in a zip, a row of a source's table).
        package let line: Int
        /// The reason key (one of `skipped`'s keys; for a source of tables, of its table's).
        package let reason: String
        /// What was wrong, for people (`reps 877777 out of 0...1000`).
        package let detail: String
        /// The source's table the row is of, for a source of tables (`logged_sets`); nil for a file.
        package var table: String? = nil
        /// The row's id in that table (or `row N`), for a source of tables; nil for a file.
        package var row: String? = nil

        package init(line: Int, reason: String, detail: String) {
            self.line = line
            self.reason = reason
            self.detail = detail
        }
    }

    /// The kind that read the file (after `auto`'s guess).
    package var kind: String
    /// True when the kind was guessed (`auto`).
    package var guessed: Bool = false
    /// Data rows (records, entries) read from the source.
    package var rowsRead: Int = 0
    package var added: [String: Int] = [:]
    package var already: [String: Int] = [:]
    package var skipped: [String: Int] = [:]
    /// The first ``maxListed`` skipped rows.
    package var skippedRows: [SkippedRow] = []
    /// Named lists: `new_exercises` (`App name → slug`), and whatever else a kind lists.
    package var lists: [String: [String]] = [:]
    /// Free-text warnings (a column not understood, a unit assumed).
    package var warnings: [String] = []
    /// The per-table section of a source read as tables (by the source's table name); nil for a file.
    package var tables: [String: TableCounts]? = nil

    /// Longest `skippedRows` kept; `skipped` still counts every row.
    package static let maxListed = 200

    /// An empty report of an import of `kind` (`strong`, `paprika`, `forge-server`…).
    package init(kind: String) { self.kind = kind }

    /// Counts a skipped row under `reason` and lists it while the list has room.
    package mutating func skip(line: Int, reason: String, detail: String) {
        skipped[reason, default: 0] += 1
        if skippedRows.count < Self.maxListed {
            skippedRows.append(SkippedRow(line: line, reason: reason, detail: detail))
        }
    }

    /// Adds `n` to `added[what]`.
    package mutating func add(_ what: String, _ n: Int = 1) { added[what, default: 0] += n }

    /// Adds `n` to `already[what]`.
    package mutating func found(_ what: String, _ n: Int = 1) { already[what, default: 0] += n }

    /// Appends `item` to the list `name` of ``lists``.
    package mutating func list(_ name: String, _ item: String) { lists[name, default: []].append(item) }

    /// Total rows added, all things together (0 after a re-import).
    package var totalAdded: Int { added.values.reduce(0, +) }

    /// `37 sessions, 666 sets` from a count table (sorted by name, zero counts left out).
    package static func counts(_ table: [String: Int]) -> String {
        table.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { Plural.count($0.value, $0.key) }
            .joined(separator: ", ")
    }

    /// The report in one line, for the journal: `read 12 rows; added 2 sessions, 10 sets; skipped 1 rest_timer`
    /// (`added nothing` after a re-import; `already` and `skipped` only when not empty).
    package var summary: String {
        var parts = [
            "read \(Plural.count(rowsRead, "rows"))", "added \(added.isEmpty ? "nothing" : Self.counts(added))",
        ]
        if !already.isEmpty { parts.append("already imported \(Self.counts(already))") }
        if !skipped.isEmpty { parts.append("skipped \(Self.counts(skipped))") }
        return parts.joined(separator: "; ")
    }
}
