import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// Web push (API.md §3.19) as forged decides it (DESIGN.md, Decisions):
/// notifications go to the event socket, so push is never configured.
/// `GET /api/push/config` always answers `{enabled: false, public_key: ""}`;
/// subscriptions are still stored per (user, endpoint), as clients expect,
/// and removed with the user (and with the demo); nothing is ever sent to
/// them. `POST /api/admin/settings/vapid` answers 501: forged has no P-256
/// implementation to make a key pair with, and no use for one.
enum PushRoutes {
    /// Longest accepted endpoint URL and key, characters.
    static let maxEndpoint = 2048, maxKey = 512

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/push/config", summary: "Web push configuration: never enabled (notifications use the event socket)",
                   tags: ["auth": "session"], app.signedIn { _, _ in
            .json(JSONValue.object(["enabled": false, "public_key": ""]))
        })
        router.post("/api/push/subscribe", summary: "Store a web push subscription (upsert per endpoint; never sent to)",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let endpoint = try endpoint(body)
            let keys = body.object["keys"]?.objectValue ?? [:]
            let p256dh = String((keys["p256dh"]?.stringValue ?? "").prefix(maxKey))
            let auth = String((keys["auth"]?.stringValue ?? "").prefix(maxKey))
            try app.db.write { db in
                try db.execute("""
                    INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
                    """, [caller.id, endpoint, p256dh, auth, Instant.storage(app.clock.now())])
            }
            return .json(JSONValue.object(["ok": true]))
        })
        router.post("/api/push/unsubscribe", summary: "Remove one of your web push subscriptions",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let endpoint = try endpoint(JSONBody(object: try request.jsonObject()))
            try app.db.write { db in
                try db.execute("DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?", [caller.id, endpoint])
            }
            return .json(JSONValue.object(["ok": true]))
        })
        router.post("/api/admin/settings/vapid", summary: "Not available: forged sends no web push (event socket instead)",
                    tags: ["auth": "admin"], app.adminOnly { _, _ in
            throw HTTPError(501, "web push is not used: forged sends notifications to its event socket")
        })
    }

    /// The `endpoint` field: a non-blank string of at most ``maxEndpoint`` characters (422 otherwise).
    static func endpoint(_ body: JSONBody) throws -> String {
        let endpoint = try body.string("endpoint").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !endpoint.isEmpty, endpoint.count <= maxEndpoint else {
            throw ValidationFailure.error(loc: ["body", "endpoint"], type: "value_error",
                                          msg: "endpoint must be 1 to \(maxEndpoint) characters", input: .string(endpoint))
        }
        return endpoint
    }
}
