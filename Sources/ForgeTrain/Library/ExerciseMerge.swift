import ForgeCore
import ForgeStore
import Foundation

/// Why an exercise merge was refused (nothing was written).
package enum ExerciseMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No library exercise has this slug.
    case unknown(String)
    /// FROM and INTO are the same exercise.
    case same(String)
    /// FROM is not one an import made: seeded and free-exercise-db exercises
    /// stay (plans and the seed refer to them).
    case notImported(String)

    package var description: String {
        switch self {
        case .unknown(let slug): "no library exercise \"\(slug)\""
        case .same(let slug): "cannot merge \"\(slug)\" into itself"
        case .notImported(let slug):
            "\"\(slug)\" is not an exercise an import made; only those can be merged into another"
        }
    }
}

/// What a merge did.
package struct ExerciseMerged: Sendable, Equatable {
    package let from: String
    package let into: String
    /// Sets moved (all members).
    package let sets: Int
    /// Members whose records were recomputed.
    package let members: Int
}

/// `forged exercise merge FROM INTO` (issue 24): folds a library exercise an
/// import made (a name that matched nothing) into another, in one write: its
/// sets of every member move to INTO (``SetStore/move(slug:into:in:)``; the
/// `lift_day_best` triggers follow each set), both lifts' records are
/// recomputed from history as if logged live
/// (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)``), FROM's name and
/// aliases become aliases of INTO (so a later export that says the old name
/// lands on INTO), and FROM leaves the library. An import that brought those
/// sets can still be undone: its sessions go, and INTO's records are rebuilt.
package enum ExerciseMerge {
    /// Merges `from` into `into`.
    /// - Parameter now: the stamp of rewritten records.
    /// - Throws: ``ExerciseMergeError`` (nothing written); storage errors.
    package static func merge(_ from: String, into: String, now: Date, in database: Database) throws
        -> ExerciseMerged
    {
        try database.write { db in
            guard from != into else { throw ExerciseMergeError.same(from) }
            guard let source = try ExerciseCatalog.find(from, in: db) else { throw ExerciseMergeError.unknown(from) }
            guard try ExerciseCatalog.find(into, in: db) != nil else { throw ExerciseMergeError.unknown(into) }
            guard try ExerciseCatalog.origin(from, in: db) == "import" else {
                throw ExerciseMergeError.notImported(from)
            }
            let holders = try RecordStore.holders(of: from, in: db)
            let moved = try SetStore.move(slug: from, into: into, in: db)
            let members = holders.union(moved.userIDs)
            for userID in members.sorted() {
                try RecordStore.rebuild(userID: userID, slugs: [from, into], now: now, dayBests: false, in: db)
            }
            try ExerciseCatalog.remove(from, aliasesTo: into, in: db)
            try ExerciseCatalog.addAlias(source.exercise.name, for: into, in: db)
            try ExerciseCatalog.addAlias(from, for: into, in: db)
            return ExerciseMerged(from: from, into: into, sets: moved.sets, members: members.count)
        }
    }
}
