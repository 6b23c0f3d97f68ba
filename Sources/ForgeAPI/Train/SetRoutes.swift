import ForgeCore
import ForgeHTTP
import ForgeTrain
import Foundation

/// Logging and correcting sets (docs/contract.md §3.3, §4.4); the rules live in
/// ``ForgeTrain/SetLog``.
///
/// Logging is idempotent (docs/contract.md §6.2): a `client_id` in the body, or
/// else an `Idempotency-Key` header, names the set; a retry with the same key
/// returns the first response and inserts nothing.
enum SetRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/sessions/:sid/sets", "Log a set (idempotent by client_id or Idempotency-Key)",
            access: .member, body: SetInput.self, answers: SetLogged.self, errors: [404, 409]
        ) { request, principal in
            let input = try request.decode(SetInput.self)
            let now = app.clock.now()
            return try SetLog.log(
                input.set(at: now), clientID: try key(input, request), sessionID: request.parameter("sid") ?? "",
                user: principal.caller.user, now: now, in: app.db)
        }
        router.route(
            .PATCH, "/api/sessions/:sid/sets", "Correct a logged set; records may rise, never fall",
            access: .member, body: SetInput.self, answers: SetLogged.self, errors: [404]
        ) { request, principal in
            let input = try request.decode(SetInput.self)
            let now = app.clock.now()
            return try SetLog.correct(
                input.set(at: now), sessionID: request.parameter("sid") ?? "", user: principal.caller.user, now: now,
                in: app.db)
        }
    }

    /// The idempotency key: body `client_id` (its length checked once, by
    /// ``SetInput/validate()``), else the `Idempotency-Key` header; nil when blank.
    /// - Throws: 422 when the header is longer than ``ForgeTrain/SetLog/maxKeyLength``.
    static func key(_ input: SetInput, _ request: Request) throws -> String? {
        if let body = input.clientId {
            let key = body.trimmingCharacters(in: .whitespaces)
            return key.isEmpty ? nil : key
        }
        guard let key = request.headers["Idempotency-Key"]?.trimmingCharacters(in: .whitespaces), !key.isEmpty
        else { return nil }
        try Check.length(key, max: SetLog.maxKeyLength, "client_id")
        return key
    }
}
