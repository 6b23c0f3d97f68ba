import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// Withings (API.md §3.20) as forged decides it (DESIGN.md, Decisions: cloud
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
        router.get("/api/withings/connect", summary: "Link Withings: not available (503 not configured)",
                   tags: ["auth": "session"], app.signedIn { _, _ in
            throw HTTPError(503, "Withings not configured")
        })
        router.get("/api/withings/callback", summary: "Withings OAuth callback: no link is ever started",
                   tags: ["auth": "public"]) { request in
            guard let code = request.query["code"], !code.isEmpty, let state = request.query["state"], !state.isEmpty else {
                return .redirect("/?withings=denied", status: 307)
            }
            throw HTTPError(400, "bad state")
        }
        router.post("/api/withings/sync", summary: "Sync Withings: 404 (never linked)",
                    tags: ["auth": "session"], app.signedIn { _, _ in
            throw HTTPError(404, "Withings not linked")
        })
        router.post("/api/withings/unlink", summary: "Unlink Withings (there is never a link)",
                    tags: ["auth": "session"], app.signedIn { _, _ in
            .json(JSONValue.object(["ok": true]))
        })
        router.get("/api/withings/webhook", summary: "Withings webhook reachability probe",
                   tags: ["auth": "public"]) { _ in
            .json(JSONValue.object(["ok": true]))
        }
        router.post("/api/withings/webhook", summary: "Withings notification: ignored (no links)",
                    tags: ["auth": "public"]) { _ in
            .json(JSONValue.object(["ok": true, "ignored": true]))
        }
    }
}
