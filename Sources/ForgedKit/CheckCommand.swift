import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `forged check`: what an operator paged at night asks first. Works with
/// the server stopped or running (it takes no lock and only reads: the
/// database is opened read-only through its WAL). One line per finding,
/// `ok`, `WARNING` or `ERROR`, each naming what to do.
///
/// Exit status 1 (``ExitStatus/failure``) when something needs action now:
/// the database fails its integrity check or will not open, the state
/// directory is missing its write permission or the database is not owned
/// by its owner, less than ``minimumFreeFraction`` of the disk is free, or
/// the TLS certificate will not load or is not valid now. An invalid
/// configuration stops `forged` before this runs, with status 2 and the
/// file and line. Warnings (no backup yet, the last one older than
/// ``backupWarningAge``, a certificate expiring within
/// ``certificateWarningDays`` days, no members yet) are printed and exit 0.
struct CheckCommand {
    let settings: Settings

    /// Below this fraction of free space on the state directory's filesystem: an error.
    static let minimumFreeFraction = 0.05
    /// A last backup older than this (seconds, two days): a warning.
    static let backupWarningAge: TimeInterval = 2 * 86_400
    /// A certificate expiring within this many days: a warning.
    static let certificateWarningDays = 14

    enum Level: String { case ok = "ok", warning = "WARNING", error = "ERROR" }

    struct Finding: Equatable {
        let level: Level
        /// `config`, `state-dir`, `database`, `disk`, `certificate`, `backup`, `members`.
        let subject: String
        let text: String
        /// `LEVEL    subject     text`.
        var line: String {
            level.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                + subject.padding(toLength: 12, withPad: " ", startingAt: 0) + text
        }
    }

    var databasePath: String { (settings.stateDir as NSString).appendingPathComponent(StateDirectory.databaseName) }

    /// Prints the findings at forged's clock's time (`Settings.clock`).
    /// - Returns: the exit status.
    func run() -> Int32 {
        let all = findings(now: settings.clock.now())
        for finding in all { print(finding.line) }
        let errors = all.filter { $0.level == .error }.count
        let warnings = all.filter { $0.level == .warning }.count
        print(
            errors > 0
                ? "\(errors) error(s) need action now; \(warnings) warning(s)"
                : "no errors; \(warnings) warning(s)")
        return errors > 0 ? ExitStatus.failure : ExitStatus.success
    }

    func findings(now: Date) -> [Finding] {
        var out: [Finding] = [
            Finding(
                level: .ok, subject: "config",
                text: "valid (\(settings.configFile ?? "no config file; flags, environment and defaults"))")
        ]
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        let stateDir = settings.stateDir
        guard fm.fileExists(atPath: stateDir, isDirectory: &isDirectory), isDirectory.boolValue else {
            out.append(
                Finding(
                    level: .warning, subject: "state-dir",
                    text:
                        "\(stateDir) does not exist yet (forged serve creates it; under systemd, StateDirectory= does)")
            )
            return out
        }
        var dirInfo = stat()
        _ = stat(stateDir, &dirInfo)
        if access(stateDir, W_OK) != 0 {
            out.append(
                Finding(
                    level: .error, subject: "state-dir",
                    text: "\(stateDir) is not writable by this user (uid \(getuid())): run as the service user "
                        + "(runuser -u forge -- forged check) or fix it: chown -R forge:forge \(stateDir)"))
        } else {
            out.append(
                Finding(
                    level: .ok, subject: "state-dir",
                    text: "\(stateDir) writable (mode \(String(dirInfo.st_mode & 0o7777, radix: 8)))"))
        }
        out += databaseFindings(directoryOwner: dirInfo.st_uid)
        out.append(diskFinding())
        if let cert = settings.tlsCert, let key = settings.tlsKey {
            out.append(certificateFinding(cert: cert, key: key, now: now))
        }
        out.append(backupFinding(now: now))
        if !settings.backupCopyTo.isEmpty {
            out.append(backupKeyFinding(serviceUser: (dirInfo.st_uid, dirInfo.st_gid)))
        }
        if let exposed = Self.rcloneConfigExposure(settings) {
            out.append(Finding(level: .warning, subject: "rclone", text: exposed))
        }
        return out
    }

    /// With an `rclone:` destination configured: why its config file (the remote's credentials) is
    /// exposed to every user of the machine, or nil.
    static func rcloneConfigExposure(_ settings: Settings) -> String? {
        guard settings.backupCopyTo.contains(where: { $0.description.hasPrefix("rclone:") }) else { return nil }
        return BackupKey.exposed(settings.backupRcloneConfig, what: "the remote's credentials")
    }

    /// With copies off the box configured: whether the service user (the state directory's
    /// owner, whoever runs the check) can read `--backup-key`; a warning naming the fix when not.
    func backupKeyFinding(serviceUser: (uid: uid_t, gid: gid_t)) -> Finding {
        if let problem = BackupKey.unreadable(at: settings.backupKey, uid: serviceUser.uid, gid: serviceUser.gid) {
            return Finding(level: .warning, subject: "backup-key", text: problem)
        }
        if let problem = BackupKey.exposed(settings.backupKey, what: "the key of the copies off the box") {
            return Finding(level: .warning, subject: "backup-key", text: problem)
        }
        let id = (try? BackupKey.load(from: settings.backupKey)).map { "backup key \($0.id)" } ?? "a key"
        return Finding(level: .ok, subject: "backup-key", text: "\(settings.backupKey): \(id), readable by the service")
    }

    func databaseFindings(directoryOwner: uid_t) -> [Finding] {
        let path = databasePath
        guard FileManager.default.fileExists(atPath: path) else {
            return [
                Finding(
                    level: .warning, subject: "database",
                    text: "no database yet at \(path) (forged serve creates it; then forged user add)")
            ]
        }
        var out: [Finding] = []
        var info = stat()
        _ = stat(path, &info)
        if info.st_uid != directoryOwner {
            out.append(
                Finding(
                    level: .error, subject: "database",
                    text: "\(path) is owned by uid \(info.st_uid), the state directory by uid \(directoryOwner): "
                        + "the service cannot write it; chown forge:forge \(path)"))
        }
        do {
            let inspection = try BackupFile.inspect(path, knownMigrations: ForgeSchema.migrator().ids, live: true)
            let rows = inspection.rowCounts.values.reduce(0, +)
            out.append(
                Finding(
                    level: .ok, subject: "database",
                    text: "\(path): integrity ok, \(inspection.rowCounts.count) tables, \(rows) rows, "
                        + "schema \(inspection.migrations.last ?? "none") (mode \(String(info.st_mode & 0o777, radix: 8)))"
                ))
            if inspection.rowCounts["users"] == 0 {
                out.append(
                    Finding(
                        level: .warning, subject: "members",
                        text: "no household member yet: forged user add --name NAME EMAIL (the first is the admin)"))
            }
        } catch {
            out.append(
                Finding(
                    level: .error, subject: "database",
                    text: "\(error); restore the newest good backup: forged backup list, then forged restore FILE"))
        }
        return out
    }

    func diskFinding() -> Finding {
        var fs = statvfs()
        guard statvfs(settings.stateDir, &fs) == 0, fs.f_blocks > 0 else {
            return Finding(level: .warning, subject: "disk", text: "cannot read the free space of \(settings.stateDir)")
        }
        let fraction = Double(fs.f_bavail) / Double(fs.f_blocks)
        let freeMiB = Double(fs.f_bavail) * Double(fs.f_frsize) / 1_048_576
        let text = String(
            format: "%.1f %% free (%.0f MiB) on the filesystem of %@", fraction * 100, freeMiB, settings.stateDir)
        guard fraction >= Self.minimumFreeFraction else {
            return Finding(
                level: .error, subject: "disk",
                text: text + ": under 5 %; free space (old backups in \(settings.stateDir)/backups, journal files)")
        }
        return Finding(level: .ok, subject: "disk", text: text)
    }

    func certificateFinding(cert: String, key: String, now: Date) -> Finding {
        let summary: TLSCertificate.Summary
        do { summary = try TLSCertificate(certificatePath: cert, keyPath: key).load() } catch {
            return Finding(level: .error, subject: "certificate", text: "\(cert): \(error)")
        }
        if let problem = summary.validityProblem(at: now) {
            return Finding(level: .error, subject: "certificate", text: "\(summary.subject) is \(problem): renew it")
        }
        let days = Int(summary.expires.timeIntervalSince(now) / 86_400)
        if days < Self.certificateWarningDays {
            return Finding(
                level: .warning, subject: "certificate",
                text: "\(summary.subject) expires in \(days) day(s) (\(Instant.wire(summary.expires))): renew it, "
                    + "then systemctl reload forged")
        }
        return Finding(
            level: .ok, subject: "certificate",
            text: "\(summary.subject) valid until \(Instant.wire(summary.expires)) (\(days) days)")
    }

    /// The newest file in the backups directory (read from the directory
    /// alone, so it works while the database will not open).
    func backupFinding(now: Date) -> Finding {
        let directory = BackupJob.directory(forDatabase: databasePath)
        guard let newest = BackupJob.list(in: directory).max(by: { $0.name.instant < $1.name.instant }) else {
            return Finding(
                level: .warning, subject: "backup",
                text: "no backup yet in \(directory): forged backup (nightly at --backup-time otherwise)")
        }
        let age = now.timeIntervalSince(newest.name.instant)
        let hours = Int(age / 3600)
        let text = "newest \(newest.name.fileName), \(hours) h old"
        guard age <= Self.backupWarningAge else {
            return Finding(
                level: .warning, subject: "backup",
                text: text + ": older than two days; see journalctl -u forged -p err, then forged backup")
        }
        return Finding(level: .ok, subject: "backup", text: text)
    }
}
