import ForgeCore
import ForgeHTTP
import Foundation

/// `GET /api/connections` (docs/contract.md §3.11).
struct Connections: Codable, Sendable {
    /// The Health Auto Export ingest token: `token_masked` is the first 8
    /// characters + `…` + the last 4; `samples` counts what it pushed.
    struct AppleHealth: Codable, Sendable {
        let configured: Bool
        @Nullable var tokenMasked: String?
        @Nullable var lastPush: String?
        let samples: Int
        var endpoint = "/ingest"
    }
    /// Withings link state; `status` is `ok|refresh_failed|null`, `warning`
    /// is set only when it is `refresh_failed`.
    struct Withings: Codable, Sendable {
        let configured: Bool
        let linked: Bool
        @Nullable var status: String?
        @Nullable var lastSync: String?
        @Nullable var warning: String?
        let note: String
    }
    /// Whether the coach's LLM key is set: `note` is `agent live` or a hint.
    struct CoachMCP: Codable, Sendable {
        let active: Bool
        let note: String
    }
    /// One MCP OAuth grant: `name` is the client's name or `MCP client`.
    struct MCPClient: Codable, Sendable {
        let id: String
        let name: String
        let connectedAt: String
        @Nullable var lastUsedAt: String?
    }

    let appleHealth: AppleHealth
    let withings: Withings
    let coachMcp: CoachMCP
    /// Oldest first.
    let mcpClients: [MCPClient]
}

/// `{ token }`: the full ingest token (`fg_` + 32 base64url characters).
struct IngestToken: Codable, Sendable {
    let token: String
}

/// `GET /api/map/config`: `key` is the publishable MapTiler key (`""` when unset).
struct MapConfig: Codable, Sendable {
    let enabled: Bool
    let key: String
}

/// `GET /api/push/config` (docs/contract.md §3.19): forged's is always `{enabled: false, public_key: ""}`.
struct PushConfig: Codable, Sendable {
    let enabled: Bool
    let publicKey: String
}

/// `POST /api/push/subscribe` body `{ endpoint, keys: { p256dh?, auth? } }`.
/// `endpoint` (trimmed) must be 1…``PushRoutes/maxEndpoint`` characters,
/// each key at most ``PushRoutes/maxKey``; 422 naming the field.
struct PushSubscribeInput: RequestInput {
    static var example: JSONValue? {
        ["endpoint": "https://push.example.org/send/abc", "keys": ["p256dh": "BNc…", "auth": "tBH…"]]
    }
    struct Keys: Codable, Sendable {
        let p256dh: String?
        let auth: String?
    }
    let endpoint: String
    let keys: Keys

    static let rules: [InputRule<Self>] = [
        .custom("endpoint", publishing: PushRoutes.endpointKeywords) { try PushRoutes.checkEndpoint($0.endpoint) },
        .length("keys", "p256dh", max: PushRoutes.maxKey) { $0.keys.p256dh },
        .length("keys", "auth", max: PushRoutes.maxKey) { $0.keys.auth },
    ]

    /// The endpoint without surrounding white space.
    var trimmedEndpoint: String { endpoint.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// `POST /api/push/unsubscribe` body `{ endpoint }`, checked as for subscribing.
struct PushUnsubscribeInput: RequestInput {
    static var example: JSONValue? { ["endpoint": "https://push.example.org/send/abc"] }
    let endpoint: String
    static let rules: [InputRule<Self>] = [
        .custom("endpoint", publishing: PushRoutes.endpointKeywords) { try PushRoutes.checkEndpoint($0.endpoint) }
    ]
    var trimmedEndpoint: String { endpoint.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// `POST /api/withings/sync`: `ok` is whether the link status is `ok`.
struct WithingsSynced: Codable, Sendable {
    let ok: Bool
    let stored: Int
    let status: String
}

/// `POST /api/withings/webhook`: `{ok: true, ignored: true}` for an unknown
/// Withings user, else `{ok: true, stored}`.
struct WithingsNotified: Codable, Sendable {
    var ok = true
    var ignored: Bool?
    var stored: Int?
}

/// `GET /api/withings/callback?code=&state=` (each at most `Bounds.note` characters).
struct WithingsCallbackQuery: RequestInput {
    let code: String?
    let state: String?
    static let rules: [InputRule<Self>] = [
        .length("code", max: Bounds.note) { $0.code },
        .length("state", max: Bounds.note) { $0.state },
    ]
}
