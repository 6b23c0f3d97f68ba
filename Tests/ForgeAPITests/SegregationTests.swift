import ForgeAPI
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation
import Testing

/// Member B (and the demo seat) against member A's ids, over every route of
/// the route table: a route that names an object answers 404 (403 where the
/// contract walls the demo off), reads never show A's rows, and A's data is
/// unchanged afterwards.
@Suite(.serialized) struct SegregationTests {
    @Test func benAndTheDemoNeverReachAdasRows() async throws {
        let clock = FixedClock(Instant.parse("2026-07-20T17:00:00.000Z")!)
        try await withTestServer(clock: clock, transport: .socket) { server in
            try server.app.db.write { db in
                _ = try HouseholdStore.addUser(
                    email: "demo@example.org", name: "Demo", role: "demo", prefs: [:], passwordHash: nil,
                    now: clock.now(), in: db)
            }
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let demoReply = try await server.request("POST", "/auth/demo")
            let demo = String(try #require(demoReply.header("Set-Cookie")).split(separator: ";")[0])

            // Ada's rows: a completed session with a set, a niggle, a planned item, her own profile.
            let sid = try #require(
                try await server.request("POST", "/api/sessions", json: [:], cookie: ada).json["id"]?.stringValue)
            _ = try await server.request(
                "POST", "/api/sessions/\(sid)/sets",
                json: ["slug": "back-squat", "set_no": 1, "weight": 61.25, "reps": 5], cookie: ada)
            _ = try await server.request(
                "POST", "/api/sessions/\(sid)/complete", json: ["notes": "ada-secret-note"], cookie: ada)
            let niggle = try #require(
                try await server.request(
                    "POST", "/api/niggles",
                    json: ["body_part": "Ada-shoulder"], cookie: ada
                ).json["id"]?.stringValue)
            let item = try #require(
                try await server.request(
                    "POST", "/api/plan-items",
                    json: ["date": "2026-07-21", "kind": "meal", "title": "ada-plan"],
                    cookie: ada
                ).json["id"]?.stringValue)
            let equipment = try await server.get("/api/equipment", cookie: ada).json
            let profile = try #require(
                equipment["profiles"]?.arrayValue?.first { $0["shared"] == false }?["id"]?.stringValue)
            let shared = try #require(
                equipment["profiles"]?.arrayValue?.first { $0["shared"] == true }?["id"]?.stringValue)
            _ = try await server.request(
                "POST", "/api/labs",
                json: [
                    "drawn_on": "2026-07-01",
                    "results": [["marker": "ada-ldl", "value": 2.5]],
                ], cookie: ada)
            // The household's cook session and timer: shared with Ben by design, never the demo's.
            let recipe = try server.cookableRecipe()
            let cookSession = try #require(
                try await server.request(
                    "POST", "/api/cook/sessions",
                    json: ["recipe_slug": .string(recipe.slug)],
                    cookie: ada
                ).json["id"]?.stringValue)
            let timer = try #require(
                try await server.request(
                    "POST", "/api/cook/timers",
                    json: ["label": "ada-timer", "seconds": 600],
                    cookie: ada
                ).json["id"]?.stringValue)
            let before = try await snapshot(server, ada, sid: sid)

            // Ada's id for each path parameter, by the route's resource.
            func id(for pattern: String, parameter: String) -> String {
                if pattern.hasPrefix("/api/cook/sessions") { return cookSession }
                if pattern.hasPrefix("/api/cook/timers") { return timer }
                if pattern.hasPrefix("/api/equipment") { return profile }
                if pattern.hasPrefix("/api/niggles") { return niggle }
                if pattern.hasPrefix("/api/plan-items") { return item }
                return sid
            }
            let body: JSONValue = [
                "slug": "back-squat", "set_no": 1, "reps": 5, "weight": 200, "notes": "ben was here",
                "favorite": true, "status": "cleared", "items": [], "title": "ben", "profile_id": .string(profile),
                "seconds": 60, "step": 1,
            ]
            let adaIDs = [sid, niggle, item, profile]
            let adaText = ["ada-secret-note", "Ada-shoulder", "ada-plan", "ada-ldl", "61.25"]
            let routes = server.app.makeResponder().routes
            var walked = 0
            for caller in [ben, demo] {
                for route in routes where route.tags["auth"] != "public" {
                    let segments = route.pattern.split(separator: "/", omittingEmptySubsequences: false)
                    let hasParameter = segments.contains { $0.hasPrefix(":") }
                    let path = segments.map { s in
                        s.hasPrefix(":") ? id(for: route.pattern, parameter: String(s.dropFirst())) : String(s)
                    }.joined(separator: "/")
                    let namesAdasObject = hasParameter || route.pattern == "/api/equipment/active"
                    if namesAdasObject, caller == ben, route.pattern.hasPrefix("/api/cook/") { continue }
                    if namesAdasObject {
                        let reply = try await server.request(
                            route.method.rawValue, path,
                            json: route.method.rawValue == "GET" ? JSONValue?.none : body,
                            cookie: caller)
                        #expect(
                            [403, 404].contains(reply.status),
                            "\(route.method.rawValue) \(route.pattern) → \(reply.status)")
                        walked += 1
                    } else if route.tags["produces"] == "text/event-stream" {
                        // A live stream never ends: read its opening frame over a raw socket.
                        let stream = try SSEClient(port: server.port, cookie: caller)
                        let opening = try #require(stream.next())
                        #expect(stream.status == 200 && opening.event == "hello")
                        for secret in adaIDs + adaText {
                            #expect(!opening.data.contains(secret), "GET \(route.pattern) shows Ada's \(secret)")
                        }
                        walked += 1
                    } else if route.method.rawValue == "GET" {
                        let reply = try await server.get(path, cookie: caller)
                        let text = String(decoding: reply.data, as: UTF8.self)
                        for secret in adaIDs + adaText {
                            #expect(!text.contains(secret), "GET \(route.pattern) shows Ada's \(secret)")
                        }
                        walked += 1
                    }
                }
            }
            #expect(walked > 30)
            // The demo seat cannot rewrite the household's shared profile (docs/contract.md §6.7).
            let demoEdit = try await server.request(
                "PATCH", "/api/equipment/\(shared)", json: ["items": []], cookie: demo)
            #expect(demoEdit.status == 403)
            // Nothing of Ada's moved.
            #expect(try await snapshot(server, ada, sid: sid) == before)
        }
    }

    /// Everything of Ada's that a write could have changed.
    func snapshot(_ server: TestServer, _ ada: String, sid: String) async throws -> [JSONValue] {
        var out: [JSONValue] = []
        for path in [
            "/api/sessions/\(sid)", "/api/niggles", "/api/equipment", "/api/records", "/api/labs", "/api/history",
            "/api/week?date=2026-07-21", "/auth/me",
        ] {
            out.append(try await server.get(path, cookie: ada).json)
        }
        return out
    }
}
