import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// Connections and tokens (API.md §3.11) and the map configuration (§3.3).
enum ConnectionRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(.GET, "/api/connections", "Apple Health, Withings, coach and MCP client connections",
                     access: .member, answers: Connections.self) { _, principal in
            try app.db.read { db in try connections(principal.caller.id, in: db) }
        }
        router.route(.POST, "/api/connections/rotate-token", "Create or replace the ingest token (the old one dies at once)",
                     access: .member, answers: IngestToken.self) { _, principal in
            IngestToken(token: try app.db.write { db in
                try HouseholdStore.rotateIngestToken(userID: principal.caller.id, now: app.clock.now(), in: db)
            })
        }
        router.route(.GET, "/api/connections/token", "The full current ingest token", access: .member,
                     answers: IngestToken.self, errors: [404]) { _, principal in
            guard let token: String = try app.db.read({ db in
                try HouseholdStore.ingestToken(userID: principal.caller.id, in: db)
            }) else { throw HTTPError(404, "no ingest token") }
            return IngestToken(token: token)
        }
        router.route(.DELETE, "/api/connections/mcp/:grant_id", "Revoke one of your MCP OAuth grants", access: .member,
                     answers: OK.self, errors: [404]) { request, principal in
            let id = request.parameter("grant_id") ?? ""
            try app.db.write { db in
                try db.execute("DELETE FROM oauth_grants WHERE id = ? AND user_id = ?", [id, principal.caller.id])
                guard (try db.scalar("SELECT changes()") ?? 0) > 0 else { throw HTTPError(404, "grant not found") }
            }
            return OK()
        }
        router.route(.GET, "/api/map/config", "Map tiles: whether a MapTiler key is set, and the (publishable) key",
                     access: .member, answers: MapConfig.self) { _, _ in
            let key = try app.db.read { db in try AppSettings.value("maptiler_key", in: db) }
            return MapConfig(enabled: !key.isEmpty, key: key)
        }
    }

    /// `first 8 characters + "…" + last 4`.
    static func mask(_ token: String) -> String { String(token.prefix(8)) + "…" + String(token.suffix(4)) }

    /// The `GET /api/connections` document. Withings is not built into this
    /// appliance: it reports "not configured" exactly as the contract's
    /// shape allows (DESIGN.md "Cloud integrations").
    static func connections(_ userID: String, in db: Connection) throws -> Connections {
        let token = try HouseholdStore.ingestTokenStatus(userID: userID, in: db)
        let apple = Connections.AppleHealth(
            configured: token != nil,
            tokenMasked: token.map { mask($0.token) },
            lastPush: token?.lastPush.map { Instant.wire(stored: $0) },
            samples: token?.samples ?? 0)
        let withings = Connections.Withings(configured: false, linked: false, status: nil, lastSync: nil, warning: nil,
                                            note: "add Withings credentials in server settings")
        let llmKey = try AppSettings.value("anthropic_api_key", in: db)
        let coach = Connections.CoachMCP(active: !llmKey.isEmpty,
                                         note: llmKey.isEmpty ? "add an Anthropic API key in server settings" : "agent live")
        let clients = try db.query("""
            SELECT g.id, g.created_at, g.last_used_at, c.client_name FROM oauth_grants g
            LEFT JOIN oauth_clients c ON c.client_id = g.client_id
            WHERE g.user_id = ? ORDER BY g.created_at, g.id
            """, [userID]).map { row in
            let name = (try row.optional("client_name") as String?).flatMap { $0.isEmpty ? nil : $0 } ?? "MCP client"
            return Connections.MCPClient(id: try row.get("id"), name: name,
                                         connectedAt: Instant.wire(stored: try row.get("created_at")),
                                         lastUsedAt: (try row.optional("last_used_at") as String?).map { Instant.wire(stored: $0) })
        }
        return Connections(appleHealth: apple, withings: withings, coachMcp: coach, mcpClients: clients)
    }
}
