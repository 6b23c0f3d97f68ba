import ForgeAPI
import ForgeCore
import Foundation

/// `forged bench-fill --state-dir DIR [--recipes N]`: a hidden command for
/// benches (bench/scale.sh), not in `forged help` or the man page. Migrates
/// and seeds DIR, then adds three years of a two-member household
/// (``HeavyHousehold``) in one transaction and prints the row counts.
/// Run it with the server stopped, on a state directory made for benching.
enum BenchFillCommand {
    static let name = "bench-fill"

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        var flags: [String: [String]] = [:]
        var recipes = 1_000
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard flag.hasPrefix("--"), let value = rest.popFirst() else {
                Forged.printError("usage: forged bench-fill --state-dir DIR [--recipes N]")
                return ConfigError.exitStatus
            }
            if flag == "--recipes", let n = Int(value), n >= 0 {
                recipes = n
            } else {
                flags[String(flag.dropFirst(2))] = [value]
            }
        }
        do {
            let settings = try SettingsLoader.load(flags: flags, environment: environment)
            let db = try StateDirectory.open(settings.stateDir, clock: settings.clock)
            defer { db.close() }
            let app = ForgeApp(db: db, config: settings.appConfiguration, clock: settings.clock)
            try app.prepare()
            var household = HeavyHousehold(
                today: app.today, now: app.clock.now(), calendar: app.calendar, recipes: recipes)
            let s = try db.write { try household.fill(in: $0) }
            try db.checkpoint()
            print(
                "added \(s.recipes) recipes, \(s.sessions) strength sessions (\(s.sets) sets), \(s.runs) runs with traces, "
                    + "\(s.mealLogs) meal logs, \(s.metrics) metrics")
            return 0
        } catch let error as ConfigError {
            Forged.printError(error.line)
            return ConfigError.exitStatus
        } catch {
            Forged.printError("forged bench-fill: \(error)")
            return 1
        }
    }
}
