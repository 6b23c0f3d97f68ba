import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation

/// `forged display pair|list|revoke`: kitchen displays, directly in the
/// database (safe while the daemon runs).
struct DisplayCommands {
    let settings: Settings
    let command: ParsedCommand

    func run() throws -> Int32 {
        guard StateDirectory.databaseExists(settings.stateDir) else {
            throw ConfigError(setting: "state-dir", message: "no database here (forge.sqlite3); is this the right --state-dir?",
                              value: settings.stateDir)
        }
        let db = try StateDirectory.open(settings.stateDir)
        defer { db.close() }
        try ForgeApp(db: db, config: settings.appConfiguration).prepare()
        switch command.path {
        case ["display", "pair"]:
            let name = (command.flags["name"]?.last ?? "").trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.count <= 60 else {
                throw ConfigError(setting: "name", message: "1 to 60 characters", value: name)
            }
            let (id, code) = try db.write { try DisplayStore.create(name: name, now: Date(), in: $0) }
            print("Pairing code for \"\(name)\": \(code)  (valid for 10 minutes, once)")
            print("On the display, open \(settings.baseURL)/kitchen/pair and type the code.")
            print("display id: \(id)")
            return 0
        case ["display", "list"]:
            let displays = try db.read { try DisplayStore.all(in: $0) }
            if displays.isEmpty { print("no displays (pair one with forged display pair --name Kitchen)") }
            for d in displays {
                let when = d.pairedAt.map { "paired \(Instant.wire($0))" } ?? d.codeExpiresAt.map { "code expires \(Instant.wire($0))" } ?? ""
                print("\(d.id)\t\(d.name)\t\(d.status)\t\(when)")
            }
            return 0
        default:
            let target = command.positionals.first ?? ""
            let names = try db.write { try DisplayStore.revoke(target, now: Date(), in: $0) }
            guard !names.isEmpty else {
                Forged.printError("forged: no such display: \(target) (see forged display list)")
                return 1
            }
            print("revoked \(names.joined(separator: ", "))")
            return 0
        }
    }
}
