import ForgeAPI
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// Resolves ``Settings`` from flags, the environment and the config file.
///
/// Each setting has one name in three places (``SettingSpec``): the flag
/// `--foo-bar`, the variable `FORGE_FOO_BAR`, and a `FORGE_FOO_BAR=value`
/// line in the config file. Precedence: flag > environment > file > default.
/// A list setting takes repeated flags (each may also hold commas) and is
/// comma-separated in the environment and the file; a flag list replaces the
/// environment's, it does not merge. An empty value in the environment or the
/// file counts as unset. Other `FORGE_*` variables in the environment are
/// ignored; an unknown `FORGE_*` line in the file is an error (likely a typo);
/// other names in the file are ignored (the unit may use them).
///
/// Loading only reads: it never creates the state or runtime directory or
/// anything else on disk.
package enum SettingsLoader {
    /// HTTP worker threads when `--threads` is not set.
    static let defaultThreads = 4

    /// Loads and validates every setting.
    /// - Parameters:
    ///   - flags: ``ParsedCommand/flags``: flag name without dashes → values
    ///     in command-line order (`["true"]` for a bare boolean flag). Keys
    ///     that are not settings (`name`, `password-stdin`) are ignored.
    ///   - environment: the process environment (`ProcessInfo.processInfo.environment`).
    ///   - defaultConfigPath: read when neither `--config` nor `FORGE_CONFIG`
    ///     is given and it exists.
    /// - Throws: ``ConfigError`` naming the setting: a bad value, an explicit
    ///   config file that does not exist or cannot be read, a malformed file.
    package static func load(
        flags: [String: [String]], environment: [String: String],
        defaultConfigPath: String = "/etc/forge/forged.conf"
    ) throws(ConfigError) -> Settings {
        let configFile = try configPath(flags: flags, environment: environment, defaultPath: defaultConfigPath)
        let file = try configFile.map { path throws(ConfigError) in try readConfig(path) } ?? [:]
        let sources = Sources(flags: flags, environment: environment, file: file, filePath: configFile ?? "")

        let listen = try sources.list(.listen) ?? [.init(text: "[::]:8080", origin: nil)]
        var addresses: [ListenAddress] = []
        for item in listen {
            do { addresses.append(try ListenAddress(parsing: item.text)) } catch {
                throw ConfigError(setting: "listen", message: error.message, value: item.text, origin: item.origin)
            }
        }
        guard let first = addresses.first else {
            throw ConfigError(setting: "listen", message: "at least one address is needed")
        }

        let stateDir =
            try sources.path(.stateDir)
            ?? systemdDirectory(environment["STATE_DIRECTORY"]) ?? "/var/lib/forge"
        let runtimeDir =
            try sources.path(.runtimeDir)
            ?? systemdDirectory(environment["RUNTIME_DIRECTORY"]) ?? "/run/forge"

        var zone = HouseholdCalendar.systemZone()
        if let v = try sources.scalar(.timezone) {
            guard let z = HouseholdCalendar.zone(named: v.text) else { throw v.invalid(.timezone, "unknown time zone") }
            zone = z
        }

        var users: [AllowedUser] = []
        for item in try sources.list(.allowedUsers) ?? [] {
            let (user, why) = SettingValues.allowedUser(item.text)
            guard let user else { throw item.invalid(.allowedUsers, why) }
            guard !users.contains(where: { $0.email.lowercased() == user.email.lowercased() }) else {
                throw item.invalid(.allowedUsers, "email listed twice")
            }
            users.append(user)
        }
        guard users.count <= 2 else {
            throw ConfigError(setting: "allowed-users", message: "at most two household members (got \(users.count))")
        }

        let tlsCert = try sources.path(.tlsCert)
        let tlsKey = try sources.path(.tlsKey)
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ConfigError(
                setting: tlsCert == nil ? "tls-cert" : "tls-key",
                message: "--tls-cert and --tls-key go together; give both or neither")
        }
        var proxies: [String] = []
        for item in try sources.list(.trustedProxy) ?? [] {
            guard TrustedProxies.Network(item.text) != nil else {
                throw item.invalid(.trustedProxy, "expected an IP address or network (192.168.1.0/24, fd00::/8)")
            }
            proxies.append(item.text)
        }
        var baseURL = tlsCert == nil ? first.derivedBaseURL : first.derivedBaseURL(scheme: "https")
        if let v = try sources.scalar(.baseURL) {
            let (url, why) = SettingValues.baseURL(v.text)
            guard let url else { throw v.invalid(.baseURL, why) }
            baseURL = url
        }

        var level = LogPriority.info
        if let v = try sources.scalar(.logLevel) {
            guard let l = SettingValues.logLevel(v.text) else {
                throw v.invalid(.logLevel, "expected debug, info, notice, warning or error")
            }
            level = l
        }

        var settings = Settings(
            listen: listen.map(\.text), stateDir: stateDir, runtimeDir: runtimeDir, timezone: zone,
            allowedUsers: users, devAuth: try sources.bool(.devAuth) ?? false, baseURL: baseURL,
            logLevel: level,
            threads: try sources.int(.threads, in: 1...64) ?? defaultThreads,
            maxConnections: try sources.int(.maxConnections, in: 1...65536) ?? 1024,
            maxBody: try sources.int(.maxBody, in: 1...(1 << 30), allowSuffix: true) ?? 1_048_576,
            seedRecipes: try sources.bool(.seedRecipes) ?? true,
            configFile: configFile)
        settings.timezoneName = zone.identifier
        settings.baseURLSet = try sources.scalar(.baseURL) != nil
        settings.tlsCert = tlsCert
        settings.tlsKey = tlsKey
        settings.trustedProxies = proxies
        if let v = try sources.scalar(.backupTime) {
            guard let time = BackupSchedule(v.text) else { throw v.invalid(.backupTime, "expected HH:MM (24-hour)") }
            settings.backupTime = time
        }
        settings.backupRetention = BackupRetention(
            daily: try sources.int(.backupKeepDaily, in: 1...366) ?? 7,
            weekly: try sources.int(.backupKeepWeekly, in: 0...520) ?? 4)
        for item in try sources.list(.backupCopyTo) ?? [] {
            guard let destination = try? BackupDestination(item.text) else {
                throw item.invalid(.backupCopyTo, "expected an absolute directory or rclone:REMOTE:PATH")
            }
            settings.backupCopyTo.append(destination)
        }
        settings.backupCopyRequireMount = try sources.bool(.backupCopyRequireMount) ?? false
        if let key = try sources.path(.backupKey) { settings.backupKey = key }
        if let config = try sources.path(.backupRcloneConfig) { settings.backupRcloneConfig = config }
        settings.allowPrivateFetch = try sources.bool(.allowPrivateFetch) ?? false
        settings.maxUpload = try sources.int(.maxUpload, in: 1...(1 << 30), allowSuffix: true) ?? 32 << 20
        settings.maxImport = try sources.int(.maxImport, in: 1...(1 << 40), allowSuffix: true) ?? 4 << 30
        settings.noticeHours = NoticeHours(
            reminderHour: try sources.int(.reminderHour, in: 0...23) ?? 16,
            quietStart: try sources.int(.quietHoursEnd, in: 0...23) ?? 8,
            quietEnd: try sources.int(.quietHoursStart, in: 0...24) ?? 21)
        settings.clockOffset = try testClockOffset(environment, devAuth: settings.devAuth)
        return settings
    }

    /// The variable that moves forged's clock, for tests and benches only.
    package static let testClockOffsetVariable = "FORGE_TEST_CLOCK_OFFSET"
    /// Largest test clock offset either way, seconds (366 days).
    static let testClockOffsetLimit = 366.0 * 86_400

    /// `FORGE_TEST_CLOCK_OFFSET`: seconds (a signed decimal, at most 366 days
    /// either way) added to every "now" forged reads through its ``Clock``
    /// (``OffsetClock``), so a test can stand a real server at household
    /// 23:59:50. Environment only (never a flag or a config-file line) and
    /// refused unless dev sign-in is on, so a production server can never
    /// run on a moved clock. Unset or empty: 0.
    /// - Throws: ``ConfigError`` for `test-clock-offset` when it is set
    ///   without dev sign-in, or is not a number within the limit.
    static func testClockOffset(_ environment: [String: String], devAuth: Bool) throws(ConfigError) -> TimeInterval {
        guard let text = environment[testClockOffsetVariable], !text.isEmpty else { return 0 }
        let value = RawValue(text: text, origin: testClockOffsetVariable)
        guard devAuth else {
            throw ConfigError(
                setting: "test-clock-offset",
                message: "moves the server's clock for tests only; refused unless --dev-auth is on",
                value: text, origin: testClockOffsetVariable)
        }
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite,
            abs(seconds) <= testClockOffsetLimit
        else {
            throw ConfigError(
                setting: "test-clock-offset", message: "expected seconds, at most 366 days either way",
                value: value.text, origin: value.origin)
        }
        return seconds
    }

    /// The config file to read: `--config`, else `FORGE_CONFIG`, else the
    /// default path when it exists. An explicit path must exist.
    static func configPath(
        flags: [String: [String]], environment: [String: String],
        defaultPath: String
    ) throws(ConfigError) -> String? {
        var explicit: RawValue?
        if let v = flags["config"]?.last {
            explicit = RawValue(text: v, origin: nil)
        } else if let v = environment["FORGE_CONFIG"], !v.isEmpty {
            explicit = RawValue(text: v, origin: "FORGE_CONFIG")
        }
        if let explicit {
            var isDirectory: ObjCBool = false
            guard !explicit.text.isEmpty else { throw explicit.invalid(.config, "empty path") }
            guard FileManager.default.fileExists(atPath: explicit.text, isDirectory: &isDirectory) else {
                throw explicit.invalid(.config, "no such file")
            }
            guard !isDirectory.boolValue else { throw explicit.invalid(.config, "is a directory") }
            return explicit.text
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: defaultPath, isDirectory: &isDirectory), !isDirectory.boolValue {
            return defaultPath
        }
        return nil
    }

    /// Reads and parses the config file into `NAME → (value, line)`.
    static func readConfig(_ path: String) throws(ConfigError) -> [String: EnvironmentFile.Entry] {
        // Plain read(2) rather than FileManager.contents(atPath:), which answers
        // nil for character devices such as /dev/null.
        guard let data = readWholeFile(path) else {
            throw ConfigError(setting: "config", message: "cannot read the file", value: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(setting: "config", message: "the file is not UTF-8 text", value: path)
        }
        var result: [String: EnvironmentFile.Entry] = [:]
        for entry in try EnvironmentFile.parse(text, path: path) where entry.name.hasPrefix("FORGE_") {
            guard
                let spec = SettingSpec.all.first(where: {
                    $0.env == entry.name || $0.deprecatedNames.map(SettingSpec.envName(for:)).contains(entry.name)
                })
            else {
                let hint = SettingSpec.nearestName(to: entry.name).map { " (did you mean \($0)?)" } ?? ""
                throw ConfigError(
                    setting: "config", message: "unknown setting \(entry.name)\(hint)", origin: "\(path):\(entry.line)")
            }
            guard spec.inFile else {
                throw ConfigError(
                    setting: "config", message: "\(entry.name) cannot be set in the config file",
                    origin: "\(path):\(entry.line)")
            }
            result[entry.name] = entry
        }
        return result
    }

    /// The first path of a systemd `*_DIRECTORY` variable (it may list
    /// several, colon-separated); nil when unset or empty.
    static func systemdDirectory(_ value: String?) -> String? {
        guard let first = value?.split(separator: ":").first, !first.isEmpty else { return nil }
        return String(first)
    }
}

/// One raw value and where it came from (nil origin: a flag).
struct RawValue {
    let text: String
    let origin: String?

    func invalid(_ spec: SettingSpec, _ why: String) -> ConfigError {
        ConfigError(setting: spec.name, message: why, value: text, origin: origin)
    }
}

/// The three sources, consulted in precedence order.
private struct Sources {
    let flags: [String: [String]]
    let environment: [String: String]
    let file: [String: EnvironmentFile.Entry]
    let filePath: String

    /// The winning scalar: the last flag, else a non-empty variable, else a
    /// non-empty file line.
    func scalar(_ spec: SettingSpec) throws(ConfigError) -> RawValue? {
        if let v = flags[spec.name]?.last { return RawValue(text: v, origin: nil) }
        if let v = environment[spec.env], !v.isEmpty { return RawValue(text: v, origin: origin(spec.env, v)) }
        for old in spec.deprecatedNames {
            let env = SettingSpec.envName(for: old)
            if let v = environment[env], !v.isEmpty {
                SettingSpec.warnDeprecated(old, by: spec, variable: true)
                return RawValue(text: v, origin: env)
            }
            if file[spec.env] == nil, let e = file[env], !e.value.isEmpty {
                SettingSpec.warnDeprecated(old, by: spec, variable: true)
                return RawValue(text: e.value, origin: "\(filePath):\(e.line)")
            }
        }
        if let e = file[spec.env], !e.value.isEmpty {
            return RawValue(text: e.value, origin: "\(filePath):\(e.line)")
        }
        return nil
    }

    /// The winning list, comma-split and trimmed, empty items dropped.
    func list(_ spec: SettingSpec) throws(ConfigError) -> [RawValue]? {
        func split(_ s: String, _ origin: String?) -> [RawValue] {
            s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.map { RawValue(text: $0, origin: origin) }
        }
        if let vs = flags[spec.name], !vs.isEmpty { return vs.flatMap { split($0, nil) } }
        if let v = environment[spec.env], !v.isEmpty { return split(v, origin(spec.env, v)) }
        if let e = file[spec.env], !e.value.isEmpty { return split(e.value, "\(filePath):\(e.line)") }
        return nil
    }

    /// Where the environment's `value` of `variable` came from: the config
    /// file's line when the file holds the same value (the unit's
    /// `EnvironmentFile=` loads that file into the environment too, and the
    /// operator must be sent to the line, not the variable), else the variable.
    func origin(_ variable: String, _ value: String) -> String {
        if let e = file[variable], e.value == value { return "\(filePath):\(e.line)" }
        return variable
    }

    func path(_ spec: SettingSpec) throws(ConfigError) -> String? {
        guard let v = try scalar(spec) else { return nil }
        guard !v.text.isEmpty else { throw v.invalid(spec, "empty path") }
        return v.text
    }

    func bool(_ spec: SettingSpec) throws(ConfigError) -> Bool? {
        guard let v = try scalar(spec) else { return nil }
        guard let b = SettingValues.bool(v.text) else { throw v.invalid(spec, "expected true or false") }
        return b
    }

    func int(_ spec: SettingSpec, in range: ClosedRange<Int>, allowSuffix: Bool = false) throws(ConfigError) -> Int? {
        guard let v = try scalar(spec) else { return nil }
        guard let n = SettingValues.int(v.text, in: range, allowSuffix: allowSuffix) else {
            throw v.invalid(spec, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}

/// The bytes of the file at `path` read with open(2)/read(2), or nil when it
/// cannot be opened or read. Works for character devices (`/dev/null`).
func readWholeFile(_ path: String) -> Data? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n == 0 { return data }
        if n < 0 {
            if errno == EINTR { continue }
            return nil
        }
        data.append(buffer, count: n)
    }
}
