import ForgeCore
import ForgeStore
import Foundation

/// Per-user ingest/MCP bearer tokens (docs/contract.md §1.7): `fg_` + 32 base64url
/// characters (24 random bytes), one per user in `ingest_tokens`. Stored in
/// full because the contract reveals the current token
/// (`GET /api/connections/token`); the database file is readable by the
/// service user only.
extension HouseholdStore {
    /// What `GET /api/connections` shows of a user's ingest token.
    package struct IngestTokenStatus: Sendable, Hashable {
        /// The full token.
        package let token: String
        /// Samples stored through it since it was (re)created.
        package let samples: Int
        /// Stored instant of the last push, nil before the first.
        package let lastPush: String?
    }

    /// Creates the user's token, or replaces its value (resetting `samples`
    /// and `last_push`; the old token stops working at once), and returns the full token.
    @discardableResult
    package static func rotateIngestToken(userID: String, now: Date, in db: Connection) throws -> String {
        let token = "fg_" + Sodium.randomToken(bytes: 24)
        try db.execute(
            """
            INSERT INTO ingest_tokens (user_id, token, samples, last_push, created_at) VALUES (?, ?, 0, NULL, ?)
            ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, samples = 0, last_push = NULL
            """, [userID, token, Instant.storage(now)])
        return token
    }

    /// The user's current ingest token, or nil when none was created.
    package static func ingestToken(userID: String, in db: Connection) throws -> String? {
        try db.scalar("SELECT token FROM ingest_tokens WHERE user_id = ?", [userID])
    }

    /// The user's token with its counters, or nil when none was created.
    package static func ingestTokenStatus(userID: String, in db: Connection) throws -> IngestTokenStatus? {
        try db.queryOne("SELECT token, samples, last_push FROM ingest_tokens WHERE user_id = ?", [userID]).map { row in
            IngestTokenStatus(
                token: try row.get("token"), samples: try row.get("samples"),
                lastPush: try row.optional("last_push"))
        }
    }

    /// The user owning the ingest token `token`, or nil (empty or unknown token).
    package static func ingestTokenOwner(_ token: String?, in db: Connection) throws -> String? {
        guard let token, !token.isEmpty else { return nil }
        return try db.scalar("SELECT user_id FROM ingest_tokens WHERE token = ?", [token])
    }

    /// Counts a push: adds `samples` to the token's counter and stamps `last_push`.
    package static func recordIngestPush(userID: String, samples: Int, now: Date, in db: Connection) throws {
        try db.execute(
            "UPDATE ingest_tokens SET samples = samples + ?, last_push = ? WHERE user_id = ?",
            [samples, Instant.storage(now), userID])
    }
}
