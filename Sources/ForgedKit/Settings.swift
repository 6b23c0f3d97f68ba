import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation

/// One household member from `--allowed-users` (`email:Name`).
package struct AllowedUser: Sendable, Equatable {
    /// Sign-in email, trimmed; contains `@`.
    package let email: String
    /// Display name, trimmed; never empty.
    package let name: String

    /// A seat as given (the loader trims and checks it).
    package init(email: String, name: String) {
        self.email = email
        self.name = name
    }
}

/// The resolved configuration of one `forged` run: every value validated,
/// precedence applied (flag > environment > config file > default).
/// Built by ``SettingsLoader/load(flags:environment:defaultConfigPath:)``;
/// tests may build one directly.
package struct Settings: Sendable {
    /// Listen addresses as given, each a validated `HOST:PORT`; never empty.
    package var listen: [String]
    /// Where the database lives. Not created by loading.
    package var stateDir: String
    /// Where the event socket lives. Not created by loading.
    package var runtimeDir: String
    /// The household time zone.
    package var timezone: TimeZone
    /// The zone's IANA name (`Europe/London`).
    package var timezoneName: String
    /// Members to seed into an empty user table; the first becomes admin.
    package var allowedUsers: [AllowedUser]
    /// Whether `/auth/dev` is enabled.
    package var devAuth: Bool
    /// The public origin, `http(s)://host[:port]`, no trailing slash.
    package var baseURL: String
    /// Whether `--base-url` was given (not derived from `--listen`): then only its host name,
    /// IP addresses and `localhost` are answered (``AppConfiguration/hostNames``).
    package var baseURLSet = false
    /// PEM certificate file for HTTPS (`--tls-cert`); nil serves plain HTTP.
    package var tlsCert: String?
    /// PEM private key of ``tlsCert`` (`--tls-key`); set exactly when `tlsCert` is.
    package var tlsKey: String?
    /// Reverse proxies whose forwarding headers count (`--trusted-proxy`), as given.
    package var trustedProxies: [String] = []
    /// The lowest log priority written.
    package var logLevel: LogPriority
    /// HTTP worker threads, 1–64.
    package var threads: Int
    /// Most simultaneous HTTP connections.
    package var maxConnections: Int
    /// Largest request body, bytes.
    package var maxBody: Int
    /// Largest body of an upload route (tagged `upload`), bytes.
    package var maxUpload: Int = 32 << 20
    /// Largest import upload, bytes (`--max-import`).
    package var maxImport: Int = 4 << 30
    /// Seed curated recipes and the first food week on an empty database.
    package var seedRecipes: Bool
    /// The config file that was read, or nil when none was.
    package var configFile: String?
    /// Household time of the nightly backup.
    package var backupTime: BackupSchedule = .standard
    /// Backup generations kept (daily, then weekly).
    package var backupRetention = BackupRetention()
    /// Off-the-box copy destinations (`--backup-copy-to`), in order.
    package var backupCopyTo: [BackupDestination] = []
    /// A directory destination must be a mount point (`--backup-copy-require-mount`).
    package var backupCopyRequireMount = false
    /// The copies' key file (`--backup-key`).
    package var backupKey = "/etc/forge/backup.key"
    /// rclone's config file (`--backup-rclone-config`).
    package var backupRcloneConfig = "/etc/forge/rclone.conf"

    /// One transport per destination, with the mount and rclone settings.
    package var backupTransports: [BackupTransport] {
        backupCopyTo.map {
            BackupTransport($0, requireMount: backupCopyRequireMount, rcloneConfig: backupRcloneConfig)
        }
    }
    /// Outbound fetches (recipe import) may reach loopback/private addresses.
    package var allowPrivateFetch: Bool = false
    /// Reminder hour and quiet hours of the proposal and reminder notices.
    package var noticeHours = NoticeHours()
    /// Seconds added to the system clock (`FORGE_TEST_CLOCK_OFFSET`, tests
    /// only, needs dev sign-in); 0 in production.
    package var clockOffset: TimeInterval = 0

    /// The clock forged reads "now" from: the system clock, moved by
    /// ``clockOffset`` when a test set one.
    package var clock: any Clock {
        clockOffset == 0 ? SystemClock() : OffsetClock(offset: clockOffset)
    }

    /// The listen addresses parsed (the strings are validated, so this
    /// cannot fail for loaded settings; invalid entries are skipped).
    package var listenAddresses: [ListenAddress] {
        listen.compactMap { try? ListenAddress(parsing: $0) }
    }

    /// Settings with the documented defaults, except that nothing is read
    /// from the environment; `baseURL` nil derives it from the first listen
    /// address. For tests.
    package init(
        listen: [String] = ["[::]:8080"], stateDir: String = "/var/lib/forge",
        runtimeDir: String = "/run/forge", timezone: TimeZone = .utc,
        allowedUsers: [AllowedUser] = [], devAuth: Bool = false, baseURL: String? = nil,
        logLevel: LogPriority = .info, threads: Int = 4, maxConnections: Int = 1024,
        maxBody: Int = 1_048_576, seedRecipes: Bool = true, configFile: String? = nil
    ) {
        self.listen = listen
        self.stateDir = stateDir
        self.runtimeDir = runtimeDir
        self.timezone = timezone
        self.timezoneName = timezone.identifier
        self.allowedUsers = allowedUsers
        self.devAuth = devAuth
        self.baseURL =
            baseURL
            ?? (listen.first).flatMap { try? ListenAddress(parsing: $0) }?.derivedBaseURL
            ?? "http://localhost:8080"
        self.logLevel = logLevel
        self.threads = threads
        self.maxConnections = maxConnections
        self.maxBody = maxBody
        self.seedRecipes = seedRecipes
        self.configFile = configFile
    }
}
