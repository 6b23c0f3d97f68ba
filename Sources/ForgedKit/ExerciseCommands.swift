import ForgeAPI
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// `forged exercise merge FROM INTO`: folds an exercise an import made into
/// another library exercise (``ExerciseMerge``), moving its sets and
/// recomputing records. Safe while the daemon runs (one write transaction;
/// the daemon's library cache notices the change).
struct ExerciseCommands {
    let settings: Settings
    let command: ParsedCommand

    func run() throws -> Int32 {
        guard command.positionals.count == 2 else {
            throw ConfigError(setting: "", message: "forged exercise merge: needs FROM and INTO (two slugs)")
        }
        let db = try StateDirectory.openPrepared(settings)
        defer { db.close() }
        do {
            let merged = try ExerciseMerge.merge(
                command.positionals[0], into: command.positionals[1], now: settings.clock.now(), in: db)
            print(
                "merged \(merged.from) into \(merged.into): moved \(Plural.count(merged.sets, "sets")), "
                    + "recomputed the records of \(Plural.count(merged.members, "members"))")
            return 0
        } catch let error as ExerciseMergeError {
            Forged.printError("forged exercise merge: \(error)")
            return 1
        }
    }
}
