import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// Web push (docs/contract.md §3.19) as forged decides it (docs/architecture.md §16):
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
        router.route(
            .GET, "/api/push/config", "Web push configuration: never enabled (notifications use the event socket)",
            access: .member, answers: PushConfig.self
        ) { _, _ in
            PushConfig(enabled: false, publicKey: "")
        }
        router.route(
            .POST, "/api/push/subscribe", "Store a web push subscription (upsert per endpoint; never sent to)",
            access: .member, body: PushSubscribeInput.self, answers: OK.self, errors: [422]
        ) { request, principal in
            let input = try request.decode(PushSubscribeInput.self)
            try PushSubscriptions.subscribe(
                userID: principal.caller.id, endpoint: input.trimmedEndpoint, p256dh: input.keys.p256dh ?? "",
                auth: input.keys.auth ?? "", now: app.clock.now(), in: app.db)
            return OK()
        }
        router.route(
            .POST, "/api/push/unsubscribe", "Remove one of your web push subscriptions", access: .member,
            body: PushUnsubscribeInput.self, answers: OK.self, errors: [422]
        ) { request, principal in
            let input = try request.decode(PushUnsubscribeInput.self)
            try PushSubscriptions.unsubscribe(userID: principal.caller.id, endpoint: input.trimmedEndpoint, in: app.db)
            return OK()
        }
        router.route(
            .POST, "/api/admin/settings/vapid", "Not available: forged sends no web push (event socket instead)",
            access: .admin, answers: VapidKey.self, errors: [501]
        ) { _, _ in
            throw HTTPError(501, "web push is not used: forged sends notifications to its event socket")
        }
    }

    /// What ``checkEndpoint(_:)`` allows, as JSON Schema keywords (the OpenAPI document's).
    static let endpointKeywords: [String: JSONValue] = ["pattern": Check.nonBlank, "maxLength": .int(maxEndpoint)]

    /// An `endpoint` field: non-blank after trimming and at most ``maxEndpoint`` characters.
    /// - Throws: 422 `value_error` with `loc` `["body", "endpoint"]`.
    static func checkEndpoint(_ raw: String) throws {
        let endpoint = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !endpoint.isEmpty, endpoint.count <= maxEndpoint else {
            throw ValidationFailure.error(
                loc: ["body", "endpoint"], type: "value_error",
                msg: "endpoint must be 1 to \(maxEndpoint) characters",
                input: endpoint.count <= maxEndpoint ? .string(endpoint) : nil)
        }
    }
}
