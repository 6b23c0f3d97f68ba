import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// Withings (docs/contract.md §3.20) as forged decides it (docs/architecture.md §16: cloud
/// integrations answer as "not configured"): forged has no Withings client,
/// so no link can exist.
/// - `GET /api/withings/connect` → 503 `Withings not configured`;
/// - `GET /api/withings/callback` → 307 `/?withings=denied` without `code`
///   and `state`, else 400 `bad state` (forged never issues one);
/// - `POST /api/withings/sync` → 404 `Withings not linked`;
/// - `POST /api/withings/unlink` → `{ok: true}` (nothing to delete);
/// - `GET|HEAD /api/withings/webhook` → `{ok: true}`; `POST` → `{ok: true, ignored: true}`.
enum WithingsRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(
            .GET, "/api/withings/connect", "Link Withings: not available (503 not configured)", access: .member,
            answers: nil as OK.Type?, success: 307, errors: [503]
        ) { _, _ in
            throw HTTPError(503, "Withings not configured")
        }
        router.raw(
            .GET, "/api/withings/callback", "Withings OAuth callback: no link is ever started", access: .public,
            query: WithingsCallbackQuery.self, answers: nil as OK.Type?, success: 307, errors: [400, 422]
        ) { request, _ in
            let query = try request.decodeQuery(WithingsCallbackQuery.self)
            guard let code = query.code, !code.isEmpty, let state = query.state, !state.isEmpty else {
                return .redirect("/?withings=denied", status: 307)
            }
            throw HTTPError(400, "bad state")
        }
        router.route(
            .POST, "/api/withings/sync", "Sync Withings: 404 (never linked)", access: .member,
            answers: WithingsSynced.self, errors: [404]
        ) { _, _ in
            throw HTTPError(404, "Withings not linked")
        }
        router.route(
            .POST, "/api/withings/unlink", "Unlink Withings (there is never a link)", access: .member,
            answers: OK.self
        ) { _, _ in
            OK()
        }
        router.route(
            .GET, "/api/withings/webhook", "Withings webhook reachability probe", access: .public,
            answers: OK.self
        ) { _, _ in
            OK()
        }
        router.route(
            .POST, "/api/withings/webhook", "Withings notification: ignored (no links)", access: .public,
            // Withings posts its notifications as a form (userid, appli, startdate, enddate).
            bodyOptional: true, answers: WithingsNotified.self, accepts: ["application/x-www-form-urlencoded"]
        ) { _, _ in
            WithingsNotified(ignored: true)
        }
    }
}
