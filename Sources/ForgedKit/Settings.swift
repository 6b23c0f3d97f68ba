import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation

/// One household member from `--allowed-users` (`email:Name`).
public struct AllowedUser: Sendable, Equatable {
    /// Sign-in email, trimmed; contains `@`.
    public let email: String
    /// Display name, trimmed; never empty.
    public let name: String

    public init(email: String, name: String) {
        self.email = email
        self.name = name
    }
}

/// The resolved configuration of one `forged` run: every value validated,
/// precedence applied (flag > environment > config file > default).
/// Built by ``SettingsLoader/load(flags:environment:defaultConfigPath:)``;
/// tests may build one directly.
public struct Settings: Sendable {
    /// Listen addresses as given, each a validated `HOST:PORT`; never empty.
    public var listen: [String]
    /// Where the database lives. Not created by loading.
    public var stateDir: String
    /// Where the event socket lives. Not created by loading.
    public var runtimeDir: String
    /// The household time zone.
    public var timezone: TimeZone
    /// The zone's IANA name (`Europe/London`).
    public var timezoneName: String
    /// Members to seed into an empty user table; the first becomes admin.
    public var allowedUsers: [AllowedUser]
    /// Whether `/auth/dev` is enabled.
    public var devAuth: Bool
    /// The public origin, `http(s)://host[:port]`, no trailing slash.
    public var baseURL: String
    /// PEM certificate file for HTTPS (`--tls-cert`); nil serves plain HTTP.
    public var tlsCert: String?
    /// PEM private key of ``tlsCert`` (`--tls-key`); set exactly when `tlsCert` is.
    public var tlsKey: String?
    /// Reverse proxies whose forwarding headers count (`--trusted-proxy`), as given.
    public var trustedProxies: [String] = []
    /// The lowest log priority written.
    public var logLevel: LogPriority
    /// HTTP worker threads, 1–64.
    public var threads: Int
    /// Most simultaneous HTTP connections.
    public var maxConnections: Int
    /// Largest request body, bytes.
    public var maxBody: Int
    /// Largest body of an upload route (tagged `upload`), bytes.
    public var maxUpload: Int = 32 << 20
    /// Seed curated recipes and the first food week on an empty database.
    public var seedRecipes: Bool
    /// The config file that was read, or nil when none was.
    public var configFile: String?
    /// Household time of the nightly backup.
    public var backupTime: BackupSchedule = .standard
    /// Backup generations kept (daily, then weekly).
    public var backupRetention = BackupRetention()
    /// Outbound fetches (recipe import) may reach loopback/private addresses.
    public var allowPrivateFetch: Bool = false
    /// Reminder hour and quiet hours of the proposal and reminder notices.
    public var noticeHours = NoticeHours()
    /// Seconds added to the system clock (`FORGE_TEST_CLOCK_OFFSET`, tests
    /// only, needs dev sign-in); 0 in production.
    public var clockOffset: TimeInterval = 0

    /// The clock forged reads "now" from: the system clock, moved by
    /// ``clockOffset`` when a test set one.
    public var clock: any Clock {
        clockOffset == 0 ? SystemClock() : OffsetClock(offset: clockOffset)
    }

    /// The listen addresses parsed (the strings are validated, so this
    /// cannot fail for loaded settings; invalid entries are skipped).
    public var listenAddresses: [ListenAddress] {
        listen.compactMap { try? ListenAddress(parsing: $0) }
    }

    /// Settings with the documented defaults, except that nothing is read
    /// from the environment; `baseURL` nil derives it from the first listen
    /// address. For tests.
    public init(
        listen: [String] = ["[::]:8080"], stateDir: String = "/var/lib/forge",
        runtimeDir: String = "/run/forge", timezone: TimeZone = TimeZone(identifier: "UTC")!,
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
