import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// Connections and tokens (docs/contract.md §3.11) and the map configuration (§3.3).
enum ConnectionRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/connections", "Apple Health, Withings, coach and MCP client connections",
            access: .member, answers: Connections.self
        ) { _, principal in
            try app.db.read { db in try connections(principal.caller.id, in: db) }
        }
        router.route(
            .POST, "/api/connections/rotate-token", "Create or replace the ingest token (the old one dies at once)",
            access: .member, answers: IngestToken.self
        ) { _, principal in
            IngestToken(
                token: try app.db.write { db in
                    try HouseholdStore.rotateIngestToken(userID: principal.caller.id, now: app.clock.now(), in: db)
                })
        }
        router.route(
            .GET, "/api/connections/token", "The full current ingest token", access: .member,
            answers: IngestToken.self, errors: [404]
        ) { _, principal in
            guard
                let token: String = try app.db.read({ db in
                    try HouseholdStore.ingestToken(userID: principal.caller.id, in: db)
                })
            else { throw HTTPError(404, "no ingest token") }
            return IngestToken(token: token)
        }
        router.route(
            .DELETE, "/api/connections/mcp/:grant_id", "Revoke one of your MCP OAuth grants", access: .member,
            answers: OK.self, errors: [404]
        ) { request, principal in
            let id = request.parameter("grant_id") ?? ""
            try app.db.write { db in
                guard try OAuthStore.revokeGrant(id: id, userID: principal.caller.id, in: db) else {
                    throw HTTPError(404, "grant not found")
                }
            }
            return OK()
        }
        router.route(
            .GET, "/api/map/config", "Map tiles: whether a MapTiler key is set, and the (publishable) key",
            access: .member, answers: MapConfig.self
        ) { _, _ in
            let key = try app.db.read { db in try AppSettings.value("maptiler_key", in: db) }
            return MapConfig(enabled: !key.isEmpty, key: key)
        }
    }

    /// `first 8 characters + "…" + last 4`.
    static func mask(_ token: String) -> String { String(token.prefix(8)) + "…" + String(token.suffix(4)) }

    /// The `GET /api/connections` document. Withings is not built into this
    /// appliance: it reports "not configured" exactly as the contract's
    /// shape allows (docs/architecture.md §16.5).
    static func connections(_ userID: String, in db: Connection) throws -> Connections {
        let token = try HouseholdStore.ingestTokenStatus(userID: userID, in: db)
        let apple = Connections.AppleHealth(
            configured: token != nil,
            tokenMasked: token.map { mask($0.token) },
            lastPush: token?.lastPush.map { Instant.wire(stored: $0) },
            samples: token?.samples ?? 0)
        let withings = Connections.Withings(
            configured: false, linked: false, status: nil, lastSync: nil, warning: nil,
            note: "add Withings credentials in server settings")
        let llmKey = try AppSettings.value("anthropic_api_key", in: db)
        let coach = Connections.CoachMCP(
            active: !llmKey.isEmpty,
            note: llmKey.isEmpty ? "add an Anthropic API key in server settings" : "agent live")
        let clients = try OAuthStore.grants(userID: userID, in: db).map { grant in
            Connections.MCPClient(
                id: grant.id, name: grant.clientName.flatMap { $0.isEmpty ? nil : $0 } ?? "MCP client",
                connectedAt: Instant.wire(stored: grant.createdAt),
                lastUsedAt: grant.lastUsedAt.map { Instant.wire(stored: $0) })
        }
        return Connections(appleHealth: apple, withings: withings, coachMcp: coach, mcpClients: clients)
    }
}
