import ForgeAPI
import ForgeCore
import ForgeImport
import ForgeStore
import Foundation

/// `forged import forge-server --from SOURCE [--dry-run] [--replace]`: moves
/// a household from the original Forge server (ForgeImport's
/// ``ForgeServerImport``). Unlike the other kinds it runs like `forged
/// restore`: it takes the state directory's lock (refusing while `forged
/// serve` holds it), reads and checks the whole source before it opens
/// forged's database, takes a verified backup, then writes in one
/// transaction. Every refusal is one line naming the source, exit status 1
/// (75 for a state directory in use), and forged's database unchanged.
struct ForgeServerImportCommand {
    let settings: Settings
    let command: ParsedCommand

    func run() throws -> Int32 {
        guard let from = command.flags["from"]?.last ?? command.positionals.dropFirst().first, !from.isEmpty else {
            throw ConfigError(
                setting: "from",
                message: "forged import forge-server: say where the original's database is with --from SOURCE "
                    + "(its DATABASE_URL, a pg_dump file or its SQLite file)")
        }
        let dryRun = command.flags["dry-run"]?.last == "true"
        let replace = command.flags["replace"]?.last == "true"
        let prefix = "forged import forge-server"
        let lock: StateLock
        do {
            lock = try StateLock.acquire(settings.stateDir)
        } catch let error as StateLockError {
            Forged.printError(
                "\(prefix) --from \(Self.shown(from)): \(error); stop forged.socket, forged-events.socket and "
                    + "forged.service first")
            return error.busy ? 75 : 1
        }
        defer { lock.release() }
        let terminal = isatty(STDERR_FILENO) == 1
        let progress = MoveProgressLines(terminal: terminal)
        let snapshot: ForgeServerSnapshot
        do {
            let source = try ForgeServerSource(from)
            snapshot = try source.read { table, rows in progress.read(table, rows: rows) }
        } catch let error as ImportError {
            Forged.printError("\(prefix): \(error)")
            return 1
        }
        let db = try StateDirectory.open(settings.stateDir)
        defer { db.close() }
        try ForgeApp(db: db, config: settings.appConfiguration).prepare()
        let importer = ForgeServerImport(db: db, clock: settings.clock)
        do {
            if let early = try importer.precheck(snapshot, replace: replace) {
                return report(early, dryRun: dryRun)
            }
            if !dryRun {
                let backup = try BackupJob(db: db, retention: settings.backupRetention, timeZone: settings.timezone)
                    .run(trigger: "import")
                print("backup before the import: \(backup.file) (integrity ok)")
            }
            let started = Date()
            progress.startWriting()
            let outcome = try importer.run(snapshot, replace: replace, dryRun: dryRun) { progress.wrote($0) }
            if terminal {
                let seconds = Date().timeIntervalSince(started)
                FileHandle.standardError.write(
                    Data(
                        String(
                            format: "wrote %d rows in %.1f s (%.0f rows/s)\n", snapshot.rowCount, seconds,
                            Double(snapshot.rowCount) / max(seconds, 0.001)
                        ).utf8))
            }
            return report(outcome, dryRun: dryRun)
        } catch let error as ForgeServerImport.Refusal {
            Forged.printError("\(prefix) --from \(snapshot.source): \(error)")
            return 1
        } catch let error as ImportError {
            Forged.printError("\(prefix): \(error)")
            return 1
        } catch let error as BackupError {
            Forged.printError(
                "\(prefix) --from \(snapshot.source): no backup could be taken, nothing imported (\(error))")
            return 1
        }
    }

    private func report(_ outcome: ForgeServerImport.Outcome, dryRun: Bool) -> Int32 {
        switch outcome {
        case .alreadyImported(let id, let at):
            print("already imported from this source (import \(id), \(at)); nothing changed")
        case .done(let report, let id):
            print(report.text)
            if dryRun {
                print("dry run: nothing was written")
            } else if let id {
                print("import \(id) done: \(report.totalCarried) rows carried")
                print("start the service again: systemctl start forged.socket forged-events.socket")
            }
        }
        return 0
    }

    /// SOURCE for people: a URL's password left out.
    static func shown(_ text: String) -> String {
        (try? ForgeServerSource(text).description) ?? text
    }
}
