import ForgeStore
import Foundation
import Synchronization

/// An in-memory copy of the stored exercise library, so read routes do not
/// decode 65 rows of JSON columns on every request. The cache is keyed by a
/// fingerprint of the table (row count and the media columns, the only
/// things that change after seeding, e.g. when `forged library` imports
/// images from another process), checked with one cheap query per use.
public final class LibraryCache: Sendable {
    private let cached = Mutex<(key: String, entries: [CatalogEntry], library: ExerciseLibrary)?>(nil)

    public init() {}

    /// The stored entries in seed order, from the cache when still current.
    public func entries(in db: Connection) throws -> [CatalogEntry] {
        try current(in: db).entries
    }

    /// The stored library, from the cache when still current.
    public func library(in db: Connection) throws -> ExerciseLibrary {
        try current(in: db).library
    }

    private func current(in db: Connection) throws -> (key: String, entries: [CatalogEntry], library: ExerciseLibrary) {
        let key: String = try db.scalar("""
            SELECT count(*) || '/' || total(length(media_tier)) || '/' || total(length(media_url))
                   || '/' || total(length(benefit)) FROM exercises
            """) ?? ""
        if let hit = cached.withLock({ $0 }), hit.key == key { return hit }
        let entries = try ExerciseCatalog.all(in: db)
        let fresh = (key: key, entries: entries, library: ExerciseLibrary(entries.map(\.exercise)))
        cached.withLock { $0 = fresh }
        return fresh
    }
}
