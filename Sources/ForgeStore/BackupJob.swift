import ForgeCore
import Foundation
import Synchronization

/// One backup attempt as recorded in `backup_runs`.
public struct BackupRecord: Sendable, Equatable {
    /// When the attempt started and finished (UTC instants).
    public let startedAt: Date
    public let finishedAt: Date
    /// What asked for it: `nightly`, `catch-up`, `retry`, `admin` or `cli`.
    public let trigger: String
    /// Path of the backup file written (empty when the copy never got a name).
    public let file: String
    /// Size of the backup file, bytes.
    public let bytes: Int
    /// Copied, fsynced, integrity-checked and renamed.
    public let ok: Bool
    /// Why it failed; empty when `ok`.
    public let error: String
}

/// A backup file in the backups directory.
public struct BackupEntry: Sendable, Equatable {
    public let name: BackupName
    /// Size, bytes.
    public let bytes: Int
}

/// Takes consistent backups of the live database (DESIGN.md, Operations).
///
/// A backup is `VACUUM INTO` a temporary file in the backups directory
/// (`<state-dir>/backups`, mode 0700; files 0600), fsync of the file,
/// `PRAGMA integrity_check` on the copy opened read-only, then a no-replace
/// rename (link + unlink) to `forge-YYYYMMDD-HHMMSS.sqlite3` and fsync of the
/// directory, so a crash leaves either no backup or a complete, checked one.
/// Then the rotation (``BackupRetention``) deletes old generations, and the
/// attempt is recorded in `backup_runs`. The copy runs on a read connection:
/// writers are not blocked, so it is safe while the daemon serves.
public struct BackupJob: Sendable {
    public let db: Database
    /// The backups directory.
    public let directory: String
    public let retention: BackupRetention
    /// The household zone: rotation's days and weeks.
    public let timeZone: TimeZone

    /// - Parameter directory: nil for `backups` beside the database file.
    public init(db: Database, directory: String? = nil, retention: BackupRetention = .init(),
                timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.db = db
        self.directory = directory ?? Self.directory(forDatabase: db.path)
        self.retention = retention
        self.timeZone = timeZone
    }

    /// `<directory of the database>/backups`.
    public static func directory(forDatabase path: String) -> String {
        (path as NSString).deletingLastPathComponent + "/backups"
    }

    /// One backup at a time per process (the scheduler, the admin route and the CLI share it).
    private static let running = Mutex(())

    /// Takes a backup into the backups directory, rotates, and records the attempt.
    /// - Parameters:
    ///   - trigger: recorded with the attempt (`nightly`, `admin`, `cli`, ...).
    ///   - now: names the file (injectable for tests).
    /// - Returns: the recorded attempt (`ok` true).
    /// - Throws: ``BackupError`` after recording the failed attempt and logging it at error priority.
    @discardableResult
    public func run(trigger: String, now: Date = Date()) throws -> BackupRecord {
        try Self.running.withLock { _ in
            try attempt(trigger: trigger, started: now) {
                try BackupFile.makePrivateDirectory(directory)
                removeStaleTemporaries()
                let temporary = directory + "/.forge-\(Identifier.make()).tmp"
                defer { unlink(temporary) }
                try copy(to: temporary)
                var name = BackupName(instant: now)
                // Names bumped past a same-second collision can lie a few seconds
                // ahead of `now`; start after them, or rotation (newest of the day
                // wins) would delete the backup just taken.
                if let ahead = list().map(\.name).max(), ahead >= name, ahead.instant.timeIntervalSince(name.instant) < 60 {
                    name = BackupName(instant: ahead.instant.addingTimeInterval(1))
                }
                while link(temporary, directory + "/" + name.fileName) != 0 {
                    guard errno == EEXIST else { throw BackupError.io("cannot name \(name): \(BackupFile.errorText())") }
                    name = BackupName(instant: name.instant.addingTimeInterval(1))
                }
                unlink(temporary)
                BackupFile.matchOwner(directory + "/" + name.fileName, of: directory)
                try BackupFile.sync(directory, directory: true)
                let deleted = rotate()
                if !deleted.isEmpty { Log.info("backup rotation removed \(deleted.map(\.fileName).joined(separator: ", "))") }
                return directory + "/" + name.fileName
            }
        }
    }

    /// Takes a backup to `output` (any path; not rotated) and records the attempt.
    /// - Throws: ``BackupError/io(_:)`` when `output` exists (never overwritten),
    ///   otherwise as ``run(trigger:now:)``.
    @discardableResult
    public func run(output: String, trigger: String, now: Date = Date()) throws -> BackupRecord {
        try Self.running.withLock { _ in
            try attempt(trigger: trigger, started: now) {
                guard !FileManager.default.fileExists(atPath: output) else {
                    throw BackupError.io("\(output) already exists; not overwriting it")
                }
                let parent = (output as NSString).deletingLastPathComponent
                let folder = parent.isEmpty ? "." : parent
                let temporary = folder + "/.forge-\(Identifier.make()).tmp"
                defer { unlink(temporary) }
                try copy(to: temporary)
                guard link(temporary, output) == 0 else { throw BackupError.io("cannot create \(output): \(BackupFile.errorText())") }
                unlink(temporary)
                try BackupFile.sync(folder, directory: true)
                return output
            }
        }
    }

    /// `VACUUM INTO temporary`, fsync, integrity check on the copy.
    private func copy(to temporary: String) throws {
        do { try db.vacuum(into: temporary) } catch { throw BackupError.copy("\(error)") }
        try BackupFile.sync(temporary)
        _ = try BackupFile.inspect(temporary)
    }

    /// Runs `body` (which returns the file written), records the attempt either way, logs it.
    private func attempt(trigger: String, started: Date, _ body: () throws -> String) throws -> BackupRecord {
        let clockStart = Date()
        func finished() -> Date { started.addingTimeInterval(Date().timeIntervalSince(clockStart)) }
        do {
            let file = try body()
            let record = BackupRecord(startedAt: started, finishedAt: finished(), trigger: trigger, file: file,
                                      bytes: BackupFile.size(file), ok: true, error: "")
            save(record)
            Log.notice("backup done: \(file) (\(record.bytes) bytes, \(trigger))", fields: ["FORGE_BACKUP_FILE": file])
            return record
        } catch {
            let message = (error as? BackupError)?.description ?? "\(error)"
            save(BackupRecord(startedAt: started, finishedAt: finished(), trigger: trigger, file: "", bytes: 0,
                                ok: false, error: message))
            Log.error("backup failed (\(trigger)): \(message)")
            throw error
        }
    }

    private func save(_ r: BackupRecord) {
        do {
            try db.write { c in
                try c.execute("""
                    INSERT INTO backup_runs (started_at, finished_at, trigger, file, bytes, ok, error)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [Instant.storage(r.startedAt), Instant.storage(r.finishedAt), r.trigger, r.file, r.bytes,
                          r.ok ? 1 : 0, r.error])
            }
        } catch {
            Log.error("cannot record the backup attempt: \(error)")
        }
    }

    /// The backups in the directory, newest first. Other files are ignored.
    public func list() -> [BackupEntry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap(BackupName.init(fileName:)).sorted(by: >).map {
            BackupEntry(name: $0, bytes: BackupFile.size(directory + "/" + $0.fileName))
        }
    }

    /// Deletes the backups the retention does not keep and fsyncs the directory.
    /// - Returns: the names deleted.
    @discardableResult
    public func rotate() -> [BackupName] {
        let all = list().map(\.name)
        let keep = retention.keep(all, timeZone: timeZone)
        let doomed = all.filter { !keep.contains($0) }
        for name in doomed { unlink(directory + "/" + name.fileName) }
        if !doomed.isEmpty { try? BackupFile.sync(directory, directory: true) }
        return doomed
    }

    /// Temporary files older than an hour are leftovers of a crash mid-copy.
    private func removeStaleTemporaries() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(".forge-") && name.hasSuffix(".tmp") {
            let path = directory + "/" + name
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if let modified, Date().timeIntervalSince(modified) > 3600 { unlink(path) }
        }
    }
}
