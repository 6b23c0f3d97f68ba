import ForgeAPI
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// `forged user add|list|passwd`: manage the household's seats directly in
/// the database (safe while the daemon runs: SQLite serialises writers).
struct UserCommands {
    let settings: Settings
    let command: ParsedCommand

    func run() throws -> Int32 {
        if command.path == ["user", "add"] { return try add() }
        // Only `user add` may create the state directory and database; list
        // and passwd on a missing database say so instead of creating one.
        if !StateDirectory.databaseExists(settings.stateDir) {
            throw ConfigError(
                setting: "state-dir", message: "no database here (forge.sqlite3); is this the right --state-dir?",
                value: settings.stateDir)
        }
        let db = try StateDirectory.open(settings.stateDir, clock: settings.clock)
        defer { db.close() }
        let app = ForgeApp(db: db, config: settings.appConfiguration, clock: settings.clock)
        try app.prepare()
        switch command.path {
        case ["user", "list"]:
            let users = try db.read { try HouseholdStore.allUsers($0) }
            if users.isEmpty { print("no members yet (add one with forged user add)") }
            for u in users {
                print("\(u.email)\t\(u.name)\t\(u.role)\t\(u.hasPassword ? "password set" : "no password")")
            }
            return 0
        case ["user", "passwd"]:
            guard let email = command.positionals.first else { throw usage("user passwd EMAIL") }
            guard let user = try db.read({ try HouseholdStore.user(email: email, in: $0) }) else {
                Forged.printError("forged: no such user: \(email)")
                return 1
            }
            let password = try readPassword(confirm: true)
            let hash = try PasswordHasher(cost: settings.appConfiguration.passwordCost).hash(password)
            try db.write { c in
                try HouseholdStore.setPasswordHash(hash, userID: user.id, in: c)
                try HouseholdStore.revokeSessions(userID: user.id, in: c)
            }
            print("password changed for \(user.email); existing sign-ins were revoked")
            return 0
        default:
            throw usage(command.path.joined(separator: " "))
        }
    }

    /// `forged user add`: everything the command is given is checked, and the password read, before the
    /// state directory is touched; a run that fails after creating the database (a refused email, a full
    /// household) removes what it created, so a typo leaves no half-made household behind.
    func add() throws -> Int32 {
        guard let email = command.positionals.first else { throw usage("user add EMAIL --name NAME") }
        guard let name = command.flags["name"]?.last, !name.isEmpty else { throw usage("user add EMAIL --name NAME") }
        let unit = try command.loadUnit()
        guard HouseholdStore.isValidEmail(HouseholdStore.normaliseEmail(email)) else {
            Forged.printError("forged: \(UserError.invalidEmail)")
            return 1
        }
        let password = try readPassword(confirm: true)
        let hash = try PasswordHasher(cost: settings.appConfiguration.passwordCost).hash(password)
        let fm = FileManager.default
        let dirExisted = fm.fileExists(atPath: settings.stateDir)
        let before = Set((try? fm.contentsOfDirectory(atPath: settings.stateDir)) ?? [])
        let made = !StateDirectory.databaseExists(settings.stateDir)
        var status: Int32 = 1
        defer {
            if status != 0, made {
                if !dirExisted {
                    try? fm.removeItem(atPath: settings.stateDir)
                } else {
                    for file in (try? fm.contentsOfDirectory(atPath: settings.stateDir)) ?? []
                    where !before.contains(file) {
                        try? fm.removeItem(atPath: (settings.stateDir as NSString).appendingPathComponent(file))
                    }
                }
            }
        }
        let db = try StateDirectory.open(settings.stateDir, clock: settings.clock)
        defer { db.close() }
        try ForgeApp(db: db, config: settings.appConfiguration, clock: settings.clock).prepare()
        do {
            let user = try Membership.add(
                email: email, name: name, passwordHash: hash, unit: unit, now: settings.clock.now(), in: db)
            let stored = try db.read { try HouseholdStore.user(id: user.id, in: $0) }
            let loadUnit = stored?.prefs["unit_load"]?.stringValue ?? "kg"
            print("added \(user.email) (\(user.role)), loads in \(loadUnit)")
            status = 0
            return 0
        } catch let error as UserError {
            Forged.printError("forged: \(error)")
            return 1
        }
    }

    func usage(_ synopsis: String) -> ConfigError {
        ConfigError(setting: "", message: "usage: forged \(synopsis) (see forged help user)")
    }

    /// Reads a password from stdin (`--password-stdin`: the first line) or
    /// from the terminal without echo, asked twice.
    func readPassword(confirm: Bool) throws -> String {
        if command.flags["password-stdin"]?.last == "true" {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw ConfigError(setting: "password-stdin", message: "no password on standard input")
            }
            return line
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw ConfigError(
                setting: "password-stdin",
                message: """
                    a password is needed and there is no terminal to ask for it: run this from a terminal to be \
                    asked (twice, not echoed), or give it on standard input with --password-stdin, e.g. \
                    `printf '%s\\n' \"$PASSWORD\" | forged \(command.path.joined(separator: " ")) ... --password-stdin`
                    """)
        }
        let first = String(cString: getpass("Password: "))
        if confirm {
            let second = String(cString: getpass("Repeat password: "))
            guard first == second else { throw ConfigError(setting: "", message: "passwords do not match") }
        }
        guard !first.isEmpty else { throw ConfigError(setting: "", message: "empty password") }
        return first
    }
}
