import ForgeAPI
import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// `forged display pair|list|revoke`: kitchen displays, directly in the
/// database (safe while the daemon runs).
struct DisplayCommands {
    let settings: Settings
    let command: ParsedCommand

    func run() throws -> Int32 {
        let db = try StateDirectory.openPrepared(settings)
        defer { db.close() }
        switch command.path {
        case ["display", "pair"]:
            let name = (command.flags["name"]?.last ?? "").trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.count <= 60 else {
                throw ConfigError(setting: "name", message: "1 to 60 characters", value: name)
            }
            let created: (id: String, code: String)
            do {
                created = try db.write { try DisplayStore.create(name: name, now: settings.clock.now(), in: $0) }
            } catch let refusal as DisplayStore.Refusal {
                Forged.printError("forged: \(refusal)")
                return 1
            }
            let (id, code) = created
            print("Pairing code for \"\(name)\": \(code)  (valid for 10 minutes, once)")
            print("On the display, open \(Self.pairingURL(settings)) and type the code.")
            print("display id: \(id)")
            return 0
        case ["display", "list"]:
            let displays = try db.read { try DisplayStore.all(in: $0) }
            if displays.isEmpty { print("no displays (pair one with forged display pair --name Kitchen)") }
            for d in displays {
                let when =
                    d.pairedAt.map { "paired \(Instant.wire($0))" } ?? d.codeExpiresAt.map {
                        "code expires \(Instant.wire($0))"
                    } ?? ""
                print("\(d.id)\t\(d.name)\t\(d.status)\t\(when)")
            }
            return 0
        default:
            let target = command.positionals.first ?? ""
            let names: [String]
            do { names = try db.write { try DisplayStore.revoke(target, now: settings.clock.now(), in: $0) } } catch let
                refusal as DisplayStore.Refusal
            {
                Forged.printError("forged: \(refusal)")
                return 1
            }
            guard !names.isEmpty else {
                Forged.printError("forged: no such display: \(target) (see forged display list)")
                return 1
            }
            print("revoked \(names.joined(separator: ", "))")
            return 0
        }
    }

    /// The pairing page as the server serves it: the base URL from the same
    /// settings as `serve` (`--base-url`, else the first `--listen`
    /// address, `https://` with `--tls-cert`); a wildcard listen address
    /// (`[::]`, `0.0.0.0`) names this machine's host name instead of
    /// `localhost`, which a tablet cannot reach.
    static func pairingURL(_ settings: Settings) -> String {
        var base = settings.baseURL
        if let first = settings.listenAddresses.first, first.isWildcard,
            base == first.derivedBaseURL(scheme: settings.tlsCert == nil ? "http" : "https")
        {
            var name = [CChar](repeating: 0, count: 256)
            if gethostname(&name, name.count) == 0,
                let host = String(validating: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                !host.isEmpty
            {
                base = base.replacingOccurrences(of: "//localhost", with: "//" + host)
            }
        }
        return base + "/kitchen/pair"
    }
}
