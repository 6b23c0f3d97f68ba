import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// What a member reads of their training past and the library (docs/contract.md §3.4-§3.6,
/// §3.9 labs; issue 42): session history, records, lab panels, and exercises. Each call is one
/// transaction.
package enum TrainingRecords {
    /// The member's sessions, newest trained day first, `limit` from `offset`; starred ones only
    /// when `favoritesOnly`.
    package static func history(
        userID: String, limit: Int, offset: Int, favoritesOnly: Bool, in database: Database
    ) throws -> [StoredSession] {
        try database.read { db in
            try ProgressQueries.history(
                userID: userID, limit: limit, offset: offset, favoritesOnly: favoritesOnly, in: db)
        }
    }

    /// The member's records by slug (``RecordRow/rows(_:of:library:)``): values in kilograms,
    /// each `detail` in `user`'s load unit for the lift, named from the library.
    package static func records(of user: User, library: LibraryCache, in database: Database) throws -> [RecordRow] {
        try database.read { db in
            RecordRow.rows(try RecordStore.all(userID: user.id, in: db), of: user, library: try library.library(in: db))
        }
    }

    /// The member's lab panels, oldest drawn first.
    package static func labPanels(userID: String, in database: Database) throws -> [LabPanel] {
        try database.read { db in try LabStore.all(userID: userID, in: db) }
    }

    /// Stores a lab panel drawn on `drawnOn` from `source` (`manual` unless given).
    /// - Returns: the panel's id.
    package static func addLabPanel(
        userID: String, drawnOn: LocalDate, source: String?, results: [LabResult], now: Date, in database: Database
    ) throws -> String {
        try database.write { db in
            try LabStore.add(
                userID: userID, drawnOn: drawnOn, source: source ?? "manual", results: results, now: now, in: db)
        }
    }

    /// The library's exercises whose name contains `query` (case-insensitive; empty for all),
    /// sorted by name, then slug.
    package static func exercises(matching query: String, library: LibraryCache, in database: Database) throws
        -> [CatalogEntry]
    {
        let q = query.lowercased()
        return try database.read { db in try library.entries(in: db) }
            .filter { q.isEmpty || $0.exercise.name.lowercased().contains(q) }
            .sorted { ($0.exercise.name, $0.exercise.slug) < ($1.exercise.name, $1.exercise.slug) }
    }

    /// Image `index` (0 start, 1 end) of exercise `slug`, as stored.
    /// - Throws: ``TrainingRecordsError/imageNotFound``; storage errors.
    package static func exerciseImage(slug: String, index: Int, in database: Database) throws -> (
        mime: String, data: Data
    ) {
        guard let media = try database.read({ db in try ExerciseMediaStore.get(slug: slug, index: index, in: db) })
        else { throw TrainingRecordsError.imageNotFound }
        return media
    }

    /// The library's exercise `slug`.
    /// - Throws: ``TrainingRecordsError/exerciseNotFound``; storage errors.
    package static func exercise(_ slug: String, in database: Database) throws -> CatalogEntry {
        guard let entry = try database.read({ db in try ExerciseCatalog.find(slug, in: db) }) else {
            throw TrainingRecordsError.exerciseNotFound
        }
        return entry
    }
}

/// Why a training read found nothing.
package enum TrainingRecordsError: Error, Sendable, Equatable {
    /// No exercise with that slug in the library.
    case exerciseNotFound
    /// No stored image with that slug and index.
    case imageNotFound
}
