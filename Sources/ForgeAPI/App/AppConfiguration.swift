import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// A seat from `--allowed-users` (`email:Name`).
package struct AllowedUser: Sendable, Hashable {
    /// The seat's email (its identity) and display name.
    package let email: String
    package let name: String
    /// A seat; see the properties.
    package init(email: String, name: String) {
        self.email = email
        self.name = name
    }
}

/// What the HTTP application needs from the daemon's settings.
package struct AppConfiguration: Sendable {
    /// Dev sign-in (`POST /auth/dev`) enabled.
    package var devAuth: Bool
    /// Canonical origin, e.g. `http://127.0.0.1:8080`; decides the cookie's `Secure` flag.
    package var baseURL: String
    /// The host names this server answers to, when `--base-url` is set (its host); empty: any
    /// (``ForgeApp/checkHost(_:)``).
    package var hostNames: Set<String> = []
    /// Household time zone.
    package var timeZone: TimeZone
    /// Seed the curated recipes and the first household food week.
    package var seedRecipes: Bool
    /// Bootstrap seats, used only while the user table is empty; the first is the admin.
    package var allowedUsers: [AllowedUser]
    /// Argon2id cost for new password hashes.
    package var passwordCost: PasswordHasher.Cost
    /// Build stamp reported by `/healthz`.
    package var build: String
    /// Backup generations kept after an on-demand backup (`POST /api/admin/backups`).
    package var backupRetention = BackupRetention()
    /// Off-the-box copy destinations (`--backup-copy-to`), each with its
    /// mount and rclone settings; a backup an admin takes is copied to them too.
    package var backupCopies: [BackupTransport] = []
    /// The copies' key file (`--backup-key`).
    package var backupKeyPath = "/etc/forge/backup.key"
    /// Outbound fetches (recipe import, images) may reach loopback, link-local
    /// and private addresses (`--allow-private-fetch`).
    package var allowPrivateFetch: Bool = false
    /// The shipped free-exercise-db images (``ShippedExerciseMedia``), imported
    /// at start while the database has no exercise images; nil imports nothing
    /// (tests, and the default of a bare configuration).
    package var exerciseMediaDir: String? = nil
    /// Reminder hour and quiet hours of the non-timer notices (`--reminder-hour`, `--quiet-hours-end`, `--quiet-hours-start`).
    package var noticeHours = NoticeHours()

    /// A configuration with the documented defaults; see the properties. The rest
    /// (backups, notices, media) start at their defaults and are set one by one.
    package init(
        devAuth: Bool = false, baseURL: String = "http://localhost:8080",
        timeZone: TimeZone = .utc, seedRecipes: Bool = true,
        allowedUsers: [AllowedUser] = [], passwordCost: PasswordHasher.Cost = .interactive,
        build: String = BuildInfo.stamp
    ) {
        self.devAuth = devAuth
        self.baseURL = baseURL
        self.timeZone = timeZone
        self.seedRecipes = seedRecipes
        self.allowedUsers = allowedUsers
        self.passwordCost = passwordCost
        self.build = build
    }

    /// True when the base URL is https (cookies get `Secure`).
    package var isSecure: Bool { baseURL.lowercased().hasPrefix("https://") }
}
