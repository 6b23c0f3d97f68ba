import Foundation

/// One stored media blob (docs/contract.md §4.23): immutable bytes with their MIME type.
package struct MediaBlob: Sendable, Equatable {
    /// 32-hex id; also the blob's entity tag, since stored bytes never change.
    package let id: String
    /// The owning user's id for private blobs (meal photos); nil for household
    /// blobs (recipe imagery), readable by every signed-in member.
    package let ownerID: String?
    /// The MIME type sniffed from the bytes (`image/jpeg`, `image/png`, …).
    package let contentType: String
    /// The raw bytes, at most `MediaStore.maxBytes`.
    package let bytes: Data
    /// Where the bytes were fetched from, or "" for uploads and data: URLs.
    package let sourceURL: String

    /// The stored reference clients use: `/api/food/media/<id>`.
    package var path: String { MediaBlob.path(id) }

    /// `/api/food/media/<id>` for `id`.
    package static func path(_ id: String) -> String { "/api/food/media/\(id)" }

    /// True when `userID` may read it: household blobs are readable by every
    /// signed-in user, owned blobs only by their owner.
    package func isReadable(by userID: String) -> Bool { ownerID == nil || ownerID == userID }
}
