import ForgeAPI
import ForgeCore
import ForgeHousehold
import ForgeImport
import ForgeStore
import ForgeTrain
import Foundation

/// `forged import KIND [FILE]`, `forged import list`, `forged import undo ID`:
/// the command-line door of the import pipeline (ForgeImport). Safe while the
/// daemon runs: the import writes in short batches and SQLite serialises writers.
struct ImportCommands {
    let settings: Settings
    let command: ParsedCommand

    func run() throws -> Int32 {
        // The one grammar, `forged import KIND …`; a household kind (forge-server) reads `--from SOURCE`
        // with forged stopped, under the state directory's lock.
        if command.path == ["import"], let word = command.positionals.first,
            ImportKind(rawValue: word)?.scope == .household
        {
            return try ForgeServerImportCommand(settings: settings, command: command).run()
        }
        let db = try StateDirectory.openPrepared(settings)
        defer { db.close() }
        let pipeline = ImportPipeline(
            db: db, calendar: HouseholdCalendar(timeZone: settings.timezone), clock: settings.clock)
        do {
            switch command.path {
            case ["import", "list"]: return try list(pipeline)
            case ["import", "undo"]: return try undo(pipeline)
            default: return try importFile(pipeline)
            }
        } catch let error as ImportError {
            Forged.printError("forged import: \(error)")
            return 1
        }
    }

    func importFile(_ pipeline: ImportPipeline) throws -> Int32 {
        let word = command.positionals.first ?? ""
        guard let kind = ImportKind(rawValue: word) else {
            let kinds = ImportKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigError(setting: "", message: "forged import: unknown kind \"\(word)\" (one of \(kinds))")
        }
        guard command.positionals.count > 1 else {
            throw ConfigError(setting: "", message: "forged import \(word): missing FILE")
        }
        let path = command.positionals[1]
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else {
            throw ImportError.unreadable("\(path): no such file")
        }
        let unit = try command.loadUnit()
        let user = try pipeline.member(email: command.flags["member"]?.last)
        let file = URL(fileURLWithPath: path)
        let bar = ProgressLine(terminal: isatty(STDERR_FILENO) == 1)
        let record = try pipeline.run(
            kind: kind, file: file, source: file.lastPathComponent, userID: user.id, unit: unit,
            onStart: { started in
                if started.guessed { print("guessed: \(started.kind.title) (\(started.kind.rawValue))") }
            },
            onProgress: { bar.show($0) })
        bar.end()
        print(Self.describe(record, member: user.email, flags: ServiceAdvice.flags(settings)))
        return 0
    }

    func list(_ pipeline: ImportPipeline) throws -> Int32 {
        let records = try pipeline.list(userID: nil)
        let emails = try pipeline.db.read { conn in
            Dictionary(uniqueKeysWithValues: try HouseholdStore.allUsers(conn).map { ($0.id, $0.email) })
        }
        if records.isEmpty { print("no imports yet") } else { print(Self.listHeader) }
        for r in records {
            let added = r.report.map { Self.counts($0.added) } ?? ""
            print(
                [
                    r.id, r.createdAt, r.kind, r.state, emails[r.userID] ?? r.userID, added.isEmpty ? "-" : added,
                    r.source,
                ]
                .joined(separator: "\t"))
        }
        return 0
    }

    /// The first line of `forged import list`: its columns, tab-separated like the rows.
    static let listHeader = ["ID", "STARTED", "KIND", "STATE", "MEMBER", "ADDED", "SOURCE"].joined(separator: "\t")

    func undo(_ pipeline: ImportPipeline) throws -> Int32 {
        let id = command.positionals.first ?? ""
        let before = try pipeline.find(id, userID: nil)
        let record = try pipeline.undo(id: id, userID: nil)
        // Imported exercises go only when no other set uses them (another import's, a
        // live session's): the undo cannot say it removed them all, so it says the rule.
        var added = before?.report?.added ?? [:]
        let exercises = added.removeValue(forKey: "exercises") ?? 0
        let removed = Self.counts(added)
        let rule = exercises > 0 ? "; imported exercises no other set uses were removed with them" : ""
        print("import \(record.id) undone\(removed.isEmpty ? "" : ": removed \(removed)")\(rule)")
        return 0
    }

    /// `37 sessions, 666 sets` from a count table (sorted by name).
    static func counts(_ table: [String: Int]) -> String { ImportReport.counts(table) }

    /// The report as people read it; `flags` (``ServiceAdvice/flags``) end the `forged import undo` hint,
    /// so it reaches the same state directory.
    static func describe(_ record: ImportRecord, member: String, flags: String = "") -> String {
        var lines = ["import \(record.id): \(record.kind) \(record.source) for \(member): \(record.state)"]
        guard let r = record.report else { return lines.joined(separator: "\n") }
        lines.append("read \(Plural.count(r.rowsRead, "rows"))")
        lines.append("added: \(r.added.isEmpty ? "nothing" : counts(r.added))")
        if !r.already.isEmpty { lines.append("already imported (not added again): \(counts(r.already))") }
        if !r.skipped.isEmpty {
            lines.append("skipped: \(counts(r.skipped))")
            // Line 0: not a row of a text file (a recipe in a zip); the detail names it.
            for row in r.skippedRows {
                lines.append("  \(row.line > 0 ? "line \(row.line): " : "")\(row.reason): \(row.detail)")
            }
            let unlisted = r.skipped.values.reduce(0, +) - r.skippedRows.count
            // "more" only after listed rows: counted-only reasons (`not_kept`) list none.
            if unlisted > 0 && !r.skippedRows.isEmpty { lines.append("  (and \(unlisted) more)") }
        }
        for (name, items) in r.lists.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name.replacingOccurrences(of: "_", with: " ")):")
            lines += items.map { "  \($0)" }
        }
        lines += r.warnings.map { "warning: \($0)" }
        if record.state == "done" && r.totalAdded > 0 {
            lines.append("undo with: forged import undo \(record.id)\(flags)")
        }
        return lines.joined(separator: "\n")
    }
}
