/// The `forged` command line: the command table and a hand-written parser.
///
/// Grammar: `forged [FLAGS] COMMAND... [ARGS] [FLAGS]`. Flags are
/// `--name value`, `--name=value`, or a bare `--name` for a boolean (which
/// never takes the next argument; `--name=false` turns one off). `--` ends
/// the flags. `-h`/`--help` anywhere asks for the command's help;
/// `--version` before any command is the `version` command.
package enum CLI {
    /// Every command, in help order.
    package static let commands: [CommandSpec] = [
        CommandSpec(
            path: ["serve"], synopsis: "serve [FLAGS]",
            summary: "Run the server (what the systemd unit starts).",
            description: "Runs the Forge server: migrates and seeds the database in the state directory, "
                + "then serves the household HTTP API (training and food) until SIGTERM or SIGINT, when it "
                + "stops accepting, lets in-flight requests finish and exits 0.",
            flags: SettingSpec.all.map(FlagSpec.init(setting:))),
        CommandSpec(
            path: ["user", "add"], synopsis: "user add EMAIL --name NAME [--unit kg|lb] [FLAGS]",
            summary: "Create a household member (the first is admin).",
            description: "Creates a household member who signs in with EMAIL and a password. The first "
                + "user created is the admin; there are at most two members. A password is required: "
                + "without --password-stdin it is asked for twice on the terminal (not echoed); with "
                + "--password-stdin the first line of standard input is the password (for scripts: "
                + "printf '%s\\n' \"$PASSWORD\" | forged user add EMAIL --name NAME --password-stdin). "
                + "--unit says the member's load unit (prefs.unit_load: what their imports, the app and forged's "
                + "own words use); without it, the unit of the household's equipment profile. --timezone is the "
                + "household zone the member's first plan and food week are dated in. A run that fails (a refused "
                + "email, a full household) leaves no state directory or database behind that it created.",
            positionals: ["EMAIL"],
            flags: [nameFlag, memberUnitFlag, passwordStdinFlag] + databaseFlags + [FlagSpec(setting: .timezone)]),
        CommandSpec(
            path: ["user", "list"], synopsis: "user list [FLAGS]",
            summary: "List household members and their roles.",
            description: "Lists the household's users, one per line: email, display name and role.",
            flags: databaseFlags),
        CommandSpec(
            path: ["user", "passwd"], synopsis: "user passwd EMAIL [--password-stdin] [FLAGS]",
            summary: "Set a member's password.",
            description: "Sets a new password for the user with EMAIL and signs them out everywhere. "
                + "Without --password-stdin the password is asked for twice on the terminal.",
            positionals: ["EMAIL"],
            flags: [passwordStdinFlag] + databaseFlags),
        CommandSpec(
            path: ["export"], synopsis: "export --output FILE [FLAGS]",
            summary: "Write the whole household as JSON (no secrets).",
            description: "Writes every member, plan, session, recipe, food week, meal log and media "
                + "reference as one JSON document (the same as GET /api/admin/export; the format is in "
                + "docs/export.md) to FILE, which must not exist. Password and token hashes, sign-in "
                + "sessions, push keys and app settings that may hold API keys are left out and listed "
                + "under \"omitted\". Safe while forged serve runs.",
            flags: [exportOutputFlag] + databaseFlags),
        CommandSpec(
            path: ["backup"], synopsis: "backup [--output FILE] [FLAGS]",
            summary: "Back up the database now (safe while serving).",
            description: "Writes a consistent, integrity-checked copy of the database (VACUUM INTO a "
                + "temporary file, fsync, PRAGMA integrity_check, rename) into <state-dir>/backups as "
                + "forge-YYYYMMDD-HHMMSS.sqlite3 (UTC time) and removes generations beyond "
                + "--backup-keep-daily and --backup-keep-weekly; or, with --output FILE, to FILE, which "
                + "must not exist. Safe while forged serve runs. The attempt is recorded and shows in "
                + "/healthz. With --backup-copy-to, the new backup is then encrypted and copied to each "
                + "destination, read back and verified (as the nightly backup is).",
            flags: [outputFlag] + databaseFlags + [
                FlagSpec(setting: .backupKeepDaily), FlagSpec(setting: .backupKeepWeekly),
                FlagSpec(setting: .timezone),
            ] + copyFlags),
        CommandSpec(
            path: ["backup", "list"], synopsis: "backup list [FLAGS]",
            summary: "List the backups and the last attempts.",
            description: "Lists the backups in <state-dir>/backups, newest first (name, size in bytes, "
                + "time taken in UTC), then the five most recent backup attempts with their result, then each "
                + "copy destination (--backup-copy-to): its last good copy, its age and the last error. The list "
                + "needs only the directory: it works while the database will not open. With --from DEST it "
                + "lists the encrypted copies at DEST instead (a directory or rclone:REMOTE:PATH; on a new "
                + "machine, before a restore), newest first by the time sealed into each (authenticated with "
                + "--backup-key from the copy's first 128 KiB), with its household; copies nothing vouches for "
                + "(renamed, another key, damaged, made before 0.2.0) come last with the reason.",
            flags: [backupFromFlag] + databaseFlags + copyFlags),
        CommandSpec(
            path: ["backup", "key", "show"], synopsis: "backup key show [FLAGS]",
            summary: "Print the backup key's recovery code.",
            description: "Prints the key that encrypts the copies sent off the box (--backup-key) as a "
                + "recovery code: 64 hex digits and a check group, in 17 groups of 4, with its key id. Keep it away from this machine "
                + "(on paper, in a password manager): after losing the machine, the copies can only be restored "
                + "with it (forged backup key import on the new one).",
            flags: [FlagSpec(setting: .backupKey), FlagSpec(setting: .config)]),
        CommandSpec(
            path: ["backup", "key", "import"], synopsis: "backup key import [CODE] [FLAGS]",
            summary: "Put a recovery code back as the backup key.",
            description: "Writes the recovery code CODE (or the first line of standard input) as the backup "
                + "key (--backup-key, mode 0600), so copies made with it can be restored (forged restore --from "
                + "DEST). Run as root, the key is owned by the service user (the owner of --state-dir), as the "
                + "package's postinst writes it, and a warning says when that user still cannot read it. A code "
                + "whose check group (the 17th) does not match is refused, writing nothing: a digit is mistyped "
                + "or two are swapped. A different key already there is kept beside it as FILE.old-KEYID.",
            optionalPositionals: ["CODE"],
            flags: [FlagSpec(setting: .backupKey)] + databaseFlags),
        CommandSpec(
            path: ["restore"], synopsis: "restore FILE | restore --from DEST [NAME] [FLAGS]",
            summary: "Restore a backup (with the server stopped).",
            description: "Checks FILE first (it opens as SQLite, PRAGMA integrity_check is ok, it is a "
                + "forged database and holds no migration newer than this binary), keeps a safety copy "
                + "of the current database as <state-dir>/backups/pre-restore-YYYYMMDD-HHMMSS.sqlite3, "
                + "then puts FILE in place. When the current database will not open (it is damaged), its raw "
                + "bytes are kept beside it as <state-dir>/forge.sqlite3.broken-YYYYMMDDTHHMMSSZ (UTC) instead. "
                + "Refuses while another forged (the service) holds the state directory: stop it and its "
                + "sockets first (systemctl stop forged.socket forged-events.socket forged.service; stopping "
                + "forged.service alone lets the next request start it again), and start them after "
                + "(systemctl restart forged). While the service answers 503 because the database will not open, "
                + "it holds nothing and the restore runs beside it. Nothing is replaced when a check fails. "
                + "With --from DEST it first fetches the copy NAME (default the newest by sealed time) from DEST (a directory or "
                + "rclone:REMOTE:PATH), decrypts it with --backup-key (a copy made with another key is refused, "
                + "naming both key ids) and restores that.",
            optionalPositionals: ["FILE"],
            flags: [backupFromFlag, otherHouseholdFlag] + databaseFlags + copyFlags),
        CommandSpec(
            path: ["check"], synopsis: "check [FLAGS]",
            summary: "Check database, disk, config and backups.",
            description: "Reports, one line each (ok, WARNING or ERROR, with what to do): the configuration "
                + "(an invalid one stops forged with status 2 and its file and line), the state directory's "
                + "permissions, the database's integrity and owner, the free space, the TLS certificate's "
                + "expiry, the last backup's age and whether any member exists. Safe while forged serve runs "
                + "(it only reads). Exits 1 when something needs action now (the database fails its check, "
                + "the state directory is not writable, under 5 % of the disk is free, the certificate is not "
                + "valid); warnings (no backup yet, the last one older than two days, a certificate expiring "
                + "within 14 days, no member yet) exit 0.",
            flags: SettingSpec.all.map(FlagSpec.init(setting:))),
        CommandSpec(
            path: ["library", "import-free-exercise-db"], synopsis: "library import-free-exercise-db DIR [FLAGS]",
            summary: "Import exercise images from free-exercise-db.",
            description: "Reads DIR/exercises.json and DIR/exercises/<id>/*.jpg of a free-exercise-db copy "
                + "(public domain): stores the images of the library's exercises (matched by name) in the "
                + "database, served at /media/exercises/<slug>-0.jpg, and adds the dataset's other strength "
                + "exercises. Safe to rerun.",
            positionals: ["DIR"],
            flags: databaseFlags),
        CommandSpec(
            path: ["food", "weigh"], synopsis: "food weigh [FILE]",
            summary: "Show how ingredient lines are weighed.",
            description: "Reads ingredient lines, one a line, from FILE (or standard input) and prints each "
                + "as forged weighs it for a recipe's macros, tab-separated under a header: the line, its grams "
                + "(empty when it cannot be weighed or is negligible), its kcal, the food it matched (USDA "
                + "SR28's description, or the shipped ingredient reference's row), the match's confidence, "
                + "`estimate` or `negligible` where they apply, and why a line would park a recipe. Uses the "
                + "shipped references, not a household's database. Exits 1 when a line can be neither weighed "
                + "against a food nor called negligible, 66 when FILE cannot be read.",
            optionalPositionals: ["FILE"]),
        CommandSpec(
            path: ["exercise", "merge"], synopsis: "exercise merge FROM INTO [FLAGS]",
            summary: "Fold an imported exercise into another.",
            description: "Folds FROM, a library exercise an import made for a name it could not match, into "
                + "INTO (both slugs, as the import's report lists them): every set of every member logged as FROM "
                + "becomes INTO (numbered after INTO's own sets in a session holding both), the records of both "
                + "are recomputed from history as if logged live, FROM's name becomes another name of INTO "
                + "(so a later export still saying it lands on INTO), and FROM leaves the library. Refused, "
                + "writing nothing, when either slug is unknown, when they are the same, or when FROM is a "
                + "seeded or free-exercise-db exercise. An import that brought the sets can still be undone. "
                + "Safe while forged serve runs.",
            positionals: ["FROM", "INTO"],
            flags: databaseFlags),
        CommandSpec(
            path: ["import"], synopsis: "import KIND [FILE] [--member EMAIL] [--unit kg|lb] [FLAGS]",
            summary: "Import history from another app.",
            description: "Imports FILE, an export of another app, into a member's history: KIND is strong, hevy "
                + "or fitnotes (training logs: one session per workout, a set per row, records recomputed), "
                + "apple-health (the Health app's export.zip or export.xml: body metrics, steps and sleep per day, "
                + "workouts as cardio sessions with heart rate and routes), "
                + "paprika, mealie, tandoor or nextcloud (recipe libraries), or auto to guess from the content "
                + "(the guess is printed). --member says whose history it is (required when the household has "
                + "two members). A file whose header names no load unit (Strong's bare Weight column) is in "
                + "the unit --unit says, never second-guessed; without --unit, in the member's load unit "
                + "(prefs.unit_load), and refused, writing nothing, when its loads clearly show the other unit "
                + "(the refusal names the evidence). Importing the same file again adds nothing; rows with impossible values are "
                + "skipped and listed; a failure midway leaves nothing behind. Shows a progress bar on a "
                + "terminal, then the report. Safe while forged serve runs. "
                + "KIND forge-server moves a whole household from the original Forge server: --from SOURCE is "
                + "its DATABASE_URL as it is (postgresql+psycopg://USER:PASS@HOST:5432/forge or postgresql://...), "
                + "a plain pg_dump file, or its SQLite file (sqlite:///path or the path). It reads and checks the "
                + "whole source first, refuses while forged serve holds the state directory (stop forged.socket, "
                + "forged-events.socket and forged.service first), takes a verified backup, then writes "
                + "everything in one transaction. --dry-run prints the report and writes nothing; a database "
                + "that already holds household data is refused unless --replace is given; a second run from "
                + "the same source says so and changes nothing; one import per member runs at a time, of any "
                + "kind. A bad source writes nothing, and a --state-dir that did not exist is not left behind. "
                + "The report gives per table rows read, carried, kept and skipped by reason; rows forged does "
                + "not carry by design are counted, rows its bounds refuse are listed (a handful per table and "
                + "reason; every skipped row with --verbose, and in <state-dir>/imports/forge-server-ID-skipped.txt "
                + "after an import). It ends with the forged user passwd line for each member. "
                + "Past imports: forged import list shows every import with its ID, state and counts; "
                + "forged import undo ID removes exactly what that import added (see forged help import list "
                + "and forged help import undo).",
            positionals: ["KIND"], optionalPositionals: ["FILE"],
            flags: [memberFlag, unitFlag, fromFlag, dryRunFlag, replaceFlag, verboseFlag] + databaseFlags
                + [FlagSpec(setting: .timezone)]),
        CommandSpec(
            path: ["import", "list"], synopsis: "import list [FLAGS]",
            summary: "List past imports.",
            description: "Lists every import, newest first: id, when, kind, state (done, failed, undone), "
                + "member, what it added, and the file.",
            flags: databaseFlags),
        CommandSpec(
            path: ["import", "undo"], synopsis: "import undo ID [FLAGS]",
            summary: "Undo an import: remove exactly what it added.",
            description: "Removes every session, set and exercise import ID added (and only those) and "
                + "recomputes the member's records from what remains. The file can then be imported again. "
                + "Only a done import is undone: one already undone, still running or failed is refused "
                + "(exit status 1) saying so, and nothing changes.",
            positionals: ["ID"],
            flags: databaseFlags),
        CommandSpec(
            path: ["display", "pair"], synopsis: "display pair --name NAME [FLAGS]",
            summary: "Pair a kitchen display: print a one-time code.",
            description: "Creates a kitchen display called NAME (unique among displays not revoked) and prints "
                + "a one-time code, valid for 10 minutes, and the URL of the pairing page (BASE-URL/kitchen/pair, "
                + "BASE-URL from the same settings as serve; a wildcard LISTEN names this host). Typing the code "
                + "there gives that browser a display session: the food week, recipes and cook timers, nothing else.",
            flags: [displayNameFlag, FlagSpec(setting: .baseURL), FlagSpec(setting: .listen)] + databaseFlags),
        CommandSpec(
            path: ["display", "list"], synopsis: "display list [FLAGS]",
            summary: "List kitchen displays.",
            description: "Lists the kitchen displays, one per line: id, name, status (paired, waiting for "
                + "code, revoked) and when it was last paired.",
            flags: databaseFlags),
        CommandSpec(
            path: ["display", "revoke"], synopsis: "display revoke ID|NAME [FLAGS]",
            summary: "Revoke a kitchen display.",
            description: "Revokes the display with this id (or an id prefix of six or more characters, or "
                + "its name, unique among displays); its browser loses access at once. A prefix or name "
                + "matching more than one display is refused.",
            positionals: ["ID|NAME"],
            flags: databaseFlags),
        CommandSpec(
            path: ["notify", "tail"], synopsis: "notify tail [FLAGS]",
            summary: "Print the event socket's stream.",
            description: "Connects to RUNTIME-DIR/events.sock and prints each event (one JSON object per "
                + "line, a snapshot first) until the daemon closes the socket.",
            flags: [FlagSpec(setting: .runtimeDir), FlagSpec(setting: .config)]),
        CommandSpec(
            path: ["notify", "desktop"], synopsis: "notify desktop [FLAGS]",
            summary: "Forward notifications to the desktop (D-Bus).",
            description: "Reads RUNTIME-DIR/events.sock and shows each notification with "
                + "org.freedesktop.Notifications.Notify on the session bus, one bubble per timer; its Dismiss, "
                + "+1 min, Pause and Resume buttons act on the timer through the socket. Exits 1 when the "
                + "daemon or the bus goes away (the systemd --user service restarts it).",
            flags: [FlagSpec(setting: .runtimeDir), FlagSpec(setting: .config)]),
        CommandSpec(
            path: ["help"], synopsis: "help [COMMAND]",
            summary: "Show help for forged or for one command.",
            description: "Shows how to use forged, or one COMMAND (such as \"user add\"); without "
                + "COMMAND, lists the commands. \"forged COMMAND --help\" does the same as "
                + "\"forged help COMMAND\"."),
        CommandSpec(
            path: ["version"], synopsis: "--version",
            summary: "Print the version and exit.",
            description: "Prints the version of this forged binary and exits."),
    ]

    /// Summaries of command groups (a first word with subcommands).
    package static let groups: [String: String] = [
        "user": "Manage household members: add, list, passwd.",
        "backup": "Back up the database; list backups; show or import the copies' key.",
        "backup key": "Show the key the copies off the box are encrypted with, as a recovery code, or put one back.",
        "library": "Manage the exercise library: import-free-exercise-db.",
        "display": "Manage kitchen displays: pair, list, revoke.",
        "exercise": "Manage the household's exercises: merge.",
        "food": "Read ingredient lines as recipes' macros do: weigh.",
        "import": "Bring history from another app: import KIND FILE, list, undo.",
        "notify": "Read the event socket: tail, desktop.",
    ]

    static let nameFlag = FlagSpec(
        name: "name", valueName: "NAME",
        help: "Display name of the new member.", isRequired: true)
    static let displayNameFlag = FlagSpec(
        name: "name", valueName: "NAME",
        help: "Name of the display (e.g. Kitchen).", isRequired: true)
    static let passwordStdinFlag = FlagSpec(
        name: "password-stdin", valueName: "",
        help: "Read the password from the first line of standard input instead of asking.", isBool: true)
    static let outputFlag = FlagSpec(
        name: "output", valueName: "FILE",
        help: "Write the backup to FILE (which must not exist) instead of the backups directory.")
    static let exportOutputFlag = FlagSpec(
        name: "output", valueName: "FILE",
        help: "Write the export to FILE (which must not exist). Required.")
    static let memberFlag = FlagSpec(
        name: "member", valueName: "EMAIL",
        help: "Whose history the file is (a member's email); needed when the household has two members.")
    static let unitFlag = FlagSpec(
        name: "unit", valueName: "kg|lb",
        help: "The unit of the file's loads where its header names none (Strong's bare Weight column).")
    static let memberUnitFlag = FlagSpec(
        name: "unit", valueName: "kg|lb",
        help: "The member's load unit (default: the household's equipment profile unit).")
    static let fromFlag = FlagSpec(
        name: "from", valueName: "SOURCE",
        help: "Where to read from when the source is not a file (forge-server: a database URL or dump).")
    static let dryRunFlag = FlagSpec(
        name: "dry-run", valueName: "",
        help: "forge-server: read and check the source and print the report; write nothing.", isBool: true)
    static let verboseFlag = FlagSpec(
        name: "verbose", valueName: "",
        help: "forge-server: list every skipped row in the report, not a handful per table and reason.",
        isBool: true)
    static let replaceFlag = FlagSpec(
        name: "replace", valueName: "",
        help: "forge-server: replace a forged database that already holds household data (backed up first).",
        isBool: true)
    static let databaseFlags = [FlagSpec(setting: .stateDir), FlagSpec(setting: .config)]
    static let backupFromFlag = FlagSpec(
        name: "from", valueName: "DEST",
        help: "A copy destination to read from: a directory or rclone:REMOTE:PATH.")
    static let otherHouseholdFlag = FlagSpec(
        name: "other-household", valueName: "",
        help: "restore --from: replace a database that holds another household's data with this copy.",
        isBool: true)
    /// The settings of copies off the box, for the commands that make or read them.
    static let copyFlags = [
        FlagSpec(setting: .backupCopyTo), FlagSpec(setting: .backupCopyRequireMount), FlagSpec(setting: .backupKey),
        FlagSpec(setting: .backupRcloneConfig),
    ]

    /// The command at `path`, nil for a group, the root or an unknown path.
    package static func spec(for path: [String]) -> CommandSpec? { commands.first { $0.path == path } }

    /// True when `path` is a group such as `["user"]`.
    package static func isGroup(_ path: [String]) -> Bool {
        !path.isEmpty && spec(for: path) == nil && commands.contains { $0.path.starts(with: path) }
    }

    /// Every flag of every command by name; a name has the same kind everywhere.
    static let allFlags: [String: FlagSpec] = {
        var result: [String: FlagSpec] = [:]
        for flag in commands.flatMap(\.flags) where result[flag.name] == nil { result[flag.name] = flag }
        return result
    }()

    /// Parses the arguments after the program name
    /// (`Array(CommandLine.arguments.dropFirst())`).
    ///
    /// Checks the command words, the flags against the command, boolean
    /// values (normalised to `"true"`/`"false"`), the number of positionals
    /// and required flags. Setting values themselves are checked by
    /// ``SettingsLoader``. A help request skips every other check.
    /// - Throws: ``ConfigError``: an unknown command (empty setting), an
    ///   unknown flag or one missing its value (named), a bad boolean, a
    ///   missing or extra argument.
    package static func parse(_ args: [String]) throws(ConfigError) -> ParsedCommand {
        var path: [String] = []
        var positionals: [String] = []
        var flags: [(name: String, value: String)] = []
        var wantsHelp = false
        var endOfFlags = false
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if endOfFlags || !arg.hasPrefix("-") || arg == "-" {
                let extendsCommand =
                    positionals.isEmpty && !endOfFlags && (spec(for: path + [arg]) != nil || isGroup(path + [arg]))
                if path.first == "help" || (spec(for: path) == nil && !endOfFlags) || extendsCommand {
                    let next = path + [arg]
                    guard path.first == "help" || spec(for: next) != nil || isGroup(next) else {
                        throw unknownCommand(next)
                    }
                    path = next
                } else {
                    positionals.append(arg)
                }
                continue
            }
            if arg == "--" {
                endOfFlags = true
                continue
            }
            if arg == "-h" || arg == "--help" {
                wantsHelp = true
                continue
            }
            if arg == "--version" && path.isEmpty {
                path = ["version"]
                continue
            }
            guard arg.hasPrefix("--") else {
                throw ConfigError(setting: "", message: "unknown option \(arg) (flags are spelled --name)")
            }
            let body = arg.dropFirst(2)
            var name: String
            var value: String?
            if let eq = body.firstIndex(of: "=") {
                name = String(body[..<eq])
                value = String(body[body.index(after: eq)...])
            } else {
                name = String(body)
            }
            if let current = SettingSpec.replacement(forDeprecated: name) {
                SettingSpec.warnDeprecated(name, by: current)
                name = current.name
            }
            guard let flag = spec(for: path)?.flag(name) ?? allFlags[name] else {
                throw unknownFlag(name, path)
            }
            if flag.isBool {
                let text = value ?? "true"
                guard let b = SettingValues.bool(text) else {
                    throw ConfigError(setting: name, message: "expected true or false", value: text)
                }
                value = b ? "true" : "false"
            } else if value == nil {
                guard i < args.count, !args[i].hasPrefix("--") else {
                    throw ConfigError(setting: name, message: "needs a value (--\(name) \(flag.valueName))")
                }
                value = args[i]
                i += 1
            }
            flags.append((name, value!))
        }

        if wantsHelp {
            let target = path.first == "help" ? Array(path.dropFirst()) : path
            try checkHelpTarget(target)
            return ParsedCommand(path: ["help"] + target)
        }
        var table: [String: [String]] = [:]
        for (name, value) in flags { table[name, default: []].append(value) }
        if path.first == "help" {
            try checkHelpTarget(Array(path.dropFirst()))
            return ParsedCommand(path: path)
        }
        guard let command = spec(for: path) else {
            // Bare `forged` or a group: the caller prints help and exits 2.
            return ParsedCommand(path: path, positionals: positionals, flags: table)
        }
        for (name, _) in flags where command.flag(name) == nil { throw unknownFlag(name, path) }
        let usage = "forged " + command.path.joined(separator: " ")
        if positionals.count < command.positionals.count {
            let missing = command.positionals[positionals.count...].joined(separator: " ")
            throw ConfigError(setting: "", message: "\(usage): missing \(missing) (usage: forged \(command.synopsis))")
        }
        let most = command.positionals.count + command.optionalPositionals.count
        if positionals.count > most {
            throw ConfigError(setting: "", message: "\(usage): unexpected argument \"\(positionals[most])\"")
        }
        for flag in command.flags where flag.isRequired {
            guard let v = table[flag.name]?.last, !v.isEmpty else {
                throw ConfigError(setting: flag.name, message: "required by \"\(usage)\"")
            }
        }
        return ParsedCommand(path: path, positionals: positionals, flags: table)
    }

    static func checkHelpTarget(_ target: [String]) throws(ConfigError) {
        guard target.isEmpty || spec(for: target) != nil || isGroup(target) || argumentCommand(target) != nil else {
            throw unknownCommand(target)
        }
    }

    static func unknownCommand(_ path: [String]) -> ConfigError {
        ConfigError(setting: "", message: "unknown command \"\(path.joined(separator: " "))\" (see forged help)")
    }

    static func unknownFlag(_ name: String, _ path: [String]) -> ConfigError {
        let command = (["forged"] + path).joined(separator: " ")
        return ConfigError(setting: name, message: "unknown flag for \"\(command)\" (see \(command) --help)")
    }
}
