import ForgeCore
import Foundation

/// One backup attempt as recorded in `backup_runs`.
package struct BackupRecord: Sendable, Equatable {
    /// When the attempt started and finished (UTC instants).
    package let startedAt: Date
    package let finishedAt: Date
    /// What asked for it: `nightly`, `catch-up`, `retry`, `admin` or `cli`.
    package let trigger: String
    /// Absolute path of the backup file written (empty when the copy never got
    /// a name). Rows recorded before this was absolute may hold a path relative
    /// to the directory the writing forged ran in.
    package let file: String
    /// Size of the backup file, bytes.
    package let bytes: Int
    /// Copied, fsynced, integrity-checked and renamed.
    package let ok: Bool
    /// Why it failed; empty when `ok`.
    package let error: String

    /// True when `file` names a file that is still there (rotation, a restore
    /// or an operator may have removed it since).
    package var fileExists: Bool { !file.isEmpty && FileManager.default.fileExists(atPath: file) }

    /// The backup's file name while `file` is on disk in `directory` (the
    /// backups directory of the database this record was read from), else nil.
    /// A database restored from another state directory's backup carries that
    /// directory's ledger: its files are not this directory's backups.
    package func fileName(inBackups directory: String) -> String? {
        guard fileExists else { return nil }
        let path = BackupFile.absolutePath(file)
        let folder = (path as NSString).deletingLastPathComponent
        return folder == BackupFile.absolutePath(directory) ? (path as NSString).lastPathComponent : nil
    }
}

/// A backup file in the backups directory.
package struct BackupEntry: Sendable, Equatable {
    /// The file name, which carries the instant the backup was taken.
    package let name: BackupName
    /// Size, bytes.
    package let bytes: Int
}

/// Takes consistent backups of the live database (README.md, "Backups").
///
/// A backup is `VACUUM INTO` a temporary file in the backups directory
/// (`<state-dir>/backups`, mode 0700; files 0600), fsync of the file,
/// `PRAGMA integrity_check` on the copy opened read-only, then a no-replace
/// rename (link + unlink) to a ``BackupName`` newer than every backup of the
/// same second, and fsync of the directory, so a crash leaves either no backup
/// or a complete, checked one. The attempt is recorded in `backup_runs` (with
/// the file's size as written), then the rotation (``BackupRetention``)
/// deletes old generations, never the file just written. The copy runs on a
/// read connection: writers are not blocked, so it is safe while the daemon
/// serves. One backup runs at a time, across processes (``BackupLock``).
package struct BackupJob: Sendable {
    /// The live database copied from; the attempts are recorded in its `backup_runs`.
    package let db: Database
    /// The backups directory, absolute (``BackupFile/absolutePath(_:)``).
    package let directory: String
    /// Which generations rotation keeps.
    package let retention: BackupRetention
    /// The household zone: rotation's days and weeks.
    package let timeZone: TimeZone

    /// - Parameter directory: nil for `backups` beside the database file; a
    ///   relative path is made absolute against the current directory.
    package init(
        db: Database, directory: String? = nil, retention: BackupRetention = .init(),
        timeZone: TimeZone = .utc
    ) {
        self.db = db
        self.directory = BackupFile.absolutePath(directory ?? Self.directory(forDatabase: db.path))
        self.retention = retention
        self.timeZone = timeZone
    }

    /// `<directory of the database>/backups`.
    package static func directory(forDatabase path: String) -> String {
        (path as NSString).deletingLastPathComponent + "/backups"
    }

    /// Takes a backup into the backups directory, records the attempt, then rotates.
    /// - Parameters:
    ///   - trigger: recorded with the attempt (`nightly`, `admin`, `cli`, ...).
    ///   - now: forged's clock's time (`Settings.clock`, `ForgeApp.clock`): names the
    ///     file and is recorded as `started_at`.
    ///   - wait: when another backup is running, true waits for it to finish,
    ///     false throws ``BackupError/busy`` at once (nothing recorded).
    /// - Returns: the recorded attempt (`ok` true; `file` exists when this returns).
    /// - Throws: ``BackupError/busy``; otherwise ``BackupError`` after recording the
    ///   failed attempt and logging it at error priority.
    @discardableResult
    package func run(trigger: String, now: Date, wait: Bool = true) throws -> BackupRecord {
        let lock: BackupLock
        do {
            try BackupFile.makePrivateDirectory(directory)
            lock = try BackupLock(directory: directory, wait: wait)
        } catch BackupError.busy {
            Log.info("backup (\(trigger)) not started: another backup is running")
            throw BackupError.busy
        } catch {
            _ = try? attempt(trigger: trigger, started: now) { throw error }
            throw error
        }
        defer { withExtendedLifetime(lock) {} }
        var written: BackupName?
        let record = try attempt(trigger: trigger, started: now) {
            removeStaleTemporaries()
            let temporary = directory + "/.forge-\(Identifier.make()).tmp"
            defer { unlink(temporary) }
            try copy(to: temporary)
            var name = freshName(for: now)
            while link(temporary, directory + "/" + name.fileName) != 0 {
                guard errno == EEXIST else { throw BackupError.io("cannot name \(name): \(BackupFile.errorText())") }
                name = name.next
            }
            unlink(temporary)
            BackupFile.matchOwner(directory + "/" + name.fileName, of: directory)
            try BackupFile.sync(directory, directory: true)
            written = name
            return directory + "/" + name.fileName
        }
        let deleted = rotate(protecting: written)
        if !deleted.isEmpty { Log.info("backup rotation removed \(deleted.map(\.fileName).joined(separator: ", "))") }
        return record
    }

    /// The first name for a backup taken at `now` that sorts after every backup
    /// already named for the same second (so rotation, which keeps the newest,
    /// keeps it even when an earlier name of that second was rotated away).
    private func freshName(for now: Date) -> BackupName {
        let base = BackupName(instant: now)
        let sameSecond = list().map(\.name).filter { $0.instant == base.instant }
        return sameSecond.max().map(\.next) ?? base
    }

    /// Takes a backup to `output` (any path; not rotated) and records the attempt
    /// under `output`'s absolute path.
    /// Waits for a backup already running.
    /// - Throws: ``BackupError/io(_:)`` when `output` exists (never overwritten),
    ///   otherwise as ``run(trigger:now:wait:)``.
    @discardableResult
    package func run(output: String, trigger: String, now: Date) throws -> BackupRecord {
        let lock: BackupLock
        do {
            try BackupFile.makePrivateDirectory(directory)
            lock = try BackupLock(directory: directory, wait: true)
        } catch {
            _ = try? attempt(trigger: trigger, started: now) { throw error }
            throw error
        }
        defer { withExtendedLifetime(lock) {} }
        return try attempt(trigger: trigger, started: now) {
            try snapshot(to: output)
            return BackupFile.absolutePath(output)
        }
    }

    /// Writes a verified copy of the database to `output` without recording or
    /// rotating anything: `VACUUM INTO` a temporary file beside it, fsync,
    /// integrity check, no-replace link to `output` (mode 0600), fsync of the folder.
    /// - Throws: ``BackupError/io(_:)`` when `output` exists (never overwritten) or a
    ///   filesystem step fails; ``BackupError/copy(_:)``; ``BackupError/unusable(_:)``
    ///   when the copy fails its integrity check (then nothing is left behind).
    package func snapshot(to output: String) throws {
        guard !FileManager.default.fileExists(atPath: output) else {
            throw BackupError.io("\(output) already exists; not overwriting it")
        }
        let parent = (output as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        let temporary = folder + "/.forge-\(Identifier.make()).tmp"
        defer { unlink(temporary) }
        try copy(to: temporary)
        guard link(temporary, output) == 0 else {
            throw BackupError.io("cannot create \(output): \(BackupFile.errorText())")
        }
        unlink(temporary)
        BackupFile.matchOwner(output, of: folder)
        try BackupFile.sync(folder, directory: true)
    }

    /// `VACUUM INTO temporary`, fsync, integrity check on the copy.
    private func copy(to temporary: String) throws {
        do { try db.vacuum(into: temporary) } catch let error as DatabaseError where error.code == .full {
            throw BackupError.diskFull("no room for the copy in \(directory) (\(error.message))")
        } catch { throw BackupError.copy("\(error)") }
        try BackupFile.sync(temporary)
        _ = try BackupFile.inspect(temporary)
    }

    /// Runs `body` (which returns the file written), records the attempt either way, logs it.
    /// `finished_at` is `started` plus the time `body` took on the monotonic clock.
    private func attempt(trigger: String, started: Date, _ body: () throws -> String) throws -> BackupRecord {
        let clockStart = ContinuousClock.now
        func finished() -> Date { started.addingTimeInterval((ContinuousClock.now - clockStart) / .seconds(1)) }
        do {
            let file = try body()
            let record = BackupRecord(
                startedAt: started, finishedAt: finished(), trigger: trigger, file: file,
                bytes: BackupFile.size(file), ok: true, error: "")
            save(record)
            Log.notice(
                "backup done: \(file) (\(record.bytes) bytes, \(trigger))", id: .backupDone,
                fields: ["FORGE_BACKUP": file])
            return record
        } catch {
            let message = (error as? BackupError)?.description ?? "\(error)"
            save(
                BackupRecord(
                    startedAt: started, finishedAt: finished(), trigger: trigger, file: "", bytes: 0,
                    ok: false, error: message))
            Log.error(
                "backup failed (\(trigger)): \(message)", id: .backupFailed, fields: ["FORGE_BACKUP_ERROR": message])
            throw error
        }
    }

    private func save(_ r: BackupRecord) {
        do { try Self.record(r, in: db) } catch { Log.error("cannot record the backup attempt: \(error)") }
    }

    /// Appends `r` to the `backup_runs` ledger of `db`.
    /// - Throws: `DatabaseError` when the write fails.
    static func record(_ r: BackupRecord, in db: Database) throws {
        try db.write { c in
            try c.execute(
                """
                INSERT INTO backup_runs (started_at, finished_at, trigger, file, bytes, ok, error)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    Instant.storage(r.startedAt), Instant.storage(r.finishedAt), r.trigger, r.file, r.bytes,
                    r.ok ? 1 : 0, r.error,
                ])
        }
    }

    /// The backups in the directory, newest first. Other files are ignored.
    package func list() -> [BackupEntry] { Self.list(in: directory) }

    /// The backups in `directory`, newest first; reads only the directory
    /// (works while the database will not open).
    package static func list(in directory: String) -> [BackupEntry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap(BackupName.init(fileName:)).sorted(by: >).map {
            BackupEntry(name: $0, bytes: BackupFile.size(directory + "/" + $0.fileName))
        }
    }

    /// Deletes the backups the retention does not keep and fsyncs the directory.
    /// - Parameter protecting: a backup never deleted (the one just written, which
    ///   may not be the newest by name when the clock was set back).
    /// - Returns: the names deleted.
    @discardableResult
    package func rotate(protecting: BackupName? = nil) -> [BackupName] {
        let all = list().map(\.name)
        let keep = retention.keep(all, timeZone: timeZone)
        let doomed = all.filter { !keep.contains($0) && $0 != protecting }
        for name in doomed { unlink(directory + "/" + name.fileName) }
        if !doomed.isEmpty { try? BackupFile.sync(directory, directory: true) }
        return doomed
    }

    /// Temporary files older than an hour are leftovers of a crash mid-copy.
    /// The age is the system time (`Date()`) minus the file's modification time, which
    /// the kernel stamps from that same clock; forged's clock (the run's `now`) may be
    /// offset or fixed (tests, benches) and would then call a copy still being written
    /// (``snapshot(to:)`` of a schema upgrade takes no backup lock) an hour old.
    private func removeStaleTemporaries() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(".forge-") && name.hasSuffix(".tmp") {
            let path = directory + "/" + name
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if let modified, Date().timeIntervalSince(modified) > 3600 { unlink(path) }
        }
    }
}
