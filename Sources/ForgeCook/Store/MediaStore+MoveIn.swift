import ForgeCore
import ForgeStore
import Foundation

extension MediaStore {
    /// Stores a media blob of the original Forge server with its own id (`forged
    /// import forge-server`), so `/api/food/media/{id}` links keep working;
    /// `ownerID` nil is household-visible.
    package static func insertKeepingID(
        id: String, ownerID: String?, contentType: String, bytes: [UInt8], sourceURL: String, createdAt: Date,
        in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO media (id, owner_id, content_type, size, bytes, source_url, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [id, ownerID, contentType, bytes.count, Data(bytes), sourceURL, Instant.storage(createdAt)])
    }
}
