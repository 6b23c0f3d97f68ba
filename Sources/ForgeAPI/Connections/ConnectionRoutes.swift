import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// Connections and tokens (API.md §3.11) and the map configuration (§3.3).
enum ConnectionRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/connections", summary: "Apple Health, Withings, coach and MCP client connections",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            .json(try app.db.read { db in try connections(caller.id, in: db) })
        })
        router.post("/api/connections/rotate-token", summary: "Create or replace the ingest token (the old one dies at once)",
                    tags: ["auth": "session"], app.signedIn { _, caller in
            let token = try app.db.write { db in try IngestTokens.rotate(userID: caller.id, now: app.clock.now(), in: db) }
            return .json(["token": .string(token)])
        })
        router.get("/api/connections/token", summary: "The full current ingest token",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            guard let token: String = try app.db.read({ db in
                try db.scalar("SELECT token FROM ingest_tokens WHERE user_id = ?", [caller.id])
            }) else { throw HTTPError(404, "no ingest token") }
            return .json(["token": .string(token)])
        })
        router.delete("/api/connections/mcp/:grant_id", summary: "Revoke one of your MCP OAuth grants",
                      tags: ["auth": "session"], app.signedIn { request, caller in
            let id = request.parameter("grant_id") ?? ""
            try app.db.write { db in
                try db.execute("DELETE FROM oauth_grants WHERE id = ? AND user_id = ?", [id, caller.id])
                guard (try db.scalar("SELECT changes()") ?? 0) > 0 else { throw HTTPError(404, "grant not found") }
            }
            return .json(JSONValue.object(["ok": true]))
        })
        router.get("/api/map/config", summary: "Map tiles: whether a MapTiler key is set, and the (publishable) key",
                   tags: ["auth": "session"], app.signedIn { _, _ in
            let key = try app.db.read { db in try AppSettings.value("maptiler_key", in: db) }
            return .json(["enabled": .bool(!key.isEmpty), "key": .string(key)])
        })
    }

    /// `first 8 characters + "…" + last 4`.
    static func mask(_ token: String) -> String { String(token.prefix(8)) + "…" + String(token.suffix(4)) }

    /// The `GET /api/connections` document. Withings is not built into this
    /// appliance: it reports "not configured" exactly as the contract's
    /// shape allows (DESIGN.md "Cloud integrations").
    static func connections(_ userID: String, in db: Connection) throws -> JSONValue {
        let token = try db.queryOne("SELECT token, samples, last_push FROM ingest_tokens WHERE user_id = ?", [userID])
        let apple: JSONValue = [
            "configured": .bool(token != nil),
            "token_masked": .stringOrNull(try token.map { mask(try $0.get("token")) }),
            "last_push": .stringOrNull(try token.flatMap { try $0.optional("last_push") as String? }.map { Instant.wire(stored: $0) }),
            "samples": .int(try token.map { try $0.get("samples") as Int } ?? 0),
            "endpoint": "/ingest",
        ]
        let withings: JSONValue = [
            "configured": false, "linked": false, "status": .null, "last_sync": .null, "warning": .null,
            "note": "add Withings credentials in server settings",
        ]
        let llmKey = try AppSettings.value("anthropic_api_key", in: db)
        let coach: JSONValue = [
            "active": .bool(!llmKey.isEmpty),
            "note": .string(llmKey.isEmpty ? "add an Anthropic API key in server settings" : "agent live"),
        ]
        let clients = try db.query("""
            SELECT g.id, g.created_at, g.last_used_at, c.client_name FROM oauth_grants g
            LEFT JOIN oauth_clients c ON c.client_id = g.client_id
            WHERE g.user_id = ? ORDER BY g.created_at, g.id
            """, [userID]).map { row -> JSONValue in
            let name = (try row.optional("client_name") as String?).flatMap { $0.isEmpty ? nil : $0 } ?? "MCP client"
            return ["id": .string(try row.get("id")), "name": .string(name),
                    "connected_at": .string(Instant.wire(stored: try row.get("created_at"))),
                    "last_used_at": .stringOrNull((try row.optional("last_used_at") as String?).map { Instant.wire(stored: $0) })]
        }
        return ["apple_health": apple, "withings": withings, "coach_mcp": coach, "mcp_clients": .array(clients)]
    }
}
