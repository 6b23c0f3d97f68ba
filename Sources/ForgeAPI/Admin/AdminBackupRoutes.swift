import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `GET/POST /api/admin/backups` and `GET /api/admin/backups/{name}` (issue 8),
/// `GET /api/admin/backup-copies` (issue 27).
///
/// A backup is `{ name, bytes, created_at }` (`created_at`: the instant the
/// copy was taken, wire form). Downloads only serve names that are in the
/// current listing, so no path can reach outside the backups directory.
/// A backup asked for while another runs (the nightly one, another request,
/// an operator's `forged backup`) answers 409 rather than queueing.
enum AdminBackupRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/admin/backups", "Backups in the state directory, newest first", access: .admin,
            answers: [BackupInfo].self
        ) { _, _ in
            let copied = try BackupCopyStatus.goodCopies(
                app.config.backupCopies.map(\.destination.description), in: app.db)
            return app.backupJob.list().map {
                BackupInfo($0, copiedTo: copied[BackupDestination.copyName(of: $0.name.fileName)] ?? [])
            }
        }
        router.route(
            .GET, "/api/admin/backup-copies",
            "Each off-the-box copy destination: last good copy, its age, the last error", access: .admin,
            answers: BackupCopiesInfo.self
        ) { _, _ in
            let now = app.clock.now()
            let states = try BackupCopyStatus.states(app.config.backupCopies.map(\.destination.description), in: app.db)
            return BackupCopiesInfo(
                destinations: states.map { SystemRoutes.CopyHealth($0, now: now) },
                warning: BackupCopyStatus.warning(states, now: now))
        }
        // The copy, fsync and integrity check run as a job: no HTTP worker waits on them.
        router.raw(
            .POST, "/api/admin/backups", "Take a backup now (integrity-checked), then rotate", access: .admin,
            answers: BackupInfo.self, errors: [409, 500, 507]
        ) { _, principal in
            let who = principal.caller.user.email
            return StorageErrors.job { .wire(try app.takeBackup(requestedBy: who)) }
        }
        router.raw(
            .GET, "/api/admin/backups/:name", "Download one backup (application/vnd.sqlite3)", access: .admin,
            answers: nil as OK.Type?, produces: "application/vnd.sqlite3", errors: [404]
        ) { request, _ in
            let requested = request.parameter("name") ?? ""
            let job = app.backupJob
            guard let entry = job.list().first(where: { $0.name.fileName == requested }),
                let data = FileManager.default.contents(atPath: job.directory + "/" + entry.name.fileName)
            else {
                throw HTTPError(404, "no such backup")
            }
            return Response(
                status: 200,
                headers: [
                    "Content-Type": "application/vnd.sqlite3",
                    "Content-Disposition": "attachment; filename=\"\(entry.name.fileName)\"",
                    "Cache-Control": "no-store",
                ], body: data)
        }
    }
}

extension ForgeApp {
    /// Backups of this app's database into `backups` beside it, rotated by the configured retention.
    var backupJob: BackupJob {
        BackupJob(db: db, retention: config.backupRetention, timeZone: config.timeZone)
    }

    /// The off-the-box copier of the configured destinations, nil when none is.
    var backupCopier: BackupCopier? {
        BackupCopier.configured(
            db: db, transports: config.backupCopies, keyPath: config.backupKeyPath,
            retention: config.backupRetention, timeZone: config.timeZone, clock: clock)
    }

    /// One backup taken for an admin's request, as its listing entry.
    /// - Throws: 409 when another backup is running, 507 when the disk is
    ///   full, 500 `backup failed: …` otherwise.
    func takeBackup(requestedBy email: String) throws -> BackupInfo {
        let record: BackupRecord
        do {
            record = try backupJob.runAndCopy(trigger: "admin", now: clock.now(), wait: false, copier: backupCopier)
                .backup
        } catch BackupError.busy {
            throw HTTPError(409, "\(BackupError.busy)")
        } catch let error as BackupError {
            if case .diskFull = error { throw HTTPError(507, "backup failed: \(error)") }
            throw HTTPError(500, "backup failed: \(error)")
        } catch {
            throw HTTPError(500, "backup failed: \(error)")
        }
        Log.notice("backup taken on request", fields: ["FORGE_USER": email])
        let name = (record.file as NSString).lastPathComponent
        guard let entry = backupJob.list().first(where: { $0.name.fileName == name }) else {
            throw HTTPError(500, "backup failed: \(name) is missing after the backup")
        }
        let copied = try BackupCopyStatus.goodCopies(config.backupCopies.map(\.destination.description), in: db)
        return BackupInfo(entry, copiedTo: copied[BackupDestination.copyName(of: name)] ?? [])
    }
}

/// `GET /api/admin/backup-copies`: each destination in configuration order
/// (empty when none is configured) and the three-day warning (null unless set).
struct BackupCopiesInfo: Codable, Sendable {
    let destinations: [SystemRoutes.CopyHealth]
    @Nullable var warning: String?
}
