import ForgeStore
import Foundation
import Synchronization

/// An in-memory copy of the stored exercise library, so read routes do not
/// decode the table's JSON columns on every request.
///
/// The copy records the database ``Generation`` it was read at (the
/// connection's, taken before its read transaction began) and is current
/// only while that generation is: any committed write, in this process or
/// another (`forged library import-free-exercise-db`), makes the next use
/// read the table again. Inside a write transaction (generation `.closed`)
/// the table is read and nothing is kept. One copy at most.
package final class LibraryCache: Sendable {
    private let cached = Mutex<(generation: Generation, entries: [CatalogEntry], library: ExerciseLibrary)?>(nil)

    package init() {}

    /// The stored entries in seed order, from the cache when still current.
    package func entries(in db: Connection) throws -> [CatalogEntry] {
        try current(in: db).entries
    }

    /// The stored library, from the cache when still current.
    package func library(in db: Connection) throws -> ExerciseLibrary {
        try current(in: db).library
    }

    /// The stored library, in a read transaction of its own (the library's rows are read only when
    /// the cache is stale).
    package func library(in database: Database) throws -> ExerciseLibrary {
        try database.read { db in try library(in: db) }
    }

    private func current(in db: Connection) throws -> (
        generation: Generation, entries: [CatalogEntry], library: ExerciseLibrary
    ) {
        let generation = db.generation
        if generation != .closed, let hit = cached.withLock({ $0 }), hit.generation == generation { return hit }
        let entries = try ExerciseCatalog.all(in: db)
        let fresh = (generation: generation, entries: entries, library: ExerciseLibrary(entries.map(\.exercise)))
        if generation != .closed { cached.withLock { $0 = fresh } }
        return fresh
    }
}
