import ForgeCore
import ForgeStore
import Foundation

/// How an MCP client gets and uses a member's grant (docs/contract.md §4.24, OAuth 2.1 with PKCE;
/// issue 42): dynamic registration, the consent's one-time code, exchanging it or a refresh token
/// for tokens, and the member behind a bearer token. Each call is one transaction.
package enum MCPAuthorization {
    /// What exchanging an authorization code gave: tokens, or the `invalid_grant` reason. The code
    /// is used up either way (RFC 6749 §4.1.2: a code is single-use).
    package enum Exchange: Sendable {
        case tokens(OAuthStore.Tokens)
        case refused(String)
    }

    /// Registers a client named `name` with its redirect URIs.
    package static func register(name: String, redirectURIs: [String], now: Date, in database: Database) throws
        -> OAuthStore.Client
    {
        try database.write { db in
            try OAuthStore.registerClient(name: name, redirectURIs: redirectURIs, now: now, in: db)
        }
    }

    /// The registered client `id`, or nil.
    package static func client(_ id: String, in database: Database) throws -> OAuthStore.Client? {
        try database.read { db in try OAuthStore.client(id, in: db) }
    }

    /// A one-time authorization code for the member's consent to `code`'s client.
    /// - Returns: the code to send back on the redirect.
    package static func issueCode(_ code: OAuthStore.Code, now: Date, in database: Database) throws -> String {
        try database.write { db in try OAuthStore.createCode(code, now: now, in: db) }
    }

    /// Exchanges the one-time `code` for a grant's tokens when it was issued to `clientID`, for
    /// `redirectURI` (when given) and the PKCE `verifier` matches its S256 challenge.
    package static func exchange(
        code secret: String, clientID: String?, redirectURI: String?, verifier: String?, now: Date,
        in database: Database
    ) throws -> Exchange {
        try database.write { db in
            guard let code = try OAuthStore.consumeCode(secret, now: now, in: db) else {
                return .refused("unknown or expired code")
            }
            guard code.clientID == clientID else { return .refused("client mismatch") }
            if let redirectURI, redirectURI != code.redirectURI { return .refused("redirect_uri mismatch") }
            guard OAuthStore.s256(verifier ?? "") == code.challenge else { return .refused("PKCE verification failed") }
            return .tokens(try OAuthStore.createGrant(userID: code.userID, clientID: code.clientID, now: now, in: db))
        }
    }

    /// New tokens for the refresh token `refresh` (rotated), or nil for an unknown or expired one.
    package static func refresh(_ refresh: String, now: Date, in database: Database) throws -> OAuthStore.Tokens? {
        try database.write { db in try OAuthStore.refresh(refresh, now: now, in: db) }
    }

    /// The member behind a bearer `token`: an MCP access token (`fgm_…`, its last use stamped `now`)
    /// or the member's ingest token; nil for neither.
    package static func member(bearer token: String, now: Date, in database: Database) throws -> User? {
        try database.write { db in
            let userID =
                token.hasPrefix("fgm_")
                ? try OAuthStore.userForAccessToken(token, now: now, in: db)
                : try HouseholdStore.ingestTokenOwner(token, in: db)
            return try userID.flatMap { try HouseholdStore.user(id: $0, in: db) }
        }
    }
}
