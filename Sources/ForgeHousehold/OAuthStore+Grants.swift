import ForgeCore
import ForgeStore
import Foundation

/// A member's view of their MCP OAuth grants (`GET /api/connections`,
/// `DELETE /api/connections/mcp/{grant_id}`, docs/contract.md §3.11).
extension OAuthStore {
    /// One grant as the connections page lists it.
    package struct GrantSummary {
        /// The grant id (the `grant_id` of the revoke route).
        package let id: String
        /// The client's registered name, nil when the client is gone or never gave one.
        package let clientName: String?
        /// Stored instant the grant was made.
        package let createdAt: String
        /// Stored instant of the last authenticated call, nil before the first.
        package let lastUsedAt: String?
    }

    /// The user's grants, oldest first.
    package static func grants(userID: String, in db: Connection) throws -> [GrantSummary] {
        try db.query(
            """
            SELECT g.id, g.created_at, g.last_used_at, c.client_name FROM oauth_grants g
            LEFT JOIN oauth_clients c ON c.client_id = g.client_id
            WHERE g.user_id = ? ORDER BY g.created_at, g.id
            """, [userID]
        ).map { row in
            GrantSummary(
                id: try row.get("id"), clientName: try row.optional("client_name"),
                createdAt: try row.get("created_at"), lastUsedAt: try row.optional("last_used_at"))
        }
    }

    /// Deletes the user's grant `id` (its tokens die with it).
    /// - Returns: false when the user has no such grant.
    package static func revokeGrant(id: String, userID: String, in db: Connection) throws -> Bool {
        try db.execute("DELETE FROM oauth_grants WHERE id = ? AND user_id = ?", [id, userID])
        return db.changes > 0
    }
}
