import CSodium
import ForgeCore
import ForgeStore
import Foundation

/// MCP OAuth clients, authorization codes and grants (docs/contract.md §3.17).
/// Codes and tokens are kept only as SHA-256 hex digests.
package enum OAuthStore {
    /// Code lifetime: 5 minutes.
    package static let codeTTL: TimeInterval = 300
    /// Access token lifetime: 7 days (604 800 s).
    package static let accessTTL: TimeInterval = 604_800
    /// Refresh token lifetime: 180 days.
    package static let refreshTTL: TimeInterval = 180 * 86_400

    /// A registered MCP client (`oauth_clients`): its id, display name and the redirect URIs it may use.
    package struct Client {
        package let id: String
        package let name: String
        package let redirectURIs: [String]
    }
    /// What an authorization code stands for: the client, the member who approved it, the
    /// redirect URI it must come back with and the PKCE S256 `code_challenge`.
    package struct Code {
        package let clientID: String
        package let userID: String
        package let redirectURI: String
        package let challenge: String

        /// A code for `userID` approving `clientID`; see the properties.
        package init(clientID: String, userID: String, redirectURI: String, challenge: String) {
            self.clientID = clientID
            self.userID = userID
            self.redirectURI = redirectURI
            self.challenge = challenge
        }
    }
    /// A grant's id and its tokens in clear (`fgm_…` access, `fgr_…` refresh): shown once, stored as hashes.
    package struct Tokens {
        package let grantID: String
        package let access: String
        package let refresh: String
    }

    /// SHA-256 of `secret` as lowercase hex: the form codes and tokens are stored and looked up in.
    package static func hash(_ secret: String) -> String { Sodium.sha256Hex(secret) }

    /// Registers a client (dynamic client registration) with a new id.
    /// - Parameter redirectURIs: stored as a JSON array, checked by the caller.
    /// - Throws: `DatabaseError` when the insert fails.
    package static func registerClient(name: String, redirectURIs: [String], now: Date, in db: Connection) throws
        -> Client
    {
        let client = Client(id: Identifier.make(), name: name, redirectURIs: redirectURIs)
        try db.execute(
            "INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES (?, ?, ?, ?)",
            [client.id, name, try JSONCoding.string(redirectURIs), Instant.storage(now)])
        return client
    }

    /// The client registered as `id`, or nil.
    /// - Throws: `DatabaseError` when the read fails.
    package static func client(_ id: String, in db: Connection) throws -> Client? {
        try db.queryOne("SELECT * FROM oauth_clients WHERE client_id = ?", [id]).map { row in
            let uris: String = try row.get("redirect_uris")
            return Client(
                id: try row.get("client_id"), name: try row.get("client_name"),
                redirectURIs: (try? JSONCoding.decode([String].self, from: Data(uris.utf8))) ?? [])
        }
    }

    /// Purges expired codes, then creates a single-use code (43 url-safe characters).
    package static func createCode(_ code: Code, now: Date, in db: Connection) throws -> String {
        try db.execute("DELETE FROM oauth_codes WHERE expires_at <= ?", [Instant.storage(now)])
        let secret = Sodium.randomToken(bytes: 32)
        try db.execute(
            """
            INSERT INTO oauth_codes (code_hash, client_id, user_id, redirect_uri, challenge, expires_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                hash(secret), code.clientID, code.userID, code.redirectURI, code.challenge,
                Instant.storage(now.addingTimeInterval(codeTTL)),
            ])
        return secret
    }

    /// Deletes the code and returns it when it existed and had not expired.
    package static func consumeCode(_ secret: String, now: Date, in db: Connection) throws -> Code? {
        guard let row = try db.queryOne("SELECT * FROM oauth_codes WHERE code_hash = ?", [hash(secret)]) else {
            return nil
        }
        try db.execute("DELETE FROM oauth_codes WHERE code_hash = ?", [hash(secret)])
        let expires: String = try row.get("expires_at")
        guard expires > Instant.storage(now) else { return nil }
        return Code(
            clientID: try row.get("client_id"), userID: try row.get("user_id"),
            redirectURI: try row.get("redirect_uri"), challenge: try row.get("challenge"))
    }

    /// A fresh (access, refresh) pair: `fgm_` and `fgr_` each followed by 24 random bytes as
    /// unpadded base64url (32 characters).
    package static func newSecrets() -> (String, String) {
        ("fgm_" + Sodium.randomToken(bytes: 24), "fgr_" + Sodium.randomToken(bytes: 24))
    }

    /// Creates a grant for `userID` and `clientID` with new tokens: the access token lives
    /// ``accessTTL``, the refresh token ``refreshTTL``, both from `now`.
    /// - Throws: `DatabaseError` when the insert fails.
    package static func createGrant(userID: String, clientID: String, now: Date, in db: Connection) throws -> Tokens {
        let (access, refresh) = newSecrets()
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO oauth_grants (id, user_id, client_id, access_hash, access_expires_at, refresh_hash,
              refresh_expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, userID, clientID, hash(access), Instant.storage(now.addingTimeInterval(accessTTL)), hash(refresh),
                Instant.storage(now.addingTimeInterval(refreshTTL)), Instant.storage(now),
            ])
        return Tokens(grantID: id, access: access, refresh: refresh)
    }

    /// Rotates both tokens of the grant holding `refresh` in place; nil when unknown or expired.
    package static func refresh(_ refresh: String, now: Date, in db: Connection) throws -> Tokens? {
        guard
            let row = try db.queryOne(
                "SELECT id, refresh_expires_at FROM oauth_grants WHERE refresh_hash = ?",
                [hash(refresh)])
        else { return nil }
        let expires: String = try row.get("refresh_expires_at")
        guard expires > Instant.storage(now) else { return nil }
        let id: String = try row.get("id")
        let (access, newRefresh) = newSecrets()
        try db.execute(
            """
            UPDATE oauth_grants SET access_hash = ?, access_expires_at = ?, refresh_hash = ?, refresh_expires_at = ?
            WHERE id = ?
            """,
            [
                hash(access), Instant.storage(now.addingTimeInterval(accessTTL)), hash(newRefresh),
                Instant.storage(now.addingTimeInterval(refreshTTL)), id,
            ])
        return Tokens(grantID: id, access: access, refresh: newRefresh)
    }

    /// The user of an unexpired access token; stamps the grant's `last_used_at`.
    package static func userForAccessToken(_ token: String, now: Date, in db: Connection) throws -> String? {
        guard
            let row = try db.queryOne(
                "SELECT id, user_id, access_expires_at FROM oauth_grants WHERE access_hash = ?",
                [hash(token)])
        else { return nil }
        let expires: String = try row.get("access_expires_at")
        guard expires > Instant.storage(now) else { return nil }
        try db.execute(
            "UPDATE oauth_grants SET last_used_at = ? WHERE id = ?",
            [Instant.storage(now), try row.get("id") as String])
        return try row.get("user_id")
    }

    /// PKCE S256: `base64url_nopad(SHA-256(verifier))` (RFC 7636 §4.2), via libsodium `crypto_hash_sha256`.
    package static func s256(_ verifier: String) -> String {
        Sodium.initialise()
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        let bytes = Array(verifier.utf8)
        crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        return Sodium.base64url(digest)
    }
}
