import ForgeCore
import Foundation

/// The last backup attempts, for `/healthz`, systemd's `STATUS=` and the scheduler.
package enum BackupStatus {
    /// The newest attempt of any outcome, or nil when none was recorded.
    /// Attempts before the newest restore (``restoreTrigger``) are another box's or another time's: not counted.
    package static func last(in db: Database) throws -> BackupRecord? {
        try db.read {
            try $0.queryOne(
                "SELECT * FROM backup_runs WHERE trigger NOT IN (?, ?) AND \(sinceRestore) ORDER BY started_at DESC, id DESC LIMIT 1",
                [outputTrigger, restoreTrigger])
        }.map(record)
    }

    /// The trigger of the row `forged restore` writes into the database it puts in place
    /// (``BackupRestore/restore(_:over:now:)``): the backup and copy attempts the file carries
    /// happened before it, often on another machine, so ``last(in:)``, ``lastSuccess(in:)`` and
    /// ``BackupCopyStatus/states(_:in:)`` count only attempts since it.
    package static let restoreTrigger = "restore"

    /// SQL condition on a ledger's `started_at`: at or after the newest restore (true when there was none).
    static let sinceRestore =
        "started_at >= COALESCE((SELECT max(started_at) FROM backup_runs WHERE trigger = '\(restoreTrigger)'), '')"

    /// When the database was last put in place by `forged restore`, or nil.
    static func restoredAt(in db: Database) throws -> Date? {
        let text: String? = try db.read {
            try $0.scalar("SELECT max(started_at) FROM backup_runs WHERE trigger = ?", [restoreTrigger])
        }
        return text.flatMap(Instant.parse)
    }

    /// The trigger of `forged backup --output FILE`: such a copy is recorded
    /// (``recent(_:in:)`` lists it) but is never "the last backup" of
    /// ``last(in:)``, ``lastSuccess(in:)``, `/healthz` and `STATUS=`: FILE may
    /// be where the service cannot look (`/root` under `ProtectHome=`), and it
    /// is the operator's copy, not one the retention keeps.
    package static let outputTrigger = "cli-output"

    /// The newest successful attempt (``outputTrigger`` copies aside), or nil.
    package static func lastSuccess(in db: Database) throws -> BackupRecord? {
        try db.read {
            try $0.queryOne(
                "SELECT * FROM backup_runs WHERE ok = 1 AND trigger NOT IN (?, ?) AND \(sinceRestore) ORDER BY started_at DESC, id DESC LIMIT 1",
                [outputTrigger, restoreTrigger])
        }
        .map(record)
    }

    /// The newest `limit` attempts, newest first.
    package static func recent(_ limit: Int, in db: Database) throws -> [BackupRecord] {
        try db.read { try $0.query("SELECT * FROM backup_runs ORDER BY started_at DESC, id DESC LIMIT ?", [limit]) }
            .map(record)
    }

    /// One line for systemd's `STATUS=`: `last backup ok 2026-07-20T02:30:00.412Z (forge-20260720-023000.sqlite3)`,
    /// `no backup since the restore at 2026-07-20T09:00:00.000Z` after `forged restore` (``restoreTrigger``),
    /// `last backup ok 2026-07-20T02:30:00.412Z (file no longer on disk)` when rotation
    /// or a restore removed it, `… (file not in this state directory's backups/)` when it exists
    /// but elsewhere (the backup of another state directory restored or copied here;
    /// ``BackupRecord/fileName(inBackups:)``), `last backup FAILED 2026-07-20T02:30:00.412Z: <reason>`,
    /// or `no backup yet`.
    /// Never throws: a database that does not answer gives `backup state unknown`.
    package static func summary(_ db: Database) -> String {
        guard let last = try? last(in: db) else {
            guard (try? db.read { try $0.scalar("SELECT 1") as Int? }) == 1 else { return "backup state unknown" }
            if let restored = try? restoredAt(in: db) {
                return "no backup since the restore at \(Instant.storage(restored))"
            }
            return "no backup yet"
        }
        let when = Instant.storage(last.finishedAt)
        if last.ok {
            guard let name = last.fileName(inBackups: BackupJob.directory(forDatabase: db.path)) else {
                return "last backup ok \(when) (\(Self.notHere(last)))"
            }
            return "last backup ok \(when) (\(name))"
        }
        return "last backup FAILED \(when): \(last.error)"
    }

    /// Why a backup's file is not named: `file no longer on disk`, or, when it exists in another
    /// state directory, `file not in this state directory's backups/`.
    package static func notHere(_ record: BackupRecord) -> String {
        record.fileExists ? "file not in this state directory's backups/" : "file no longer on disk"
    }

    private static func record(_ row: Row) throws -> BackupRecord {
        BackupRecord(
            startedAt: Instant.parse(try row.get("started_at")) ?? .distantPast,
            finishedAt: Instant.parse(try row.get("finished_at")) ?? .distantPast,
            trigger: try row.get("trigger"), file: try row.get("file"), bytes: try row.get("bytes"),
            ok: try row.get("ok"), error: try row.get("error"))
    }
}
