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
///    then a WAL checkpoint so the old file stands alone.
/// 3. The file is copied beside the database, fsynced, checked again, then
///    renamed over `forge.sqlite3` (stale `-wal`/`-shm` removed first) and the
///    directory fsynced. A crash at any point leaves the old or the new
///    database, never a mix.
package enum BackupRestore {
    /// What a restore did.
    package struct Outcome: Sendable, Equatable {
        /// The safety copy of the database that was replaced; nil when there was none.
        package let safetyCopy: String?
        /// Row counts of the restored database.
        package let inspection: BackupFile.Inspection
    }

    /// Restores `file` over `databasePath`.
    /// - Throws: ``BackupError`` (nothing replaced) or the copy's I/O errors.
    package static func restore(_ file: String, over databasePath: String, now: Date = Date()) throws -> Outcome {
        let known = ForgeSchema.migrator().ids
        let inspection = try BackupFile.inspect(file, knownMigrations: known)
        let folder = (databasePath as NSString).deletingLastPathComponent
        let backups = BackupJob.directory(forDatabase: databasePath)

        var safety: String?
        if FileManager.default.fileExists(atPath: databasePath), BackupFile.size(databasePath) > 0 {
            try BackupFile.makePrivateDirectory(backups)
            let target = BackupName.unusedPath(in: backups, prefix: "pre-restore-", instant: now)
            let current = try Database(path: databasePath, readers: 1)
            do {
                try current.vacuum(into: target)
                try current.checkpoint()
                current.close()
            } catch {
                current.close()
                unlink(target)
                throw BackupError.io(
                    "cannot make a safety copy of the current database (\(error)); nothing was replaced")
            }
            BackupFile.matchOwner(target, of: backups)
            try BackupFile.sync(target)
            try BackupFile.sync(backups, directory: true)
            safety = target
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
        try BackupFile.sync(temporary)
        _ = try BackupFile.inspect(temporary, knownMigrations: known)
        for suffix in ["-wal", "-shm", "-journal"] { unlink(databasePath + suffix) }
        guard rename(temporary, databasePath) == 0 else {
            throw BackupError.io("cannot move the restored file into place: \(BackupFile.errorText())")
        }
        try BackupFile.sync(folder, directory: true)
        return Outcome(safetyCopy: safety, inspection: inspection)
    }
}
