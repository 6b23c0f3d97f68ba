import ForgeCore
import ForgeHTTP
import Foundation
import Testing

@testable import ForgeAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 12: every route of the table, called as a signed-in admin with its
/// published example body and real objects for its path parameters, answers
/// a 2xx body that decodes into the route's declared response type and
/// validates against the schema `/api/openapi.json` publishes for it.
@Suite(.serialized) struct ContractWalkTests {
    /// Typed JSON routes that cannot answer 2xx in this walk, and why.
    static let unreachable: [String: String] = [
        "POST /auth/logout": "ends the walk's sign-in (covered by AuthTests)",
        "GET /api/events": "a never-ending SSE stream (EventsStreamTests)",
        "DELETE /api/admin/recipes": "would wipe the library the walk reads",
        "DELETE /api/admin/demo": "needs a demo seat (AdminTests)",
        "POST /api/admin/demo/enrich": "needs a demo seat (AdminTests)",
        "POST /auth/demo": "needs an enabled demo seat (AuthTests)",
        "POST /auth/login": "needs a password (AuthTests)",
        "POST /api/admin/users": "both seats are taken in the seeded household (AdminTests)",
        "GET /api/withings/connect": "503: Withings is never configured (DESIGN decision)",
        "POST /api/withings/sync": "404: Withings never linked",
        "POST /api/admin/settings/vapid": "501: VAPID generation is not built (event socket instead)",
        "GET /api/connections/token": "404 until a token is rotated; rotate-token is walked instead",
        "DELETE /api/connections/mcp/:grant_id": "needs an OAuth grant (OAuthTests)",
        "GET /api/food/media/:id": "needs a stored photo (MediaRouteTests)",
        "POST /api/food/recipes/import": "needs a page to fetch (ImportRouteTests)",
        "POST /api/sessions/import": "a GPX/TCX upload, not JSON (CardioImportTests)",
        "POST /api/import": "a multipart upload, not JSON (ImportJobRouteTests); the walk makes one for its fixture",
        "POST /ingest": "bearer token route (IngestMetricTests)",
        "POST /mcp": "bearer token route (MCPInputTests walks it against the published schema)",
        "POST /mcp/oauth/token": "a form body with a code from the consent step (OAuthInputTests walks it)",
        "POST /kitchen/pair": "needs a pairing code (DisplayPairingTests)",
        "POST /api/proposal/:id/approve": "needs a pending coach proposal (ProposalRouteTests)",
        "POST /api/proposal/:id/reject": "needs a pending coach proposal (ProposalRouteTests)",
        "POST /api/food/proposal/:id/approve": "needs a pending food proposal (CoachReviewTests)",
        "POST /api/food/proposal/:id/reject": "needs a pending food proposal (CoachReviewTests)",
        "POST /api/coach/run-review": "runs the weekly review (CoachReviewTests)",
        "POST /api/chat": "starts a coach turn (ChatTests)",
        "GET /api/withings/callback": "a redirect",
        "GET /auth/callback": "a redirect",
        "GET /api/admin/backups/:name": "serves the SQLite file, not JSON",
        "POST /api/cook/sessions/:id/finish": "logs a meal and ends the session (CookSessionRouteTests)",
        "POST /api/cook/timers/:id/dismiss": "needs a timer that has fired (CookTimerRouteTests)",
        "GET /media/exercises/:file": "needs imported images",
        "PATCH /api/food/recipes/:slug/ingredients/:line":
            "seed recipes are not edited; needs an imported recipe (FoodReferenceRouteTests)",
    ]

    struct Walked {
        let op: APIOperation
        let reply: TestServer.Reply
    }

    @Test func everyTypedRouteAnswersItsDeclaredTypeAndPublishedSchema() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let document = try await server.get("/api/openapi.json").json
            let validator = SchemaValidator(document: document)
            var fixtures = try await Self.fixtures(server, ada)
            let operations = server.app.makeRoutes().operations
            // Creates first, then reads, then edits, then deletes.
            func rank(_ op: APIOperation) -> Int {
                switch op.method {
                case .GET: return 1
                case .DELETE: return 4
                default:
                    // Actions that end an object (complete, cancel) after the edits that need it live.
                    if ["/complete", "/cancel", "/reject"].contains(where: op.pattern.hasSuffix) { return 3 }
                    return op.pattern.contains(":") ? 2 : 0
                }
            }
            var validated: Set<String> = []
            var failures: [String] = []
            for op in operations.sorted(by: { (rank($0), $0.pattern) < (rank($1), $1.pattern) }) {
                let name = "\(op.method.rawValue) \(op.pattern)"
                guard Self.unreachable[name] == nil, op.response != nil, op.produces == "application/json" else {
                    continue
                }
                guard let path = Self.path(op.pattern, fixtures) else {
                    failures.append("\(name): no fixture")
                    continue
                }
                var request = URLRequest(url: URL(string: server.baseURL + path)!)
                request.httpMethod = op.method.rawValue
                if op.method != .GET {
                    var body = op.body?.example ?? [:]
                    if op.pattern == "/api/equipment/active", case .object(var o) = body {
                        o["profile_id"] = fixtures["/api/equipment/:id"].map(JSONValue.string)
                        body = .object(o)
                    }
                    request.httpBody = JSONWriter.data(body)
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                }
                let reply = try await server.send(request, cookie: ada, headers: [:])
                guard (200..<300).contains(reply.status) else {
                    failures.append(
                        "\(name) → \(reply.status) \(String(decoding: reply.data.prefix(200), as: UTF8.self))")
                    continue
                }
                do { try op.response!.check(reply.data) } catch {
                    failures.append("\(name): body does not decode as \(op.response!.name): \(error)")
                    continue
                }
                let pathKey = OpenAPIDocument.openAPIPath(op.pattern)
                let schema =
                    document["paths"]?[pathKey]?[op.method.rawValue.lowercased()]?["responses"]?[String(op.success)]?[
                        "content"]?["application/json"]?["schema"] ?? [:]
                let problems = validator.errors(reply.json, schema)
                if !problems.isEmpty {
                    failures.append("\(name): \(problems.prefix(3))")
                    continue
                }
                validated.insert(name)
                if op.method == .POST, op.pattern.hasSuffix("s"), let id = reply.json["id"]?.stringValue {
                    fixtures[op.pattern + "/:id"] = id
                }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            // Every typed JSON route was validated, except those named in `unreachable`.
            let expected = Set(
                operations.filter { $0.response != nil && $0.produces == "application/json" }
                    .map { "\($0.method.rawValue) \($0.pattern)" }
            ).subtracting(Self.unreachable.keys)
            #expect(validated == expected, "not validated: \(expected.subtracting(validated).sorted())")
        }
    }

    /// `pattern` with its parameters filled from `fixtures` (keyed by the
    /// pattern up to and including the parameter); nil when one is missing.
    static func path(_ pattern: String, _ fixtures: [String: String]) -> String? {
        var out: [String] = []
        for segment in pattern.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.hasPrefix(":") {
                guard let value = fixtures[(out + [String(segment)]).joined(separator: "/")] else { return nil }
                out.append(value)
            } else {
                out.append(String(segment))
            }
        }
        return out.joined(separator: "/")
    }

    /// Real objects for the parameters, made through the API.
    static func fixtures(_ server: TestServer, _ ada: String) async throws -> [String: String] {
        var f: [String: String] = [:]
        let session = try await server.request("POST", "/api/sessions", json: ["date": "2026-07-20"], cookie: ada).json
        f["/api/sessions/:sid"] = session["id"]?.stringValue
        _ = try await server.request(
            "POST", "/api/sessions/\(session["id"]?.stringValue ?? "")/sets",
            json: ["slug": "back-squat", "set_no": 1, "weight": 60, "reps": 5], cookie: ada)
        f["/api/exercises/:slug"] = "back-squat"
        let recipes = try await server.get("/api/food/recipes", cookie: ada).json
        f["/api/food/recipes/:slug"] =
            (recipes.arrayValue ?? recipes["recipes"]?.arrayValue)?.first?["slug"]?.stringValue
        f["/api/kitchen/recipes/:slug"] = f["/api/food/recipes/:slug"]
        f["/api/metrics/:type"] = "weight"
        f["/api/niggles/:id"] = try await server.get("/api/niggles", cookie: ada).json.arrayValue?.first?["id"]?
            .stringValue
        f["/api/equipment/:id"] = try await server.get("/api/equipment", cookie: ada).json["profiles"]?.arrayValue?
            .first?["id"]?.stringValue
        let users = try await server.get("/api/admin/users", cookie: ada).json
        f["/api/admin/users/:id"] = (users.arrayValue ?? users["users"]?.arrayValue)?.last?["id"]?.stringValue
        let timer = try await server.request(
            "POST", "/api/cook/timers", json: ["label": "Rice", "seconds": 600], cookie: ada
        ).json
        f["/api/cook/timers/:id"] = timer["id"]?.stringValue ?? timer["timer"]?["id"]?.stringValue
        let log = try await server.request(
            "POST", "/api/food/log",
            json: ["date": "2026-07-20", "slot": "lunch", "label": "Soup", "kcal": 300], cookie: ada
        ).json
        f["/api/food/log/:id"] = log["id"]?.stringValue
        let bought = try await server.request("POST", "/api/food/shopping", json: ["name": "Foil"], cookie: ada).json
        f["/api/food/shopping/:id"] = bought["id"]?.stringValue
        let (form, type) = ImportJobRouteTests.form(
            kind: "strong", file: try ImportJobRouteTests.fixture("strong-2025.csv"))
        let job = try await server.raw("POST", "/api/import", body: form, contentType: type, cookie: ada)
        server.app.imports.drain()
        f["/api/import/:id"] = job.json["id"]?.stringValue
        return f
    }
}
