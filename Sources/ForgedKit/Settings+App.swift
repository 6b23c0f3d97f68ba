import ForgeAPI
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

extension Settings {
    /// The HTTP application's view of these settings.
    var appConfiguration: AppConfiguration {
        let env = ProcessInfo.processInfo.environment
        // Tests lower the Argon2id cost; production always uses INTERACTIVE.
        let cost: PasswordHasher.Cost = env["FORGE_TEST_PASSWORD_COST"] == "minimum" ? .minimum : .interactive
        var config = AppConfiguration(
            devAuth: devAuth, baseURL: baseURL, timeZone: timezone, seedRecipes: seedRecipes,
            allowedUsers: allowedUsers.map { ForgeAPI.AllowedUser(email: $0.email, name: $0.name) },
            passwordCost: cost, build: BuildInfo.stamp)
        if baseURLSet, let host = URLComponents(string: baseURL)?.host?.lowercased() {
            config.hostNames = [host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))]
        }
        config.backupRetention = backupRetention
        config.backupCopies = backupTransports
        config.backupKeyPath = backupKey
        config.allowPrivateFetch = allowPrivateFetch
        config.noticeHours = noticeHours
        // The running binary as the kernel knows it (Linux's /proc/self/exe: symbolic links resolved).
        config.exerciseMediaDir = ShippedExerciseMedia.located(
            executable: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
        return config
    }

    /// The off-the-box copier of `--backup-copy-to`, nil when no destination
    /// is set (``BackupCopier/configured(db:transports:keyPath:retention:timeZone:clock:)``).
    func backupCopier(db: Database) -> BackupCopier? {
        BackupCopier.configured(
            db: db, transports: backupTransports, keyPath: backupKey, retention: backupRetention, timeZone: timezone,
            clock: clock)
    }
}
