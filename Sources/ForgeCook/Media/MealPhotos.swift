import ForgeStore
import Foundation

/// Meal photos sent with a log (docs/contract.md §3.15 `photos`, §4.23): inline
/// `data:image/…;base64,…` references become blobs owned by the logging
/// user (private to them) and are replaced by `/api/food/media/<id>`.
/// Other non-empty references (media paths, remote URLs) are stored as given;
/// empty strings are dropped.
package enum MealPhotos {
    /// A photo that cannot be stored; the whole log is refused and nothing is written.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// Zero-based position in `photos`.
        package let index: Int
        package let reason: String
        package var description: String { "photo \(index + 1): \(reason)" }
    }

    /// The stored references for `photos`. Call inside the same `Database.write` as the log;
    /// `now` (forged's clock's time) is each new blob's `created_at`.
    /// - Throws: `Failure` for a `data:` reference that is not a strictly base64-encoded
    ///   `image/*`, is over 3 MiB, or whose bytes are not an image.
    package static func materialise(
        _ photos: [String], owner: String, now: Date,
        in db: Connection
    ) throws -> [String] {
        var stored: [String] = []
        for (index, reference) in photos.enumerated() {
            let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            guard text.prefix(5).lowercased() == "data:" else {
                stored.append(text)
                continue
            }
            guard let data = DataURL(text) else {
                throw Failure(index: index, reason: "not a base64 data:image URL")
            }
            do {
                let id = try MediaStore.save(data.bytes, contentType: data.contentType, owner: owner, now: now, in: db)
                stored.append(MediaBlob.path(id))
            } catch let error as MediaError {
                throw Failure(index: index, reason: error.description)
            }
        }
        return stored
    }
}
