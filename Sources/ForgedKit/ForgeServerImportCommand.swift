import ForgeAPI
import ForgeCore
import ForgeImport
import ForgeStore
import Foundation

/// `forged import forge-server --from SOURCE [--dry-run] [--replace] [--verbose]`:
/// moves a household from the original Forge server, a household-scope kind of
/// the one import pipeline (ForgeImport's ``ForgeServerImporter``, ``ImportScope``).
/// Unlike the other kinds it runs like `forged restore`: it takes the state
/// directory's lock (refusing while `forged serve` holds it), reads and checks
/// the whole source before it opens forged's database, starts the import (its
/// checks), takes a verified backup, then executes it in one transaction. Every refusal is one line naming the source, exit status 1
/// (75 for a state directory in use), and forged's database unchanged; a
/// state directory that did not exist before the run is not left behind
/// (the source is read before it is made, and what the run made is removed
/// when the import fails or is a dry run).
///
/// The report prints the per-table summary whole, counts the rows forged does
/// not carry by design, and lists the rows forged's bounds refuse, a handful
/// per table and reason; the complete list of skipped rows goes to
/// `<state-dir>/imports/forge-server-ID-skipped.txt`, or to the terminal with `--verbose`.
struct ForgeServerImportCommand {
    let settings: Settings
    let command: ParsedCommand

    /// Where an import's complete list of skipped rows is written, in the state directory.
    static func skippedFile(stateDir: String, importID: String) -> String {
        (stateDir as NSString).appendingPathComponent("imports/forge-server-\(importID)-skipped.txt")
    }

    func run() throws -> Int32 {
        guard let from = command.flags["from"]?.last ?? command.positionals.dropFirst().first, !from.isEmpty else {
            throw ConfigError(
                setting: "from",
                message: "forged import forge-server: say where the original's database is with --from SOURCE "
                    + "(its DATABASE_URL, a pg_dump file or its SQLite file)")
        }
        let dryRun = command.flags["dry-run"]?.last == "true"
        let prefix = "forged import forge-server"
        let advice = ServiceAdvice(stateDir: settings.stateDir, configFile: settings.configFile)
        // A state directory that does not exist yet is made only once the source has been read whole.
        // What this run makes (that directory, or the files of one that held no database yet) is
        // removed again if the run fails or is a dry run: a bad source leaves nothing behind.
        let made = StateDirectory.missingRoot(settings.stateDir)
        let fm = FileManager.default
        let before =
            made == nil && !StateDirectory.databaseExists(settings.stateDir)
            ? Set((try? fm.contentsOfDirectory(atPath: settings.stateDir)) ?? []) : nil
        var lock: StateLock?
        func takeLock() -> Int32? {
            do {
                lock = try StateLock.acquire(settings.stateDir)
                return nil
            } catch let error as StateLockError {
                Forged.printError("\(prefix) --from \(Self.shown(from)): \(error); \(advice.stop)")
                return error.busy ? 75 : 1
            } catch {
                Forged.printError("\(prefix) --from \(Self.shown(from)): \(error)")
                return 1
            }
        }
        // An existing state directory in use is refused before the source is read.
        if made == nil, let refused = takeLock() { return refused }
        defer { lock?.release() }
        var cleanup: (() -> Void)?
        var keep = false
        // Declared after the lock's release, so it runs first: while the lock is held, the database closed.
        defer { if !keep || dryRun { cleanup?() } }
        if let before {
            cleanup = {
                for name in (try? fm.contentsOfDirectory(atPath: settings.stateDir)) ?? [] where !before.contains(name)
                {
                    try? fm.removeItem(atPath: (settings.stateDir as NSString).appendingPathComponent(name))
                }
            }
        }
        let terminal = isatty(STDERR_FILENO) == 1
        let progress = MoveProgressLines(terminal: terminal, dryRun: dryRun)
        let snapshot: ForgeServerSnapshot
        do {
            let source = try ForgeServerSource(from)
            snapshot = try source.read { table, rows in progress.read(table, rows: rows) }
        } catch let error as ImportError {
            Forged.printError("\(prefix): \(error)")
            return 1
        }
        if let made {
            // Busy: another forged made and holds the directory meanwhile; it is not this run's to remove.
            if let refused = takeLock() {
                if refused != 75 { try? fm.removeItem(atPath: made) }
                return refused
            }
            cleanup = { try? fm.removeItem(atPath: made) }
        }
        let status = try importSnapshot(
            snapshot, dryRun: dryRun, prefix: prefix, advice: advice, progress: progress, terminal: terminal)
        keep = status == 0
        return status
    }

    /// Opens forged's database (the caller holds the lock), then runs `snapshot` through the one
    /// import pipeline as a household import: its checks, the backup, its one transaction.
    private func importSnapshot(
        _ snapshot: ForgeServerSnapshot, dryRun: Bool, prefix: String, advice: ServiceAdvice,
        progress: MoveProgressLines, terminal: Bool
    ) throws -> Int32 {
        let replace = command.flags["replace"]?.last == "true"
        let db = try StateDirectory.open(settings.stateDir, clock: settings.clock)
        defer { db.close() }
        try ForgeApp(db: db, config: settings.appConfiguration, clock: settings.clock).prepare()
        let pipeline = ImportPipeline(
            db: db, calendar: HouseholdCalendar(timeZone: settings.timezone), clock: settings.clock)
        do {
            var household = HouseholdSource(snapshot)
            household.replace = replace
            household.dryRun = dryRun
            let started = try pipeline.start(.forgeServer, household: household)
            if !dryRun {
                let backup = try BackupJob(db: db, retention: settings.backupRetention, timeZone: settings.timezone)
                    .run(trigger: "import", now: settings.clock.now())
                print("backup before the import: \(backup.file) (integrity ok)")
            }
            let began = ContinuousClock.now
            progress.startWriting()
            let record = try pipeline.execute(started) { progress.wrote($0) }
            let report = record.report ?? ImportReport(kind: .forgeServer)
            if terminal {
                let line = MoveProgressLines.summary(
                    rows: snapshot.rowCount, carried: report.totalAdded,
                    seconds: (ContinuousClock.now - began) / .seconds(1), dryRun: dryRun)
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            return printReport(
                report, importID: record.state == "done" ? record.id : nil, source: snapshot.source, dryRun: dryRun,
                advice: advice)
        } catch let error as ImportError {
            switch error {
            case .alreadyImported:
                print(error.description)
                return 0
            case .notEmpty: Forged.printError("\(prefix) --from \(snapshot.source): \(error)")
            case .busy:
                Forged.printError(
                    "\(prefix) --from \(snapshot.source): \(error); nothing imported, try again when it is done "
                        + "(forged import list)")
            default: Forged.printError("\(prefix): \(error)")
            }
            return 1
        } catch let error as BackupError {
            Forged.printError(
                "\(prefix) --from \(snapshot.source): no backup could be taken, nothing imported (\(error))")
            return 1
        }
    }

    /// Prints the report of the move recorded as `importID` (nil: a dry run, nothing recorded),
    /// writing its complete list of skipped rows beside it.
    private func printReport(
        _ report: ImportReport, importID id: String?, source: String, dryRun: Bool, advice: ServiceAdvice
    ) -> Int32 {
        var report = report
        let verbose = command.flags["verbose"]?.last == "true"
        // The password lines reach the same state directory (and config) this import ran with.
        report.lists[ImportReport.passwordsList] = report.lists[ImportReport.passwordsList]?.map { $0 + advice.flags }
        let skipped = report.skippedRows.count
        var written: String?
        var unwritten = false
        if let id, !dryRun, skipped > 0 {
            let file = Self.skippedFile(stateDir: settings.stateDir, importID: id)
            do {
                try writeSkipped(report, source: source, importID: id, to: file)
                written = file
            } catch {
                Forged.printError(
                    "forged import forge-server --from \(source): could not write \(file) (\(error)); "
                        + "every skipped row follows")
                unwritten = true
            }
        }
        let whereListed: String? =
            if let written {
                "every skipped row (\(skipped)) is listed in \(written)"
            } else if skipped > 0, !verbose, !unwritten {
                "--verbose lists every skipped row (\(skipped))"
            } else {
                nil
            }
        // The complete list goes to the terminal when asked for, or when its file could not be written.
        print(report.tableText(source: source, verbose: verbose || unwritten, whereListed: whereListed))
        if dryRun {
            print("dry run: nothing was written")
        } else if let id {
            print("import \(id) done: \(Plural.count(report.totalAdded, "rows")) carried")
            print(advice.start)
        }
        return 0
    }

    /// Writes the complete list of skipped rows (``ImportReport/skippedListing(source:heading:)``),
    /// mode 0600 and owned like the state directory, in `<state-dir>/imports/`.
    private func writeSkipped(_ report: ImportReport, source: String, importID: String, to file: String) throws {
        let directory = (file as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            BackupFile.matchOwner(directory, of: settings.stateDir)
        }
        let heading = "import \(importID), \(settings.clock.now().formatted(.iso8601))"
        guard
            FileManager.default.createFile(
                atPath: file, contents: Data(report.skippedListing(source: source, heading: heading).utf8),
                attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown) }
        BackupFile.matchOwner(file, of: settings.stateDir)
    }

    /// SOURCE for people: a URL's password left out.
    static func shown(_ text: String) -> String {
        (try? ForgeServerSource(text).description) ?? text
    }
}
