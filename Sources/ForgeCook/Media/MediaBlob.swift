import Foundation

/// One stored media blob (docs/contract.md §4.23): immutable bytes with their MIME type.
public struct MediaBlob: Sendable, Equatable {
    /// 32-hex id; also the blob's entity tag, since stored bytes never change.
    public let id: String
    /// The owning user's id for private blobs (meal photos); nil for household
    /// blobs (recipe imagery), readable by every signed-in member.
    public let ownerID: String?
    /// The MIME type sniffed from the bytes (`image/jpeg`, `image/png`, …).
    public let contentType: String
    /// The raw bytes, at most `MediaStore.maxBytes`.
    public let bytes: Data
    /// Where the bytes were fetched from, or "" for uploads and data: URLs.
    public let sourceURL: String

    /// The stored reference clients use: `/api/food/media/<id>`.
    public var path: String { MediaBlob.path(id) }

    /// `/api/food/media/<id>` for `id`.
    public static func path(_ id: String) -> String { "/api/food/media/\(id)" }

    /// True when `userID` may read it: household blobs are readable by every
    /// signed-in user, owned blobs only by their owner.
    public func isReadable(by userID: String) -> Bool { ownerID == nil || ownerID == userID }
}
