import ForgeCore
import Foundation

/// `SIGHUP` handling for `forged serve` (`systemctl reload forged`): re-reads
/// the config file and applies what can change while running.
///
/// Live on reload: `log-level`, and the TLS certificate and key files are
/// read again (by `ServeCommand`; a bad new pair keeps the old one). Every other setting (`listen`, `state-dir`,
/// `runtime-dir`, `timezone`, `base-url`, `allowed-users`, `dev-auth`,
/// `seed-recipes`, `threads`, `max-connections`, `max-body`) needs a restart:
/// a change is logged at warning priority naming the setting, and the running
/// value stays. A config file that no longer loads is logged at error priority
/// and the running configuration stays whole. Connections are never dropped.
///
/// Precedence stays flag > environment > file, with one correction: under
/// systemd the unit's `EnvironmentFile=/etc/forge/forged.conf` copied the
/// file's lines into the environment at start, and those copies would hide
/// every edit. An environment variable whose value equals what the file said
/// at start is therefore treated as coming from the file.
struct ConfigReload {
    let flags: [String: [String]]
    let environment: [String: String]
    /// The config file's entries as read at start (empty when there was none).
    let startupFile: [String: String]
    private(set) var current: Settings

    init(settings: Settings, flags: [String: [String]], environment: [String: String]) {
        self.flags = flags
        self.environment = environment
        self.current = settings
        self.startupFile =
            (try? settings.configFile.map { try SettingsLoader.readConfig($0).mapValues(\.value) } ?? [:]) ?? [:]
    }

    /// The environment for reloading: start-time copies of file lines removed.
    var reloadEnvironment: [String: String] {
        environment.filter { name, value in startupFile[name] != value }
    }

    /// The outcome of one reload.
    struct Outcome: Equatable {
        /// Settings applied now (`log-level`).
        var applied: [String] = []
        /// Settings that changed but wait for a restart.
        var needRestart: [String] = []
        /// Why the file could not be loaded; nothing changed then.
        var failure: String?
    }

    /// Loads the configuration again, applies the live settings, and
    /// reports what changed. `defaultConfigPath` is for tests.
    mutating func reload(defaultConfigPath: String = "/etc/forge/forged.conf") -> Outcome {
        let fresh: Settings
        do {
            fresh = try SettingsLoader.load(
                flags: flags, environment: reloadEnvironment, defaultConfigPath: defaultConfigPath)
        } catch {
            return Outcome(failure: error.line)
        }
        var outcome = Outcome()
        if fresh.logLevel != current.logLevel {
            Log.setMinimum(fresh.logLevel)
            current.logLevel = fresh.logLevel
            outcome.applied.append(SettingSpec.logLevel.name)
        }
        let restartOnly: [(SettingSpec, (Settings) -> String)] = [
            (.listen, { $0.listen.joined(separator: ",") }),
            (.stateDir, \.stateDir), (.runtimeDir, \.runtimeDir), (.timezone, \.timezoneName),
            (.baseURL, \.baseURL),
            (.tlsCert, { $0.tlsCert ?? "" }), (.tlsKey, { $0.tlsKey ?? "" }),
            (.trustedProxy, { $0.trustedProxies.joined(separator: ",") }),
            (.allowedUsers, { $0.allowedUsers.map { "\($0.email):\($0.name)" }.joined(separator: ",") }),
            (.devAuth, { "\($0.devAuth)" }), (.seedRecipes, { "\($0.seedRecipes)" }),
            (.threads, { "\($0.threads)" }), (.maxConnections, { "\($0.maxConnections)" }),
            (.maxBody, { "\($0.maxBody)" }),
            (.backupCopyTo, { $0.backupCopyTo.map(\.description).joined(separator: ",") }),
            (.backupCopyRequireMount, { "\($0.backupCopyRequireMount)" }), (.backupKey, \.backupKey),
            (.backupRcloneConfig, \.backupRcloneConfig),
        ]
        for (spec, value) in restartOnly where value(fresh) != value(current) {
            outcome.needRestart.append(spec.name)
        }
        return outcome
    }
}
