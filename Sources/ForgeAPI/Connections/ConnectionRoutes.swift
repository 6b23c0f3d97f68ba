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
            connections(try MemberConnections.status(userID: principal.caller.id, in: app.db))
        }
        router.route(
            .POST, "/api/connections/rotate-token", "Create or replace the ingest token (the old one dies at once)",
            access: .member, answers: IngestToken.self
        ) { _, principal in
            IngestToken(
                token: try MemberConnections.rotateIngestToken(
                    userID: principal.caller.id, now: app.clock.now(), in: app.db))
        }
        router.route(
            .GET, "/api/connections/token", "The full current ingest token", access: .member,
            answers: IngestToken.self, errors: [404]
        ) { _, principal in
            IngestToken(token: try MemberConnections.ingestToken(userID: principal.caller.id, in: app.db))
        }
        router.route(
            .DELETE, "/api/connections/mcp/:grant_id", "Revoke one of your MCP OAuth grants", access: .member,
            answers: OK.self, errors: [404]
        ) { request, principal in
            try MemberConnections.revokeGrant(
                request.parameter("grant_id") ?? "", userID: principal.caller.id, in: app.db)
            return OK()
        }
        router.route(
            .GET, "/api/map/config", "Map tiles: whether a MapTiler key is set, and the (publishable) key",
            access: .member, answers: MapConfig.self
        ) { _, _ in
            let key = try MemberConnections.mapKey(in: app.db)
            return MapConfig(enabled: !key.isEmpty, key: key)
        }
    }

    /// `first 8 characters + "…" + last 4`.
    static func mask(_ token: String) -> String { String(token.prefix(8)) + "…" + String(token.suffix(4)) }

    /// The `GET /api/connections` document. Withings is not built into this
    /// appliance: it reports "not configured" exactly as the contract's
    /// shape allows (docs/architecture.md §16.5).
    static func connections(_ status: MemberConnections.Status) -> Connections {
        let token = status.ingest
        let apple = Connections.AppleHealth(
            configured: token != nil,
            tokenMasked: token.map { mask($0.token) },
            lastPush: token?.lastPush.map { Instant.wire(stored: $0) },
            samples: token?.samples ?? 0)
        let withings = Connections.Withings(
            configured: false, linked: false, status: nil, lastSync: nil, warning: nil,
            note: "add Withings credentials in server settings")
        let coach = Connections.CoachMCP(
            active: status.coachKeySet,
            note: status.coachKeySet ? "agent live" : "add an Anthropic API key in server settings")
        let clients = status.grants.map { grant in
            Connections.MCPClient(
                id: grant.id, name: grant.clientName.flatMap { $0.isEmpty ? nil : $0 } ?? "MCP client",
                connectedAt: Instant.wire(stored: grant.createdAt),
                lastUsedAt: grant.lastUsedAt.map { Instant.wire(stored: $0) })
        }
        return Connections(appleHealth: apple, withings: withings, coachMcp: coach, mcpClients: clients)
    }
}
