import ForgeCore
import ForgeStore
import Foundation

extension OAuthStore {
    /// Inserts a registered MCP client of the original Forge server with its own id (`forged import forge-server`).
    package static func insertMovedClient(
        id: String, name: String, redirectURIsJSON: String, createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            "INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES (?, ?, ?, ?)",
            [id, name, redirectURIsJSON, Instant.storage(createdAt)])
    }

    /// Inserts a grant from the original's access and refresh tokens, stored
    /// hashed as forged stores its own (``hash(_:)``), so the connector's
    /// tokens keep working without a new consent.
    package static func insertMovedGrant(
        id: String, userID: String, clientID: String, accessToken: String, accessExpiresAt: Date,
        refreshToken: String, refreshExpiresAt: Date, createdAt: Date, lastUsedAt: Date?, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO oauth_grants (id, user_id, client_id, access_hash, access_expires_at, refresh_hash,
                                      refresh_expires_at, created_at, last_used_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, userID, clientID, hash(accessToken), Instant.storage(accessExpiresAt), hash(refreshToken),
                Instant.storage(refreshExpiresAt), Instant.storage(createdAt), lastUsedAt.map(Instant.storage),
            ])
    }
}
