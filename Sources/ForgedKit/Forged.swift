import ForgeCore
import ForgeSystemd
import Foundation

/// The `forged` command line: parses arguments, loads settings and runs one
/// command. Exit statuses are ``ExitStatus``: 0 success, 1 runtime failure,
/// 2 usage or configuration error, 65 a damaged database, 74 a full disk,
/// 75 a state directory in use. Every such failure is one ``FatalError``
/// line at error priority (journal with `MESSAGE_ID=`, `<3>` on other
/// non-terminals, plain on a terminal) naming the file and the fix.
package enum Forged {
    /// Runs the command line in `arguments` (without argv[0]) and returns the exit status.
    package static func main(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Int32
    {
        if arguments.first == BenchFillCommand.name {
            return BenchFillCommand.run(Array(arguments.dropFirst()), environment: environment)
        }
        Journal.installIfConnected(environment: environment)
        let parsed: ParsedCommand
        do {
            parsed = try CLI.parse(arguments)
        } catch {
            FatalError.configuration(error).log()
            return ConfigError.exitStatus
        }
        switch parsed.path {
        case []:
            print(CLI.helpText(for: []) ?? "")
            return 2
        case let path where CLI.isGroup(path):
            print(CLI.helpText(for: path) ?? "")
            return 2
        case let path where path.first == "help":
            print(CLI.helpText(for: Array(path.dropFirst())) ?? "")
            return 0
        case ["version"]:
            print("forged \(BuildInfo.version) (build \(BuildInfo.stamp))")
            return 0
        case ["food", "weigh"]:
            return FoodCommands(command: parsed).weigh()
        default:
            break
        }
        let settings: Settings
        do {
            settings = try SettingsLoader.load(flags: parsed.flags, environment: environment)
        } catch {
            let fatal = FatalError.configuration(error)
            if parsed.path == ["serve"] {
                // Under socket activation a typo is answered, not exited on (CannotServe).
                let signals = SignalQueue([SIGTERM, SIGINT, SIGHUP])
                let sockets = ActivatedSockets(SocketActivation.take())
                if CannotServe.applies(to: fatal, socketActivated: !sockets.http.isEmpty) {
                    // The configuration is what is wrong: the default worker count, and plain HTTP
                    // (a certificate named by the broken configuration is not trusted to load).
                    return CannotServe(fatal: fatal).run(
                        sockets: sockets, signals: signals, threads: SettingsLoader.defaultThreads)
                }
            }
            fatal.log()
            return ConfigError.exitStatus
        }
        Log.setMinimum(settings.logLevel)
        do {
            switch parsed.path {
            case ["serve"]:
                return try ServeCommand(settings: settings, flags: parsed.flags, environment: environment).run()
            case ["check"]:
                return CheckCommand(settings: settings).run()
            case ["backup"], ["backup", "list"], ["restore"], ["export"], ["backup", "key", "show"],
                ["backup", "key", "import"]:
                return try BackupCommands(settings: settings, command: parsed).run()
            case ["user", "add"], ["user", "list"], ["user", "passwd"]:
                return try UserCommands(settings: settings, command: parsed).run()
            case ["library", "import-free-exercise-db"]:
                return try LibraryCommands(settings: settings, command: parsed).run()
            case ["exercise", "merge"]:
                return try ExerciseCommands(settings: settings, command: parsed).run()
            case ["import"], ["import", "list"], ["import", "undo"]:
                return try ImportCommands(settings: settings, command: parsed).run()
            case ["display", "pair"], ["display", "list"], ["display", "revoke"]:
                return try DisplayCommands(settings: settings, command: parsed).run()
            case ["notify", "tail"], ["notify", "desktop"]:
                return try NotifyCommands(settings: settings, command: parsed).run()
            default:
                printError("forged: unknown command \"\(parsed.path.joined(separator: " "))\" (see forged help)")
                return 2
            }
        } catch {
            let fatal = FatalError.classify(error, stateDir: settings.stateDir)
            fatal.log()
            return fatal.status
        }
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }
}
