import ForgeCore
import ForgeStore
import Foundation

/// `forged backup [--output FILE]`, `forged backup list` and `forged restore FILE`.
struct BackupCommands {
    let settings: Settings
    let command: ParsedCommand

    var databasePath: String { (settings.stateDir as NSString).appendingPathComponent(StateDirectory.databaseName) }

    func run() throws -> Int32 {
        switch command.path {
        case ["backup"]: return try backup()
        case ["backup", "list"]: return try command.flags["from"]?.last.map(listCopies) ?? list()
        case ["restore"]: return try command.flags["from"]?.last.map(restoreCopy) ?? restore()
        case ["backup", "key", "show"]: return try showKey()
        case ["backup", "key", "import"]: return try importKey()
        case ["export"]: return try export()
        default: throw ConfigError(setting: "", message: "unknown command (see forged help)")
        }
    }

    /// Opens the existing database (never creates one) and brings its schema up to date.
    private func openExisting() throws -> Database? {
        guard FileManager.default.fileExists(atPath: databasePath) else {
            Forged.printError("forged: no database at \(databasePath) (check --state-dir)")
            return nil
        }
        let db = try Database(path: databasePath, readers: 1, clock: settings.clock)
        try SchemaUpgrade.run(db, now: settings.clock.now())
        return db
    }

    private func job(_ db: Database) -> BackupJob {
        BackupJob(db: db, retention: settings.backupRetention, timeZone: settings.timezone)
    }

    private func backup() throws -> Int32 {
        guard let db = try openExisting() else { return 1 }
        defer { db.close() }
        do {
            if let output = command.flags["output"]?.last, !output.isEmpty {
                let record = try job(db).run(
                    output: output, trigger: BackupStatus.outputTrigger, now: settings.clock.now())
                print("\(record.file)\t\(record.bytes) bytes\tintegrity ok")
                return 0
            }
            // As serve does: a copy destination and no key yet make the key (and say how to keep it).
            if !settings.backupCopyTo.isEmpty { BackupKeyStart.prepare(settings) }
            let outcome = try job(db).runAndCopy(
                trigger: "cli", now: settings.clock.now(), copier: settings.backupCopier(db: db))
            print("\(outcome.backup.file)\t\(outcome.backup.bytes) bytes\tintegrity ok")
            return printCopies(outcome.copies)
        } catch let error as BackupError {
            Forged.printError("forged: backup failed: \(error)")
            return 1
        }
    }

    /// The backups from the directory alone, then the recent attempts when
    /// the database opens (without migrating it), so it works on the day the
    /// database is damaged.
    private func list() throws -> Int32 {
        let directory = BackupJob.directory(forDatabase: databasePath)
        let entries = BackupJob.list(in: directory)
        if entries.isEmpty { print("no backups in \(directory)") }
        for entry in entries {
            print("\(entry.name.fileName)\t\(entry.bytes)\t\(Instant.storage(entry.name.instant))")
        }
        guard FileManager.default.fileExists(atPath: databasePath) else { return 0 }
        let db: Database
        do {
            db = try Database(path: databasePath, readers: 1, clock: settings.clock)
            _ = try BackupStatus.recent(1, in: db)
        } catch {
            print("\nrecent attempts: unavailable, the database will not open (\(error))")
            print("restore one of the files above: forged restore \(directory)/NAME")
            return 0
        }
        defer { db.close() }
        let runs = try BackupStatus.recent(5, in: db)
        if !runs.isEmpty { print("\nrecent attempts:") }
        for run in runs {
            let outcome =
                run.ok
                ? "ok \(run.file)\(run.fileName(inBackups: directory) != nil ? "" : " (\(BackupStatus.notHere(run)))")"
                : "FAILED \(run.error)"
            print("\(Instant.storage(run.startedAt))\t\(run.trigger)\t\(outcome)")
        }
        printCopyStates(db)
        return 0
    }

    /// `forged export --output FILE`: the household as JSON (``HouseholdExport``),
    /// written to a temporary file beside FILE (0600), fsynced, then linked to
    /// FILE, which must not exist.
    private func export() throws -> Int32 {
        guard let output = command.flags["output"]?.last, !output.isEmpty else {
            throw ConfigError(setting: "output", message: "usage: forged export --output FILE")
        }
        guard !FileManager.default.fileExists(atPath: output) else {
            Forged.printError("forged: \(output) already exists; not overwriting it")
            return 1
        }
        guard let db = try openExisting() else { return 1 }
        defer { db.close() }
        let document = try HouseholdExport.document(db, now: settings.clock.now())
        let data = try JSONCoding.encode(document)
        let parent = (output as NSString).deletingLastPathComponent
        let temporary = (parent.isEmpty ? "." : parent) + "/.forge-export-\(getpid()).tmp"
        defer { unlink(temporary) }
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        else {
            Forged.printError("forged: cannot write \(temporary)")
            return 1
        }
        try BackupFile.sync(temporary)
        guard link(temporary, output) == 0 else {
            Forged.printError("forged: cannot create \(output): \(String(cString: strerror(errno)))")
            return 1
        }
        let rows = document.tables.reduce(0) { $0 + $1.rows.count }
        print("\(output)\t\(data.count) bytes\t\(document.tables.count) tables, \(rows) rows")
        return 0
    }

    private func restore() throws -> Int32 {
        guard let file = command.positionals.first else {
            throw ConfigError(setting: "", message: "usage: forged restore FILE, or forged restore --from DEST [NAME]")
        }
        let lock = try StateLock.acquire(settings.stateDir)
        defer { lock.release() }
        return try restore(file)
    }

    /// Restores `file` over the database; the caller holds the state lock.
    func restore(_ file: String) throws -> Int32 {
        do {
            let outcome = try BackupRestore.restore(file, over: databasePath, now: settings.clock.now())
            if let safety = outcome.safetyCopy { print("safety copy of the previous database: \(safety)") }
            if let broken = outcome.brokenCopy {
                print("the previous database would not open; its raw bytes are kept as \(broken)")
            }
            let rows = outcome.inspection.rowCounts.filter { !$0.key.hasPrefix("schema_") }.values.reduce(0, +)
            print(
                "restored \(file) into \(databasePath) (integrity ok, \(outcome.inspection.rowCounts.count) tables, \(rows) rows)"
            )
            print(ServiceAdvice(stateDir: settings.stateDir, configFile: settings.configFile).start)
            return 0
        } catch let error as BackupError {
            Forged.printError("forged: restore refused: \(error)")
            return 1
        }
    }
}
