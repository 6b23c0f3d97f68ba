import ForgeCore

/// The move's report as people read it (`forged import forge-server`): the per-table section of
/// ``ImportReport`` whole, the rows forged does not carry by design counted, the rows its bounds
/// refuse listed a handful per table and reason, then what replaced forged's first-start rows, the
/// notes and the password lines; and the complete list of skipped rows for the file beside it.
extension ImportReport {
    /// The ``lists`` key of what replaced forged's own rows (`starter plan of a@x.org`, `the first
    /// household food week`…).
    package static let replacedList = "replaced"
    /// The ``lists`` key of the `forged user passwd EMAIL` lines for members without a password yet.
    package static let passwordsList = "passwords"
    /// The ``lists`` key of free-text notes (records rebuilt, what forged answers its own way).
    package static let notesList = "notes"

    /// How many refused rows of one table and reason the terminal report lists before `… and N more`.
    package static let listedPerReason = 5

    /// Reasons whose rows are counted per table, never listed one by one on the terminal: what
    /// forged does not serve by design, and rows that follow a row not carried (their member,
    /// session, plan, panel or client). The phrase explains the reason when the rows' details differ.
    /// Every other reason is a refusal by forged's bounds (`out_of_bounds`, `unreadable_value`,
    /// `duplicate`, `refused`…), whose rows are listed.
    package static let countedReasons: [String: String] = [
        "not_served": "forged does not serve them",
        "not_needed": "forged keeps its own",
        "authorization_code": "authorization codes live minutes; a connector asks for a new one",
        "demo_seat": "the demo seat is forged's own (--demo)",
        "rebuilt": "forged rebuilds records from the sets",
        "older_token": "forged keeps one ingest token per member: the newest",
        "one_plan_per_member": "forged keeps one training plan per member (the active one)",
        "not_training": "forged's plans are training plans (the food week is its own)",
        "unknown_setting": "settings forged does not have",
        "empty": "empty values (the environment's applies)",
        "member_not_carried": "their member is not carried",
        "session_not_carried": "their session is not carried",
        "plan_not_carried": "their plan is not carried",
        "panel_not_carried": "their lab panel is not carried",
        "client_not_carried": "their OAuth client is not carried",
    ]

    /// The report as the ledger keeps it (`imports.report`): for a source of tables, the first
    /// ``maxListed`` skipped rows, those refused by forged's bounds (``refusedRows``) before those
    /// not carried by design (``countedRows``); a file's report as it is.
    package var stored: ImportReport {
        guard tables != nil else { return self }
        var out = self
        out.skippedRows = Array((refusedRows + countedRows).prefix(Self.maxListed))
        return out
    }

    /// Skipped rows refused by forged's bounds (listed), in the order met.
    package var refusedRows: [SkippedRow] { skippedRows.filter { Self.countedReasons[$0.reason] == nil } }

    /// Skipped rows forged does not carry by design or with their parent (counted), in the order met.
    package var countedRows: [SkippedRow] { skippedRows.filter { Self.countedReasons[$0.reason] != nil } }

    /// The report as people read it: the per-table summary (read, carried, kept, skipped by reason)
    /// first and whole; the rows not carried by design counted per table and reason; the rows
    /// refused by forged's bounds, at most ``listedPerReason`` per table and reason followed by
    /// `… and N more` (every skipped row, whatever its reason, when `verbose`); `whereListed` (the
    /// line saying where the complete list is); then replacements, notes and the password lines last.
    package func tableText(source: String, verbose: Bool = false, whereListed: String? = nil) -> String {
        var lines = ["from \(source):"]
        lines.append("table                 read  carried  kept  skipped")
        for (name, t) in (tables ?? [:]).sorted(by: { $0.key < $1.key }) {
            let reasons = t.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            lines.append(
                name.padding(toLength: 20, withPad: " ", startingAt: 0)
                    + String(format: "%6d %8d %5d %8d", t.read, t.added, t.already, t.skippedTotal)
                    + (reasons.isEmpty ? "" : "  (\(reasons))"))
        }
        let counted = Self.groups(countedRows)
        if !counted.isEmpty {
            lines.append("not carried by design (counted, not listed):")
            for group in counted {
                let details = Set(group.rows.map(\.detail))
                let why = details.count == 1 ? group.rows[0].detail : Self.countedReasons[group.reason] ?? ""
                lines.append("  \(group.table): \(group.rows.count) \(group.reason): \(why)")
            }
        }
        if verbose {
            if !skippedRows.isEmpty {
                lines.append("every skipped row (\(skippedRows.count)):")
                lines += (refusedRows + countedRows).map { "  \(Self.line($0))" }
            }
        } else {
            let refused = Self.groups(refusedRows)
            if !refused.isEmpty {
                lines.append("refused by forged's bounds (\(refused.reduce(0) { $0 + $1.rows.count }) rows):")
                for group in refused {
                    lines += group.rows.prefix(Self.listedPerReason).map { "  \(Self.line($0))" }
                    let more = group.rows.count - Self.listedPerReason
                    if more > 0 { lines.append("  … and \(more) more \(group.table) \(group.reason)") }
                }
            }
        }
        if let whereListed, !skippedRows.isEmpty { lines.append(whereListed) }
        if let replaced = lists[Self.replacedList], !replaced.isEmpty {
            lines.append("replaced forged's first-start rows:")
            lines += replaced.map { "  \($0)" }
        }
        lines += (lists[Self.notesList] ?? []).map { "note: \($0)" }
        if let passwords = lists[Self.passwordsList], !passwords.isEmpty {
            lines.append("sign-in moves from Google to forged's own passwords; set one for each member:")
            lines += passwords.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// Every skipped row, one a line (`TABLE ROW: REASON: DETAIL`): the rows refused by
    /// forged's bounds first, then the rows not carried by design, each part in the order
    /// met, under a heading naming the source and `heading`. What the skipped-rows file holds.
    package func skippedListing(source: String, heading: String) -> String {
        var lines = ["# forged import forge-server --from \(source): every skipped row, \(heading)"]
        lines.append("# TABLE ROW: REASON: DETAIL")
        let refused = refusedRows
        let counted = countedRows
        lines.append("# refused by forged's bounds: \(refused.count)")
        lines += refused.map(Self.line)
        lines.append(
            "# not carried by design (forged does not serve them, or their parent is not carried): \(counted.count)")
        lines += counted.map(Self.line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `logged_sets 4000…: out_of_bounds: 100 kg × -3 is outside forged's set bounds`.
    static func line(_ row: SkippedRow) -> String {
        "\(row.table ?? "") \(row.row ?? ""): \(row.reason): \(row.detail)"
    }

    /// Rows by table and reason, tables by name, reasons by name; rows in the order met.
    static func groups(_ rows: [SkippedRow]) -> [(table: String, reason: String, rows: [SkippedRow])] {
        var grouped: [String: [String: [SkippedRow]]] = [:]
        for row in rows { grouped[row.table ?? "", default: [:]][row.reason, default: []].append(row) }
        return grouped.sorted { $0.key < $1.key }.flatMap { table, reasons in
            reasons.sorted { $0.key < $1.key }.map { (table: table, reason: $0.key, rows: $0.value) }
        }
    }
}
