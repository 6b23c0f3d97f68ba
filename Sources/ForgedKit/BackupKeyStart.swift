import ForgeCore
import ForgeStore
import Foundation

/// The backup key at `forged serve`'s start and before `forged backup` copies (issue 27 item 3):
/// with a copy destination set and no key at `--backup-key`, one is created (mode 0600); the
/// first start with a destination after a key is created (here or by the package's postinst)
/// says so once in the journal, with how to keep its recovery code.
/// "Once" is kept in `<state-dir>/backup-key.announced` (the key id last announced).
enum BackupKeyStart {
    static let markerName = "backup-key.announced"

    /// Creates the key when needed and announces a new one; never throws
    /// (a key that cannot be created is logged, and each copy then fails naming it).
    static func prepare(_ settings: Settings) {
        var key = try? BackupKey.load(from: settings.backupKey)
        if key == nil && !settings.backupCopyTo.isEmpty {
            do {
                let (made, created) = try BackupKey.loadOrCreate(at: settings.backupKey)
                key = made
                if created { Log.notice("created the backup key \(made.id) at \(settings.backupKey) (mode 0600)") }
            } catch {
                Log.error(
                    "cannot create the backup key \(settings.backupKey): \(error); copies off the box fail until it "
                        + "exists (the package's postinst creates it; or forged backup key import)",
                    id: .backupCopyFailed)
                return
            }
        }
        for exposed in [
            key == nil ? nil : BackupKey.exposed(settings.backupKey, what: "the key of the copies off the box"),
            CheckCommand.rcloneConfigExposure(settings),
        ].compactMap({ $0 }) {
            Log.warning(exposed)
        }
        // The notice is for a box that sends copies; a key alone (the package's) waits for a destination.
        guard let key, !settings.backupCopyTo.isEmpty else { return }
        let marker = (settings.stateDir as NSString).appendingPathComponent(markerName)
        let announced = (try? String(contentsOfFile: marker, encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines)
        guard announced != key.id else { return }
        Log.notice(
            "backup key \(key.id) (\(settings.backupKey)) encrypts the copies sent off this machine: keep its "
                + "recovery code elsewhere, or they cannot be restored after losing the machine, and with it what "
                + "reaches the copies (the remote's section of \(settings.backupRcloneConfig), or the NAS share's "
                + "credentials). Print it with `forged backup key show`.")
        guard
            FileManager.default.createFile(
                atPath: marker, contents: Data((key.id + "\n").utf8), attributes: [.posixPermissions: 0o600])
        else {
            Log.warning("cannot write \(marker): the backup key notice will be repeated at the next start")
            return
        }
        BackupFile.matchOwner(marker, of: settings.stateDir)
    }
}
