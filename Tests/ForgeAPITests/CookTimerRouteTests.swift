import ForgeCore
import Foundation
import Testing

@Suite struct CookTimerRouteTests {
    @Test func aTimerIsSharedByTheHouseholdAndMovesThroughItsStates() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let created = try await server.request(
                "POST", "/api/cook/timers",
                json: ["label": "Rice", "seconds": 600, "background": true], cookie: ada)
            #expect(created.status == 201)
            let id = created.json["id"]?.stringValue ?? ""
            #expect(created.json["state"] == "running" && created.json["background"] == true)
            #expect([599, 600].contains(created.json["remaining_s"]?.intValue ?? 0))
            let endsAt = Instant.parse(created.json["ends_at"]?.stringValue ?? "")!
            #expect(abs(endsAt.timeIntervalSinceNow - 600) < 5)
            #expect(created.json["late_by_ms"] == .null)

            let bens = try await server.get("/api/cook/timers", cookie: ben)
            #expect(bens.json["timers"]?.arrayValue?.map { $0["id"] } == [.string(id)])

            let paused = try await server.request("POST", "/api/cook/timers/\(id)/pause", cookie: ben)
            #expect(paused.json["state"] == "paused" && paused.json["ends_at"] == .null)
            let again = try await server.request("POST", "/api/cook/timers/\(id)/pause", cookie: ada)
            #expect(again.status == 409 && again.detail == "cannot pause a paused timer")
            let extended = try await server.request(
                "POST", "/api/cook/timers/\(id)/extend", json: ["seconds": 60], cookie: ada)
            #expect((extended.json["remaining_s"]?.intValue ?? 0) >= 659)
            let resumed = try await server.request("POST", "/api/cook/timers/\(id)/resume", cookie: ada)
            #expect(resumed.json["state"] == "running" && resumed.json["ends_at"] != .null)
            let dismissEarly = try await server.request("POST", "/api/cook/timers/\(id)/dismiss", cookie: ada)
            #expect(dismissEarly.status == 409)
            let cancelled = try await server.request("POST", "/api/cook/timers/\(id)/cancel", cookie: ada)
            #expect(cancelled.json["state"] == "cancelled")
            #expect(try await server.get("/api/cook/timers", cookie: ada).json["timers"] == [])
        }
    }

    @Test func badTimerInputIsRefusedWithoutWriting() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            for body: JSONValue in [
                ["label": "x", "seconds": 0], ["label": "x", "seconds": 86_401], ["label": "x", "seconds": 1.5],
                ["label": "", "seconds": 10], ["seconds": 10], ["label": "x", "seconds": 10, "step": -1],
            ] {
                let reply = try await server.request("POST", "/api/cook/timers", json: body, cookie: ada)
                #expect(reply.status == 422, "body \(body)")
            }
            let unknown = try await server.request(
                "POST", "/api/cook/timers",
                json: ["label": "x", "seconds": 10, "recipe_slug": "no-such-dish"], cookie: ada)
            #expect(unknown.status == 404 && unknown.detail == "unknown recipe")
            let missing = try await server.request("POST", "/api/cook/timers/0123/pause", cookie: ada)
            #expect(missing.status == 404 && missing.detail == "timer not found")
            #expect(try await server.get("/api/cook/timers").status == 401)
            #expect(try await server.get("/api/cook/timers", cookie: ada).json["timers"] == [])
        }
    }

    @Test func theDemoHasItsOwnTimers() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let demo = try server.demoSeat()
            let mine = try await server.request(
                "POST", "/api/cook/timers", json: ["label": "Demo eggs", "seconds": 300],
                cookie: demo.cookie)
            #expect(mine.status == 201)
            #expect(try await server.get("/api/cook/timers", cookie: ada).json["timers"] == [])
            let id = mine.json["id"]?.stringValue ?? ""
            #expect(try await server.request("POST", "/api/cook/timers/\(id)/cancel", cookie: ada).status == 404)
        }
    }

    @Test func aRunningTimerFiresNotEarlyAndCanBeDismissed() async throws {
        try await withTestServer { server in
            try await server.withCookServices {
                let ada = try await server.signIn("ada@example.org")
                let created = try await server.request(
                    "POST", "/api/cook/timers", json: ["label": "Toast", "seconds": 1],
                    cookie: ada)
                let id = created.json["id"]?.stringValue ?? ""
                // Polls (no timing bound: bench/timers.sh measures lateness) until it rings.
                var timer: JSONValue?
                for _ in 0..<100 {
                    timer = try await server.get("/api/cook/state", cookie: ada).json["timers"]?.arrayValue?.first
                    if timer?["state"] == "fired" { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(timer?["state"] == "fired" && timer?["remaining_s"] == 0)
                #expect((timer?["late_by_ms"]?.intValue ?? -1) >= 0)
                let endsAt = try #require(timer?["ends_at"]?.stringValue.flatMap(Instant.parse))
                let firedAt = try #require(timer?["fired_at"]?.stringValue.flatMap(Instant.parse))
                #expect(firedAt >= endsAt)
                let dismissed = try await server.request("POST", "/api/cook/timers/\(id)/dismiss", cookie: ada)
                #expect(dismissed.json["state"] == "dismissed")
                #expect(try await server.get("/api/cook/state", cookie: ada).json["timers"] == [])
            }
        }
    }
}
