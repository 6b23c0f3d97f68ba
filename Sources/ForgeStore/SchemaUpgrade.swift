import ForgeCore
import Foundation

/// Brings a database to this binary's schema, keeping a verified copy of an
/// existing database first (README.md, "Backups").
///
/// When the database already records migrations and some are pending, a
/// backup is written before the first one runs:
/// `<backups>/pre-upgrade-<last applied migration id>-YYYYMMDD-HHMMSS.sqlite3`
/// (UTC; `-2`, `-3`, … for later ones within the same second, as
/// ``BackupName/unusedPath(in:prefix:instant:)`` names them;
/// ``BackupJob/snapshot(to:)``: fsynced and integrity-checked), so the
/// household can go back to the version it upgraded from with
/// `forged restore FILE` and the previous binary. A new, empty database gets
/// no backup. If the backup cannot be written, nothing is migrated.
/// Pre-upgrade files are not rotated (rotation only touches `forge-*` names).
package enum SchemaUpgrade {
    /// What an upgrade did.
    package struct Outcome: Sendable, Equatable {
        /// Migration ids applied, in order (empty when up to date).
        package let applied: [String]
        /// Path of the pre-upgrade backup, nil when none was needed.
        package let backup: String?
    }

    /// Backs up (when needed) and migrates `db`.
    /// - Parameters:
    ///   - now: forged's clock's time: names the backup and is each applied
    ///     migration's `applied_at`.
    /// - Throws: ``BackupError`` when the pre-upgrade backup fails (nothing
    ///   migrated); whatever ``Migrator/migrate(_:now:)`` throws.
    @discardableResult
    package static func run(_ db: Database, migrator: Migrator = ForgeSchema.migrator(), now: Date) throws
        -> Outcome
    {
        let recorded = try migrator.recorded(in: db)
        let known = Set(migrator.ids)
        var backup: String?
        // The version upgraded from: the latest recorded migration in registration order.
        let done = Set(recorded)
        if let from = migrator.ids.last(where: done.contains), recorded.allSatisfy(known.contains),
            !(try migrator.pending(in: db)).isEmpty
        {
            let directory = BackupJob.directory(forDatabase: db.path)
            let path = BackupName.unusedPath(in: directory, prefix: "pre-upgrade-\(from)-", instant: now)
            do {
                try BackupFile.makePrivateDirectory(directory)
                try BackupJob(db: db, directory: directory).snapshot(to: path)
            } catch {
                Log.error(
                    "no migration run: the pre-upgrade backup failed: \(error)", id: .backupFailed,
                    fields: ["FORGE_BACKUP_ERROR": "\(error)"])
                throw error
            }
            Log.notice(
                "pre-upgrade backup of schema \(from): \(path) (\(BackupFile.size(path)) bytes)",
                id: .backupDone, fields: ["FORGE_BACKUP": path])
            backup = path
        }
        let applied = try migrator.migrate(db, now: now)
        return Outcome(applied: applied, backup: backup)
    }
}
