import ForgeCore
import ForgeStore
import Foundation

/// Media blobs in the database (docs/contract.md §4.23, DESIGN "Storage"): recipe heroes,
/// gallery and step images (no owner, household-visible) and meal photos
/// (owned by the logging user, private). Blobs are immutable and never deduplicated.
///
/// ```swift
/// let id = try db.write { try MediaStore.save(bytes, contentType: "image/jpeg", owner: nil,
///                                             sourceURL: url, now: app.clock.now(), in: $0) }
/// let blob = try db.read { try MediaStore.find(id, in: $0) }   // MediaBlob?
/// ```
package enum MediaStore {
    /// Size cap of one blob: 3 MiB = 3 145 728 bytes (docs/contract.md §4.23).
    package static let maxBytes = 3 * 1024 * 1024

    /// Checks `bytes` as `save` does, without storing anything.
    /// - Returns: the MIME type sniffed from the bytes (stored instead of the declared one,
    ///   so `image/jpg` or a mislabelled PNG is served with its true type).
    /// - Throws: `MediaError.empty`, `.tooLarge`, `.notImageType` (declared type not
    ///   `image/*`, parameters such as `; charset=` ignored), `.notAnImage` (no image signature).
    package static func validate(_ bytes: Data, contentType: String) throws -> String {
        guard !bytes.isEmpty else { throw MediaError.empty }
        guard bytes.count <= maxBytes else { throw MediaError.tooLarge(bytes.count) }
        let declared =
            contentType.split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        guard declared.hasPrefix("image/") else { throw MediaError.notImageType(contentType) }
        guard let sniffed = ImageSniffer.mimeType(of: bytes) else { throw MediaError.notAnImage }
        return sniffed
    }

    /// Stores one blob. Call inside `Database.write`.
    /// - Parameters:
    ///   - bytes: the image, 1 byte to 3 MiB.
    ///   - contentType: the declared MIME type; must be `image/*` and the bytes must match an image signature.
    ///   - owner: the owning user id (meal photos), or nil for household imagery.
    ///   - sourceURL: where it was fetched from ("" for data: URLs and uploads).
    ///   - now: forged's clock's time (`ForgeApp.clock`), stored as `created_at`.
    /// - Returns: the new blob id (32 hex); the reference is `MediaBlob.path(id)`.
    /// - Throws: `MediaError` (nothing stored), or `DatabaseError`.
    @discardableResult
    package static func save(
        _ bytes: Data, contentType: String, owner: String?, sourceURL: String = "",
        now: Date, in db: Connection
    ) throws -> String {
        let type = try validate(bytes, contentType: contentType)
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO media (id, owner_id, content_type, size, bytes, source_url, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [id, owner, type, bytes.count, bytes, sourceURL, Instant.storage(now)])
        return id
    }

    /// The blob with `id`, or nil (also nil for a malformed id).
    package static func find(_ id: String, in db: Connection) throws -> MediaBlob? {
        guard Identifier.isValid(id) else { return nil }
        return try db.queryOne("SELECT * FROM media WHERE id = ?", [id]).map(blob)
    }

    /// The oldest blob fetched from `sourceURL` with exactly this owner (nil = household),
    /// for reuse instead of a second fetch (docs/contract.md §4.23).
    package static func find(sourceURL: String, owner: String?, in db: Connection) throws -> MediaBlob? {
        guard !sourceURL.isEmpty else { return nil }
        return try db.queryOne(
            """
            SELECT * FROM media WHERE source_url = ? AND owner_id IS ? ORDER BY created_at, rowid LIMIT 1
            """, [sourceURL, owner]
        ).map(blob)
    }

    /// Stored metadata without the bytes, for listings and tests.
    package static func count(owner: String?, in db: Connection) throws -> Int {
        try db.scalar("SELECT COUNT(*) FROM media WHERE owner_id IS ?", [owner]) ?? 0
    }

    static func blob(_ row: Row) throws -> MediaBlob {
        MediaBlob(
            id: try row.get("id"), ownerID: try row.optional("owner_id"), contentType: try row.get("content_type"),
            bytes: try row.get("bytes"), sourceURL: try row.get("source_url"))
    }
}
