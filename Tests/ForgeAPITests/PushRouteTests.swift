import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation
import Testing

/// `/api/push` (docs/contract.md §3.19) as forged decides it: never configured,
/// subscriptions stored per (user, endpoint), the VAPID generator refused.
struct PushRouteTests {
    @Test func subscriptionsAreStoredPerMemberAndPushIsNeverEnabled() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let adaID = try server.userID("ada@example.org")
            let config = try await server.get("/api/push/config", cookie: ada)
            #expect(config.json == ["enabled": false, "public_key": ""])
            #expect(try await server.get("/api/push/config").status == 401)

            let endpoint = "https://push.example.net/send/abc"
            let first = try await server.request(
                "POST", "/api/push/subscribe",
                json: ["endpoint": .string(endpoint), "keys": ["p256dh": "k1", "auth": "a1"]], cookie: ada)
            #expect(first.json == ["ok": true])
            // The same endpoint again replaces the keys (upsert); Ben's is his own row.
            _ = try await server.request(
                "POST", "/api/push/subscribe",
                json: ["endpoint": .string(endpoint), "keys": ["p256dh": "k2", "auth": "a2"]], cookie: ada)
            _ = try await server.request(
                "POST", "/api/push/subscribe", json: ["endpoint": .string(endpoint), "keys": [:]], cookie: ben)
            let rows = try server.app.db.read { db in
                try db.query("SELECT user_id, p256dh FROM push_subscriptions ORDER BY id").map {
                    "\(try $0.get("user_id") as String == adaID ? "ada" : "ben"):\(try $0.get("p256dh") as String)"
                }
            }
            #expect(rows == ["ada:k2", "ben:"])

            let blank = try await server.request("POST", "/api/push/subscribe", json: ["endpoint": "  "], cookie: ada)
            #expect(blank.status == 422)
            #expect(
                try await server.request("POST", "/api/push/subscribe", json: ["keys": [:]], cookie: ada).status == 422)

            #expect(
                try await server.request(
                    "POST", "/api/push/unsubscribe", json: ["endpoint": .string(endpoint)], cookie: ada
                ).json == ["ok": true])
            let left: Int = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM push_subscriptions") } ?? -1
            #expect(left == 1)

            let vapid = try await server.request("POST", "/api/admin/settings/vapid", cookie: ada)
            #expect(vapid.status == 501 && vapid.detail?.contains("event socket") == true)
            #expect(try await server.request("POST", "/api/admin/settings/vapid", cookie: ben).status == 403)
        }
    }
}
