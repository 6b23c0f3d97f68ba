import ForgeCore
import ForgeStore
import Foundation

/// Browser and app sign-in sessions: a random 256-bit token in the
/// `forge_session` cookie, stored server-side only as its SHA-256 in
/// `auth_sessions`, revocable, valid for 90 days.
extension HouseholdStore {
    /// Cookie name the clients expect.
    package static let sessionCookieName = "forge_session"
    /// Lifetime of a session, seconds (90 days).
    package static let sessionLifetime: TimeInterval = 90 * 86_400
    /// Longest token accepted for a lookup, bytes; longer ones are never ours.
    package static let maxSessionTokenBytes = 128

    /// Creates a session for `userID` (dropping expired sessions of anyone on
    /// the way) and returns the raw token for the cookie; only its SHA-256 is stored.
    package static func createSession(userID: String, now: Date, in db: Connection) throws -> String {
        let token = newSessionToken()
        try db.execute("DELETE FROM auth_sessions WHERE expires_at < ?", [Instant.storage(now)])
        try saveSession(
            tokenHash: Sodium.sha256Hex(token), userID: userID, created: now, expires: now + sessionLifetime, in: db)
        return token
    }

    /// A new session token: 256 random bits, URL-safe text.
    package static func newSessionToken() -> String { Sodium.randomToken(bytes: 32) }

    /// Stores a session made earlier (one held in memory while the disk was full):
    /// `tokenHash` is the token's SHA-256 hex. A hash already stored is left as it is.
    package static func saveSession(tokenHash: String, userID: String, created: Date, expires: Date, in db: Connection)
        throws
    {
        try db.execute(
            "INSERT OR IGNORE INTO auth_sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
            [tokenHash, userID, Instant.storage(created), Instant.storage(expires)])
    }

    /// The user id of a live session, or nil for empty, oversized, unknown,
    /// revoked or expired tokens.
    package static func sessionUserID(token: String, now: Date, in db: Connection) throws -> String? {
        guard !token.isEmpty, token.utf8.count <= maxSessionTokenBytes else { return nil }
        return try db.scalar(
            "SELECT user_id FROM auth_sessions WHERE token_hash = ? AND expires_at > ?",
            [Sodium.sha256Hex(token), Instant.storage(now)])
    }

    /// The user id and expiry instant of the live session behind `token`, or nil
    /// (unknown, expired, or a token longer than any forged issues).
    package static func session(token: String, now: Date, in db: Connection) throws -> (userID: String, expires: Date)?
    {
        guard !token.isEmpty, token.utf8.count <= maxSessionTokenBytes,
            let row = try db.queryOne(
                "SELECT user_id, expires_at FROM auth_sessions WHERE token_hash = ? AND expires_at > ?",
                [Sodium.sha256Hex(token), Instant.storage(now)]),
            let expires = Instant.parse(try row.get("expires_at") as String)
        else { return nil }
        return (try row.get("user_id"), expires)
    }

    /// Revokes the session behind `token` (sign-out); unknown tokens are a no-op.
    package static func revokeSession(token: String, in db: Connection) throws {
        try db.execute("DELETE FROM auth_sessions WHERE token_hash = ?", [Sodium.sha256Hex(token)])
    }

    /// Revokes every session of a user (after a password change).
    package static func revokeSessions(userID: String, in db: Connection) throws {
        try db.execute("DELETE FROM auth_sessions WHERE user_id = ?", [userID])
    }
}
