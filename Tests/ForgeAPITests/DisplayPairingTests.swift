import ForgeCore
import ForgeHousehold
import Foundation
import Testing

@testable import ForgeAPI

@Suite struct DisplayPairingTests {
    @Test func aPairedDisplayRunsTimersAndReadsTheWeekButNothingElse() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let display = try await server.pairDisplay()
            let week = try await server.get("/api/kitchen/week", cookie: display)
            #expect(week.status == 200 && week.json["days"]?.arrayValue?.count == 7)
            let recipe = try server.cookableRecipe()
            let detail = try await server.get("/api/kitchen/recipes/\(recipe.slug)", cookie: display)
            #expect(detail.json["platefig"] == .string(recipe.platefig))
            #expect(detail.json["steps"]?.arrayValue?.count == recipe.steps.count)

            let timer = try await server.request(
                "POST", "/api/cook/timers", json: ["label": "Oven", "seconds": 900],
                cookie: display)
            #expect(timer.status == 201)
            #expect(try await server.get("/api/cook/timers", cookie: ada).json["timers"]?.arrayValue?.count == 1)
            let started = try await server.request(
                "POST", "/api/cook/sessions", json: ["recipe_slug": .string(recipe.slug)],
                cookie: display)
            let id = started.json["id"]?.stringValue ?? ""
            let finished = try await server.request("POST", "/api/cook/sessions/\(id)/finish", cookie: display)
            #expect(finished.status == 200 && finished.json["log"] == .null)

            for path in [
                "/api/today", "/api/food/week", "/api/exercises", "/api/food/recipes", "/api/week",
                "/api/food/proposal",
            ] {
                let reply = try await server.get(path, cookie: display)
                #expect(reply.status == 403, "\(path) answered \(reply.status)")
            }
            let log = try await server.request(
                "POST", "/api/food/log",
                json: ["slot": "dinner", "label": "x", "kcal": 1], cookie: display)
            #expect(log.status == 403)
            #expect(try await server.get("/kitchen", cookie: display).status == 200)
        }
    }

    @Test func codesAreSingleUseExpireAndDisplaysCanBeRevoked() async throws {
        try await withTestServer { server in
            let (id, code) = try server.app.db.write { try DisplayStore.create(name: "Kitchen", now: Date(), in: $0) }
            #expect(try await server.request("POST", "/kitchen/pair", json: ["code": "AAAA-BBBB"]).status == 403)
            let paired = try await server.request("POST", "/kitchen/pair", json: ["code": .string(code.lowercased())])
            #expect(paired.status == 200 && paired.json["display_id"] == .string(id))
            #expect(try await server.request("POST", "/kitchen/pair", json: ["code": .string(code)]).status == 403)
            let cookie = String(paired.header("Set-Cookie")!.split(separator: ";")[0])
            #expect(try await server.get("/api/cook/timers", cookie: cookie).status == 200)

            let old = try server.app.db.write {
                try DisplayStore.create(name: "Old", now: Date() - DisplayStore.codeLifetime - 1, in: $0)
            }
            #expect(try await server.request("POST", "/kitchen/pair", json: ["code": .string(old.code)]).status == 403)

            let names = try server.app.db.write { try DisplayStore.revoke("Kitchen", now: Date(), in: $0) }
            #expect(names == ["Kitchen"])
            #expect(try await server.get("/api/cook/timers", cookie: cookie).status == 401)
            let listed = try server.app.db.read { try DisplayStore.all(in: $0) }
            #expect(listed.map(\.status) == ["waiting for code", "revoked"])  // oldest first
        }
    }

    /// A display whose code lapsed unused no longer holds its name: pairing
    /// again under the name replaces it (review finding). The clock is the
    /// injected `now`.
    @Test func aLapsedUnpairedDisplayFreesItsName() async throws {
        try await withTestServer { server in
            let db = server.app.db
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let first = try db.write { try DisplayStore.create(name: "Kitchen", now: start, in: $0) }
            // Still within the code's lifetime: the name is taken.
            #expect(throws: DisplayStore.Refusal.nameTaken("Kitchen")) {
                try db.write {
                    try DisplayStore.create(name: "Kitchen", now: start + DisplayStore.codeLifetime - 1, in: $0)
                }
            }
            let later = start + DisplayStore.codeLifetime
            let second = try db.write { try DisplayStore.create(name: "Kitchen", now: later, in: $0) }
            #expect(second.id != first.id)
            let listed = try db.read { try DisplayStore.all(in: $0) }
            #expect(listed.map(\.id) == [second.id] && listed.map(\.status) == ["waiting for code"])
            // The new code pairs; a paired display keeps its name however old its pairing.
            #expect(try db.write { try DisplayStore.pair(code: second.code, now: later + 1, in: $0) }?.id == second.id)
            #expect(throws: DisplayStore.Refusal.nameTaken("kitchen")) {
                try db.write { try DisplayStore.create(name: "kitchen", now: later + 86_400, in: $0) }
            }
        }
    }

    @Test func displayNamesAreUniqueAndRevokeTakesAnIdOrAUniqueName() async throws {
        try await withTestServer { server in
            let db = server.app.db
            let first = try db.write { try DisplayStore.create(name: "Kitchen", now: Date(), in: $0) }
            #expect(throws: DisplayStore.Refusal.nameTaken("kitchen")) {
                try db.write { try DisplayStore.create(name: "kitchen", now: Date(), in: $0) }
            }
            let hall = try db.write { try DisplayStore.create(name: "Hall", now: Date(), in: $0) }
            #expect(try db.write { try DisplayStore.revoke("KITCHEN", now: Date(), in: $0) } == ["Kitchen"])
            // The name is free again once revoked.
            let second = try db.write { try DisplayStore.create(name: "Kitchen", now: Date(), in: $0) }
            #expect(second.id != first.id)
            // Two displays of one name from before names were unique: the name is refused, an id works.
            try db.write { conn in
                try conn.execute("UPDATE kitchen_displays SET name = 'Kitchen' WHERE id = ?", [hall.id])
            }
            #expect(throws: DisplayStore.Refusal.self) {
                try db.write { try DisplayStore.revoke("Kitchen", now: Date(), in: $0) }
            }
            #expect(try db.read { try DisplayStore.all(in: $0) }.filter { !$0.revoked }.count == 2)
            #expect(try db.write { try DisplayStore.revoke(hall.id, now: Date(), in: $0) } == ["Kitchen"])
            #expect(try db.write { try DisplayStore.revoke("nobody", now: Date(), in: $0) } == [])
        }
    }

    /// The service worker is served for the page's own scope, and every
    /// answer it saves for offline use is a GET route a display may read.
    @Test func theServiceWorkerCoversThePageAndSavesOnlyDisplayReads() async throws {
        try await withTestServer { server in
            let reply = try await server.get("/kitchen/sw.js")
            #expect(reply.status == 200)
            #expect(reply.header("Service-Worker-Allowed") == "/kitchen")
            #expect(reply.header("Content-Type")?.hasPrefix("text/javascript") == true)
            let script = String(decoding: reply.data, as: UTF8.self)
            let display = try await server.pairDisplay()
            let slug = try #require(
                try await server.get("/api/kitchen/week", cookie: display).json["days"]?.arrayValue?
                    .lazy.compactMap {
                        $0["slots"]?.arrayValue?.first { $0["recipe"]?["slug"] != nil }?["recipe"]?["slug"]?.stringValue
                    }.first)
            for path in ["/api/kitchen/week", "/api/cook/state", "/api/kitchen/recipes/\(slug)"] {
                #expect(try await server.get(path, cookie: display).status == 200, "\(path)")
            }
            for shell in [
                "/kitchen", "/kitchen/assets/kitchen.css", "/kitchen/assets/kitchen.js", "/kitchen/assets/chime.js",
                "/kitchen/assets/step-fit.js", "/kitchen/assets/plate.js", "/kitchen/assets/icon.svg",
            ] {
                #expect(script.contains("'\(shell)'"), "\(shell) not in the shell list")
                #expect(try await server.get(shell).status == 200, "\(shell)")
            }
            #expect(script.contains(#"/^\/api\/kitchen\/week$/"#) && script.contains(#"/^\/api\/cook\/state$/"#))
        }
    }
}
