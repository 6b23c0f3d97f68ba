import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `/healthz`, `/api/openapi.json` and the web-shell paths (API.md §3.21,
/// DESIGN.md: `/` redirects to `/kitchen`; `/dashboard` and `/welcome` are
/// not built).
enum SystemRoutes {
    /// `{ok, build}` per the contract, plus the version, the household zone,
    /// its current UTC offset (seconds) and today's household date, so an
    /// operator can see at a glance that the zone is the one configured.
    struct Health: Encodable {
        let ok: Bool; let build: String; let version: String
        let timezone: String; let utc_offset_s: Int; let today: String
        /// The last backup attempt: `{last_at, ok, file, error}`, or null before the first.
        let backup: JSONValue
    }

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/healthz", summary: "Liveness and build stamp", tags: ["auth": "public"]) { _ in
            let ok = (try? app.db.read { try $0.scalar("SELECT 1") as Int? }) == 1
            let zone = app.config.timeZone
            let health = Health(ok: ok, build: app.config.build, version: BuildInfo.version, timezone: zone.identifier,
                                utc_offset_s: zone.secondsFromGMT(for: app.clock.now()), today: app.today.description,
                                backup: backupHealth(app))
            return try .json(health, status: ok ? 200 : 503)
        }
        router.get("/", summary: "Redirect to the kitchen display", tags: ["auth": "public", "produces": "text/html"]) { _ in
            .redirect("/kitchen", status: 302)
        }
        for path in ["/dashboard", "/welcome", "/welcome.html"] {
            router.get(path, summary: "Web shell page (not built in forged)", tags: ["auth": "public"]) { _ in
                throw HTTPError(404, "not built")
            }
        }
    }

    /// `{last_at, ok, file, error}` of the newest backup attempt (`file` is the
    /// backup's name, `error` empty when ok), or null when none was recorded.
    static func backupHealth(_ app: ForgeApp) -> JSONValue {
        guard let last = try? BackupStatus.last(in: app.db) else { return .null }
        return ["last_at": .string(Instant.wire(last.finishedAt)), "ok": .bool(last.ok),
                "file": .string((last.file as NSString).lastPathComponent), "error": .string(last.error)]
    }

    /// Registered last: the document covers every route, itself included.
    static func registerOpenAPI(_ app: ForgeApp, on router: inout APIRouter) {
        let box = RoutesBox()
        router.raw(.GET, "/api/openapi.json", "This OpenAPI 3.1 document", access: .public,
                   answers: JSONValue.self) { _, _ in
            .json(box.document(version: BuildInfo.version, serverURL: app.config.baseURL))
        }
        box.set(router)
    }
}

/// Holds the route list for the OpenAPI handler, filled once the table is
/// complete (the handler is created before the table is frozen); the
/// document is built once.
final class RoutesBox: Sendable {
    private let stored = Mutex<(routes: [RouteInfo], operations: [APIOperation], document: JSONValue?)>(([], [], nil))
    func set(_ router: APIRouter) {
        let routes = router.router.freeze().routes
        stored.withLock { $0 = (routes, router.operations, nil) }
    }
    func document(version: String, serverURL: String) -> JSONValue {
        stored.withLock { state in
            if let document = state.document { return document }
            let document = OpenAPIDocument.build(routes: state.routes, operations: state.operations,
                                                 version: version, serverURL: serverURL)
            state.document = document
            return document
        }
    }
}

import Synchronization
