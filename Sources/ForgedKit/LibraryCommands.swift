import ForgeAPI
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// `forged library import-free-exercise-db DIR`: exercise images and extra
/// strength exercises from a free-exercise-db copy, in one transaction
/// (safe while the daemon runs: SQLite serialises writers, and the daemon's
/// library cache notices the change).
struct LibraryCommands {
    let settings: Settings
    let command: ParsedCommand

    func run() throws -> Int32 {
        guard let dir = command.positionals.first else {
            throw ConfigError(setting: "", message: "forged library import-free-exercise-db: missing DIR")
        }
        let directory = URL(fileURLWithPath: dir)
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("exercises.json").path) else {
            Forged.printError("forged: \(dir)/exercises.json not found (is DIR a free-exercise-db copy?)")
            return 1
        }
        let db = try StateDirectory.open(settings.stateDir, clock: settings.clock)
        defer { db.close() }
        try ForgeApp(db: db, config: settings.appConfiguration, clock: settings.clock).prepare()
        let summary = try db.write { try ExerciseImport.run(directory: directory, in: $0) }
        print(
            "matched \(Plural.count(summary.matched, "library exercises")), "
                + "stored \(Plural.count(summary.images, "images")), added \(Plural.count(summary.added, "exercises"))")
        return 0
    }
}
