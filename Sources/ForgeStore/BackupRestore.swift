import Foundation

/// Replaces the database file with a backup (`forged restore FILE`).
///
/// The caller must hold the state directory's lock (no server running).
/// Steps, each before anything is replaced unless said otherwise:
/// 1. ``BackupFile/inspect(_:knownMigrations:)`` the file: it opens,
///    `integrity_check` is `ok`, it has `schema_migrations` and no migration
///    this binary does not know.
/// 2. A safety copy of the current database (`VACUUM INTO`, which folds in the
///    WAL) into the backups directory as `pre-restore-YYYYMMDD-HHMMSS.sqlite3`,
///    then a WAL checkpoint so the old file stands alone. When the current
///    database will not open or copy (it is damaged: the usual reason to
///    restore), its raw bytes are kept instead, next to it in the state
///    directory, as `forge.sqlite3.broken-YYYYMMDDTHHMMSSZ` (UTC; its `-wal`
///    as `…Z-wal`), fsynced; only if that copy fails too is nothing replaced.
/// 3. The file is copied beside the database, fsynced, checked again, then
///    renamed over `forge.sqlite3` (stale `-wal`/`-shm` removed first) and the
///    directory fsynced. A crash at any point leaves the old or the new
///    database, never a mix.
package enum BackupRestore {
    /// What a restore did.
    package struct Outcome: Sendable, Equatable {
        /// The safety copy of the database that was replaced; nil when there was none.
        package let safetyCopy: String?
        /// The raw copy of a database that would not open or copy (``brokenName(_:at:)``); nil otherwise.
        package var brokenCopy: String? = nil
        /// Row counts of the restored database.
        package let inspection: BackupFile.Inspection
    }

    /// Restores `file` over `databasePath`.
    /// - Throws: ``BackupError`` (nothing replaced) or the copy's I/O errors.
    package static func restore(_ file: String, over databasePath: String, now: Date) throws -> Outcome {
        let known = ForgeSchema.migrator().ids
        let inspection = try BackupFile.inspect(file, knownMigrations: known)
        let folder = (databasePath as NSString).deletingLastPathComponent
        let backups = BackupJob.directory(forDatabase: databasePath)

        var safety: String?
        var broken: String?
        if FileManager.default.fileExists(atPath: databasePath), BackupFile.size(databasePath) > 0 {
            try BackupFile.makePrivateDirectory(backups)
            let target = BackupName.unusedPath(in: backups, prefix: "pre-restore-", instant: now)
            do {
                let current = try Database(path: databasePath, readers: 1)
                do {
                    try current.vacuum(into: target)
                    try current.checkpoint()
                    current.close()
                } catch {
                    current.close()
                    throw error
                }
                BackupFile.matchOwner(target, of: backups)
                try BackupFile.sync(target)
                try BackupFile.sync(backups, directory: true)
                safety = target
            } catch {
                unlink(target)
                // The database will not open or copy: keep its bytes as they are.
                broken = try keepRawCopy(of: databasePath, now: now, because: error)
            }
        }

        let temporary = folder + "/.forge-restore-\(ProcessInfo.processInfo.processIdentifier).tmp"
        defer { unlink(temporary) }
        unlink(temporary)
        do {
            try FileManager.default.copyItem(atPath: file, toPath: temporary)
        } catch {
            throw BackupError.io("cannot copy \(file) beside the database: \(error)")
        }
        chmod(temporary, 0o600)
        BackupFile.matchOwner(temporary, of: folder)
        try markRestored(temporary, from: file, now: now)
        try BackupFile.sync(temporary)
        _ = try BackupFile.inspect(temporary, knownMigrations: known)
        for suffix in ["-wal", "-shm", "-journal"] { unlink(databasePath + suffix) }
        guard rename(temporary, databasePath) == 0 else {
            throw BackupError.io("cannot move the restored file into place: \(BackupFile.errorText())")
        }
        try BackupFile.sync(folder, directory: true)
        var outcome = Outcome(safetyCopy: safety, inspection: inspection)
        outcome.brokenCopy = broken
        return outcome
    }

    /// Records the restore in the ledger of the copy at `path` before it is put in
    /// place (a `backup_runs` row, trigger ``BackupStatus/restoreTrigger``, naming
    /// `file`), so the backup and copy attempts it carries from where it was made
    /// are history: `/healthz`, `STATUS=` and the copy states describe this box from here on.
    /// - Throws: `DatabaseError` when the copy cannot be written.
    static func markRestored(_ path: String, from file: String, now: Date) throws {
        // The copy's own -wal and -shm never stay beside the database, written or not.
        defer { for suffix in ["-wal", "-shm"] { unlink(path + suffix) } }
        let db = try Database(path: path, readers: 1)
        do {
            try BackupJob.record(
                BackupRecord(
                    startedAt: now, finishedAt: now, trigger: BackupStatus.restoreTrigger,
                    file: (file as NSString).lastPathComponent, bytes: BackupFile.size(file), ok: true, error: ""),
                in: db)
            try db.checkpoint()
            db.close()
        } catch {
            db.close()
            throw error
        }
    }

    /// `forge.sqlite3.broken-20261202T013000Z` for `databasePath` at `now` (UTC).
    package static func brokenName(_ databasePath: String, at now: Date) -> String {
        var seconds = time_t(now.timeIntervalSince1970.rounded(.down))
        var utc = tm()
        gmtime_r(&seconds, &utc)
        let stamp = String(
            format: "%04d%02d%02dT%02d%02d%02dZ", Int(utc.tm_year) + 1900, Int(utc.tm_mon) + 1, Int(utc.tm_mday),
            Int(utc.tm_hour), Int(utc.tm_min), Int(utc.tm_sec))
        return databasePath + ".broken-" + stamp
    }

    /// Copies the database file (and its `-wal`, if any) byte for byte beside
    /// it as ``brokenName(_:at:)``, mode 0600, fsynced with the directory.
    /// - Returns: the copy's path.
    /// - Throws: ``BackupError/io(_:)`` naming both failures; nothing was replaced.
    static func keepRawCopy(of databasePath: String, now: Date, because reason: any Error) throws -> String {
        let folder = (databasePath as NSString).deletingLastPathComponent
        let target = brokenName(databasePath, at: now)
        do {
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: databasePath + suffix) {
                unlink(target + suffix)
                try FileManager.default.copyItem(atPath: databasePath + suffix, toPath: target + suffix)
                chmod(target + suffix, 0o600)
                BackupFile.matchOwner(target + suffix, of: folder)
                try BackupFile.sync(target + suffix)
            }
            try BackupFile.sync(folder, directory: true)
        } catch {
            for suffix in ["", "-wal"] { unlink(target + suffix) }
            throw BackupError.io(
                "the current database will not open (\(reason)) and cannot be copied aside (\(error)); nothing was replaced"
            )
        }
        return target
    }
}
