import ForgeCore
import ForgeStore
import Foundation

/// Per-user ingest/MCP bearer tokens (API.md §1.7): `fg_` + 32 base64url
/// characters (24 random bytes). Stored in full because the contract reveals
/// the current token (`GET /api/connections/token`); the database file is
/// readable by the service user only.
public enum IngestTokens {
    /// Creates the user's token, or replaces its value (resetting `samples`
    /// and `last_push`), and returns the full token.
    @discardableResult
    public static func rotate(userID: String, now: Date, in db: Connection) throws -> String {
        let token = "fg_" + Sodium.randomToken(bytes: 24)
        try db.execute("""
            INSERT INTO ingest_tokens (user_id, token, samples, last_push, created_at) VALUES (?, ?, 0, NULL, ?)
            ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, samples = 0, last_push = NULL
            """, [userID, token, Instant.storage(now)])
        return token
    }
}
