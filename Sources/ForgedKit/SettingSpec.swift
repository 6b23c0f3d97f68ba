import ForgeCore

/// The description of one setting: its single name as a flag (`--NAME`), as
/// an environment variable and config-file line (``env``), plus what the help
/// and the README table print. ``all`` is the one list the loader, the
/// command-line parser, `forged help` and ``markdownTable()`` read.
package struct SettingSpec: Sendable, Equatable {
    /// The flag name without dashes (`state-dir`).
    package let name: String
    /// The environment variable and config-file name (`FORGE_STATE_DIR`).
    package let env: String
    /// Placeholder for the value in help (`DIR`, `HOST:PORT`); empty for booleans.
    package let valueName: String
    /// One or two sentences for `forged help`.
    package let help: String
    /// The default as people read it (`[::]:8080`, `$STATE_DIRECTORY, else /var/lib/forge`).
    package let defaultDescription: String
    /// Repeatable flag; comma-separated in the environment and the file.
    package let isList: Bool
    /// `true`/`false`/`1`/`0`/`yes`/`no`/`on`/`off`; a bare flag means true.
    package let isBool: Bool
    /// Whether the config file may set it (false only for `config` itself).
    package let inFile: Bool
    /// Earlier names of this setting (flag names; their `FORGE_*` forms too),
    /// still read, each use logging a deprecation warning.
    package let deprecatedNames: [String]

    /// A setting named `name` (the flag without dashes; its variable is ``envName(for:)``); see the properties.
    package init(
        name: String, valueName: String, help: String, defaultDescription: String,
        isList: Bool = false, isBool: Bool = false, inFile: Bool = true, deprecatedNames: [String] = []
    ) {
        self.name = name
        self.env = Self.envName(for: name)
        self.valueName = valueName
        self.help = help
        self.defaultDescription = defaultDescription
        self.isList = isList
        self.isBool = isBool
        self.inFile = inFile
        self.deprecatedNames = deprecatedNames
    }

    /// The setting that `name` is a deprecated name of, if any.
    package static func replacement(forDeprecated name: String) -> SettingSpec? {
        all.first { $0.deprecatedNames.contains(name) }
    }

    /// Logs that `old` (a flag name, or a variable when `variable`) is deprecated.
    static func warnDeprecated(_ old: String, by spec: SettingSpec, variable: Bool = false) {
        let (was, now) = variable ? (envName(for: old), spec.env) : ("--" + old, "--" + spec.name)
        Log.warning("\(was) is deprecated (its name said the opposite of what it sets); use \(now)")
    }

    /// `state-dir` → `FORGE_STATE_DIR`.
    package static func envName(for name: String) -> String {
        "FORGE_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// The setting variable closest to a mistyped `variable`
    /// (`FORGE_BACKUP_TIEM` → `FORGE_BACKUP_TIME`): the one at the smallest
    /// Levenshtein distance, when that distance is at most 3; else nil.
    package static func nearestName(to variable: String) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var previous = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var current = [i + 1]
                for (j, y) in b.enumerated() {
                    current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
                }
                previous = current
            }
            return previous[b.count]
        }
        let typed = Array(variable)
        let best = all.filter(\.inFile).map { ($0.env, distance(typed, Array($0.env))) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 3 else { return nil }
        return best.0
    }

    /// The spec named `name`, if any.
    package static func named(_ name: String) -> SettingSpec? { all.first { $0.name == name } }

    /// The settings, one per flag, in `forged help` order; each one's `help` is its documentation
    /// (the man page and `forged help` print it).
    package static let config = SettingSpec(
        name: "config", valueName: "FILE",
        help: "Config file of FORGE_NAME=value lines (systemd EnvironmentFile syntax). "
            + "Must exist when given; /dev/null reads nothing.",
        defaultDescription: "/etc/forge/forged.conf when it exists", inFile: false)
    package static let listen = SettingSpec(
        name: "listen", valueName: "HOST:PORT",
        help:
            "Address to listen on; repeat for several. IPv6 in brackets; [::] takes IPv4 too; port 0 picks a free port.",
        defaultDescription: "[::]:8080", isList: true)
    package static let stateDir = SettingSpec(
        name: "state-dir", valueName: "DIR",
        help: "Directory for the database (forge.sqlite3) and backups.",
        defaultDescription: "$STATE_DIRECTORY, else /var/lib/forge")
    package static let runtimeDir = SettingSpec(
        name: "runtime-dir", valueName: "DIR",
        help: "Directory for the event socket (events.sock).",
        defaultDescription: "$RUNTIME_DIRECTORY, else /run/forge")
    package static let timezone = SettingSpec(
        name: "timezone", valueName: "ZONE",
        help: "Household time zone (IANA name such as Europe/London); decides \"today\".",
        defaultDescription: "the system zone (/etc/localtime), else UTC")
    package static let allowedUsers = SettingSpec(
        name: "allowed-users", valueName: "EMAIL:NAME",
        help: "Household members to create when there are no users yet (at most two); the first becomes admin.",
        defaultDescription: "none", isList: true)
    package static let devAuth = SettingSpec(
        name: "dev-auth", valueName: "",
        help: "Enable the password-less dev sign-in (/auth/dev). For demos and tests only.",
        defaultDescription: "false", isBool: true)
    package static let baseURL = SettingSpec(
        name: "base-url", valueName: "URL",
        help: "Public http(s) origin of the server; used for self-links, the same-origin check and Secure cookies.",
        defaultDescription:
            "http://HOST:PORT of the first --listen ([::] and 0.0.0.0 become localhost); https:// with --tls-cert")
    package static let tlsCert = SettingSpec(
        name: "tls-cert", valueName: "FILE",
        help: "Serve HTTPS with this PEM certificate (then any intermediates); needs --tls-key. "
            + "Re-read on SIGHUP (systemctl reload forged), so a renewal needs no restart.",
        defaultDescription: "none (plain HTTP)")
    package static let tlsKey = SettingSpec(
        name: "tls-key", valueName: "FILE",
        help: "The PEM private key of --tls-cert (unencrypted; readable by the service user only).",
        defaultDescription: "none")
    package static let trustedProxy = SettingSpec(
        name: "trusted-proxy", valueName: "CIDR",
        help: "A reverse proxy (address or network, IPv4 or IPv6) whose X-Forwarded-For and X-Forwarded-Proto "
            + "are believed; repeat for several. From other peers those headers are ignored.",
        defaultDescription: "none", isList: true)
    package static let logLevel = SettingSpec(
        name: "log-level", valueName: "LEVEL",
        help: "Lowest priority logged: debug, info, notice, warning or error.",
        defaultDescription: "info")
    package static let threads = SettingSpec(
        name: "threads", valueName: "N",
        help: "HTTP worker threads, 1 to 64.",
        defaultDescription: "4")
    package static let maxConnections = SettingSpec(
        name: "max-connections", valueName: "N",
        help: "Most simultaneous HTTP connections, 1 to 65536; one client address may hold a quarter of them.",
        defaultDescription: "1024")
    package static let maxBody = SettingSpec(
        name: "max-body", valueName: "BYTES",
        help: "Largest request body in bytes (suffix K, M or G for KiB, MiB, GiB).",
        defaultDescription: "1048576 (1 MiB)")
    package static let maxUpload = SettingSpec(
        name: "max-upload", valueName: "BYTES",
        help: "Largest body for the upload routes (/ingest, GPX/TCX import, meal logs with a photo, recipe pages), "
            + "same suffixes as --max-body.",
        defaultDescription: "33554432 (32 MiB)")
    package static let maxImport = SettingSpec(
        name: "max-import", valueName: "BYTES",
        help: "Largest file POST /api/import accepts (streamed to disk, never held in memory), "
            + "same suffixes as --max-body.",
        defaultDescription: "4294967296 (4 GiB)")
    package static let seedRecipes = SettingSpec(
        name: "seed-recipes", valueName: "",
        help: "Seed the curated recipes and the first household food week on an empty database.",
        defaultDescription: "true", isBool: true)
    package static let allowPrivateFetch = SettingSpec(
        name: "allow-private-fetch", valueName: "",
        help: "Let recipe import fetch pages and images from loopback, link-local and private addresses.",
        defaultDescription: "false", isBool: true)

    package static let backupTime = SettingSpec(
        name: "backup-time", valueName: "HH:MM",
        help: "Household time of the nightly backup into <state-dir>/backups (24-hour clock).",
        defaultDescription: "03:30")
    package static let backupKeepDaily = SettingSpec(
        name: "backup-keep-daily", valueName: "N",
        help: "Backups kept: the newest of each of the last N days that have one (and always the 3 newest), 1 to 366.",
        defaultDescription: "7")
    package static let backupKeepWeekly = SettingSpec(
        name: "backup-keep-weekly", valueName: "N",
        help: "Backups kept beyond the daily ones: the newest of each of the last N ISO weeks, 0 to 520.",
        defaultDescription: "4")

    package static let backupCopyTo = SettingSpec(
        name: "backup-copy-to", valueName: "DEST",
        help: "After each verified backup, an encrypted copy goes to DEST too: a directory (a mounted NAS share "
            + "or USB disk) or rclone:REMOTE:PATH (rclone with --backup-rclone-config).",
        defaultDescription: "none", isList: true)
    package static let backupCopyRequireMount = SettingSpec(
        name: "backup-copy-require-mount", valueName: "",
        help: "A directory destination must be a mounted filesystem; if it is not, the copy fails "
            + "instead of landing on the disk beneath the mount point.",
        defaultDescription: "false", isBool: true)
    package static let backupKey = SettingSpec(
        name: "backup-key", valueName: "FILE",
        help: "The key that encrypts the copies (mode 0600; created by the package, or by serve when a "
            + "destination is set and it is missing). Keep its recovery code elsewhere: forged backup key show.",
        defaultDescription: "/etc/forge/backup.key")
    package static let backupRcloneConfig = SettingSpec(
        name: "backup-rclone-config", valueName: "FILE",
        help: "rclone's config file for rclone: destinations (readable by the service only).",
        defaultDescription: "/etc/forge/rclone.conf")

    package static let reminderHour = SettingSpec(
        name: "reminder-hour", valueName: "H",
        help: "Household hour (0 to 23) from which planned-day reminders go out on the event socket.",
        defaultDescription: "16")
    package static let quietHoursStart = SettingSpec(
        name: "quiet-hours-start", valueName: "H",
        help: "Household hour (0 to 24) at which quiet hours begin: proposal and reminder notices wait "
            + "until they end (cook timers always ring). Formerly --quiet-end.",
        defaultDescription: "21", deprecatedNames: ["quiet-end"])
    package static let quietHoursEnd = SettingSpec(
        name: "quiet-hours-end", valueName: "H",
        help: "Household hour (0 to 23) at which quiet hours end and held notices go out. Formerly --quiet-start.",
        defaultDescription: "8", deprecatedNames: ["quiet-start"])

    /// Every setting, in help and table order.
    package static let all: [SettingSpec] = [
        config, listen, stateDir, runtimeDir, timezone, baseURL, tlsCert, tlsKey, trustedProxy, allowedUsers, devAuth,
        seedRecipes, logLevel, threads, maxConnections, maxBody, maxUpload, maxImport,
        backupTime, backupKeepDaily, backupKeepWeekly, backupCopyTo, backupCopyRequireMount, backupKey,
        backupRcloneConfig, allowPrivateFetch, reminderHour, quietHoursStart, quietHoursEnd,
    ]
}
