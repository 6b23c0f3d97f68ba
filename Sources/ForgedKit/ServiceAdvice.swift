import Foundation

/// What to tell a person who stopped forged to run a command that needs the
/// state directory to itself (`forged import forge-server`, `forged restore`):
/// the `systemctl` lines only where they apply, that is when the packaged unit
/// is installed (`forged.service` in one of systemd's unit directories) and
/// the state directory is the unit's (`FORGE_STATE_DIR` of its environment
/// file, else `/var/lib/forge`, `StateDirectory=forge`); otherwise
/// `forged serve` with the same state directory.
struct ServiceAdvice: Equatable {
    /// systemd's system unit directories (systemd.unit(5)), where the package puts `forged.service`.
    static let unitDirectories = ["/etc/systemd/system", "/usr/lib/systemd/system", "/lib/systemd/system"]
    /// Starts forged again after a fix while it answers 503s (``CannotServe``), is stopped, or
    /// waits to be restarted; its `Wants=` starts both sockets too.
    static let restart = "systemctl restart forged"
    /// ``restart`` for a forged that exited: first clears the failed state a start limit leaves on the
    /// unit and its sockets (harmless when nothing failed), so the command works as typed.
    static let restartAfterLimit =
        "systemctl reset-failed forged.service forged.socket forged-events.socket; systemctl restart forged"
    /// The unit's state directory when its environment file sets none (systemd/forged.service).
    static let packagedStateDir = "/var/lib/forge"
    /// The unit's `EnvironmentFile=`, which may move the state directory.
    static let unitEnvironmentFile = "/etc/forge/forged.conf"

    /// The state directory is the installed unit's: advise `systemctl`.
    let underSystemd: Bool
    /// The command that starts forged on this state directory off systemd (`forged serve --state-dir …`).
    let serveCommand: String
    /// What every follow-up `forged` command needs to reach the same state directory: ` --state-dir DIR`
    /// when it is not the packaged one, and ` --config FILE` when a config file other than the unit's
    /// was read; empty otherwise. Appended to printed commands (`forged user passwd EMAIL`, `forged import undo ID`).
    let flags: String
    /// The state directory, absolute and resolved.
    let stateDir: String

    /// - Parameters:
    ///   - stateDir: the command's state directory (relative to the working directory, or absolute).
    ///   - configFile: the config file the command read; named in the `forged serve` line unless it is the unit's.
    ///   - unitDirectories, environmentFile: where to look (tests pass temporary ones).
    init(
        stateDir: String, configFile: String?, unitDirectories: [String] = Self.unitDirectories,
        environmentFile: String = Self.unitEnvironmentFile
    ) {
        let here = Self.resolved(stateDir)
        self.stateDir = here
        let installed = unitDirectories.contains {
            FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("forged.service"))
        }
        underSystemd = installed && here == Self.resolved(Self.unitStateDir(environmentFile))
        let config = configFile.flatMap { $0 == environmentFile ? nil : " --config \(Self.quoted($0))" } ?? ""
        serveCommand = "forged serve --state-dir \(Self.quoted(here))" + config
        flags = (here == Self.resolved(Self.packagedStateDir) ? "" : " --state-dir \(Self.quoted(here))") + config
    }

    /// The follow-up flags (``flags``) of the settings a command ran with.
    static func flags(_ settings: Settings) -> String {
        ServiceAdvice(stateDir: settings.stateDir, configFile: settings.configFile).flags
    }

    /// After the command: how to start forged again; off systemd a second line names `--runtime-dir` and
    /// `--listen` for a forged started beside another one (a rehearsal, README "Moving from forge-server").
    var start: String {
        underSystemd
            ? "start the service again: \(Self.restartAfterLimit)"
            : "start forged again: \(serveCommand)\n"
                + "  (beside another forged, or when /run/forge is not yours, add --runtime-dir DIR --listen ADDRESS:PORT, "
                + "e.g. --runtime-dir \(Self.quoted(stateDir + "/run")) --listen 127.0.0.1:8081)"
    }

    /// When another forged holds the state directory: what to stop first.
    var stop: String {
        underSystemd
            ? "stop forged.socket, forged-events.socket and forged.service first "
                + "(systemctl stop forged.socket forged-events.socket forged.service)"
            : "stop the forged serve that uses it first"
    }

    /// The unit's state directory: `FORGE_STATE_DIR` in its environment file when set, else the packaged one.
    static func unitStateDir(_ environmentFile: String) -> String {
        guard let data = FileManager.default.contents(atPath: environmentFile),
            let text = String(data: data, encoding: .utf8),
            let entries = try? EnvironmentFile.parse(text, path: environmentFile),
            let set = entries.last(where: { $0.name == SettingSpec.stateDir.env }), !set.value.isEmpty
        else { return packagedStateDir }
        return set.value
    }

    /// `path` absolute, `.`/`..` and symbolic links resolved, so two spellings of one directory compare equal.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A path as a shell reads it back: as it is when it holds only safe characters, else in single quotes.
    static func quoted(_ path: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@,=")
        if !path.isEmpty, path.unicodeScalars.allSatisfy(safe.contains) { return path }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
