import ForgeStore
import Foundation

/// The recipe importers' image store: household blobs in the `media` table
/// (docs/contract.md §4.23). An image already fetched from the same URL for the
/// household is reused rather than stored twice.
package struct MediaImageSink: ImageSink {
    let db: Database
    let now: @Sendable () -> Date

    /// A sink storing into `db`, each blob stamped `now()` (forged's clock).
    package init(db: Database, now: @escaping @Sendable () -> Date) {
        self.db = db
        self.now = now
    }

    /// Stores `bytes` (or finds the household blob already fetched from `sourceURL`).
    /// - Returns: the blob's path (`/api/food/media/<id>`).
    package func store(bytes: Data, contentType: String, sourceURL: String) throws -> String {
        try db.write { c in
            if let existing = try MediaStore.find(sourceURL: sourceURL, owner: nil, in: c) {
                return existing.path
            }
            let id = try MediaStore.save(
                bytes, contentType: contentType, owner: nil, sourceURL: sourceURL,
                now: now(), in: c)
            return MediaBlob.path(id)
        }
    }
}
