import ForgeCook
import ForgeStore
import Foundation

/// The recipe importers' image store: household blobs in the `media` table
/// (docs/contract.md §4.23). An image already fetched from the same URL for the
/// household is reused rather than stored twice.
struct MediaImageSink: ImageSink {
    let db: Database
    let now: @Sendable () -> Date

    func store(bytes: Data, contentType: String, sourceURL: String) throws -> String {
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
