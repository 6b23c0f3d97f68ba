import ForgeCore
import ForgeStore
import Foundation

/// What a member has connected (docs/contract.md §3.12 `/api/connections`; issue 42): the ingest
/// token a phone pushes with, the MCP clients they granted, and whether the LLM coach has a key.
/// Each call is one transaction.
package enum MemberConnections {
    /// The member's connections as stored.
    package struct Status: Sendable {
        /// The ingest token with its push count and last push, or nil when there is none.
        package let ingest: HouseholdStore.IngestTokenStatus?
        /// True when an Anthropic API key is set (the LLM coach answers).
        package let coachKeySet: Bool
        /// The MCP clients the member granted, oldest first.
        package let grants: [OAuthStore.GrantSummary]
    }

    /// The member's connections.
    package static func status(userID: String, in database: Database) throws -> Status {
        try database.read { db in
            Status(
                ingest: try HouseholdStore.ingestTokenStatus(userID: userID, in: db),
                coachKeySet: !(try AppSettings.value("anthropic_api_key", in: db)).isEmpty,
                grants: try OAuthStore.grants(userID: userID, in: db))
        }
    }

    /// Creates or replaces the member's ingest token; the old one stops working at once.
    /// - Returns: the new token (`fg_` and 32 URL-safe characters).
    package static func rotateIngestToken(userID: String, now: Date, in database: Database) throws -> String {
        try database.write { db in try HouseholdStore.rotateIngestToken(userID: userID, now: now, in: db) }
    }

    /// The member's whole ingest token.
    /// - Throws: ``MemberConnectionsError/noIngestToken``; storage errors.
    package static func ingestToken(userID: String, in database: Database) throws -> String {
        guard let token = try database.read({ db in try HouseholdStore.ingestToken(userID: userID, in: db) }) else {
            throw MemberConnectionsError.noIngestToken
        }
        return token
    }

    /// Revokes the member's MCP grant `id` and its tokens.
    /// - Throws: ``MemberConnectionsError/grantNotFound``; storage errors.
    package static func revokeGrant(_ id: String, userID: String, in database: Database) throws {
        guard try database.write({ db in try OAuthStore.revokeGrant(id: id, userID: userID, in: db) }) else {
            throw MemberConnectionsError.grantNotFound
        }
    }

    /// The household's MapTiler key (publishable), or "" when none is set.
    package static func mapKey(in database: Database) throws -> String {
        try database.read { db in try AppSettings.value("maptiler_key", in: db) }
    }
}

/// Why a connection call found nothing.
package enum MemberConnectionsError: Error, Sendable, Equatable {
    /// The member has no ingest token.
    case noIngestToken
    /// The member has no MCP grant with that id.
    case grantNotFound
}
