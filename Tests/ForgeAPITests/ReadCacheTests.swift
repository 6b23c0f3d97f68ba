import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation
import Synchronization
import Testing

@testable import ForgeAPI

/// The generation-keyed read cache (ReadCache, APIRouter `cache:`): every
/// cached route answers with an ETag and 304 on `If-None-Match`, and a write
/// by any writer is seen by the next read. The oracle for "seen" is a second
/// ForgeApp on the same database file, with empty caches: after the write the
/// served answer must equal its fresh answer and differ from the one before.
@Suite(.serialized) struct ReadCacheTests {
    static let date = "2026-07-20"
    static let recipe = "harissa-chicken-traybake"

    /// Every cached route, the request used for it, and a write (SQL, as
    /// `user_id = ?1`) that changes its answer for Ada.
    static let cases: [(pattern: String, path: String, change: String)] = [
        (
            "/api/today", "/api/today?date=\(date)",
            "UPDATE plan_revisions SET content = replace(content, '\"back-squat\"', '\"front-squat\"') WHERE plan_id IN (SELECT id FROM plans WHERE user_id = ?1)"
        ),
        (
            "/api/week", "/api/week?date=\(date)",
            "INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at) VALUES ('s-week', ?1, '\(date)', 'Extra', 'strength', 'completed', '\(date)T18:00:00.000Z', '\(date)T19:00:00.000Z')"
        ),
        (
            "/api/food/week", "/api/food/week?date=\(date)",
            "INSERT INTO meal_logs (id, user_id, day, slot, label, kcal, source, created_at) VALUES ('m-week', ?1, '\(date)', 'snack', 'Apple', 95, 'manual', '\(date)T10:00:00.000Z')"
        ),
        (
            "/api/food/recipes", "/api/food/recipes",
            "UPDATE recipes SET name = 'Renamed traybake' WHERE slug = '\(recipe)' AND ?1 IS NOT NULL"
        ),
        (
            "/api/food/foods", "/api/food/foods?q=butter",
            "UPDATE ingredients SET kcal_100 = kcal_100 + 1 WHERE name = 'butter' AND ?1 IS NOT NULL"
        ),
        (
            "/api/food/recipes/:slug", "/api/food/recipes/\(recipe)",
            "UPDATE recipes SET minutes = minutes + 7 WHERE slug = '\(recipe)' AND ?1 IS NOT NULL"
        ),
        (
            "/api/exercises", "/api/exercises",
            "UPDATE exercises SET name = 'Renamed squat' WHERE slug = 'back-squat' AND ?1 IS NOT NULL"
        ),
        (
            "/api/exercises/:slug", "/api/exercises/back-squat",
            "UPDATE exercises SET benefit = 'A renamed benefit.' WHERE slug = 'back-squat' AND ?1 IS NOT NULL"
        ),
        (
            "/api/history", "/api/history",
            "INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at) VALUES ('s-hist', ?1, '\(date)', 'Extra', 'strength', 'completed', '\(date)T18:00:00.000Z', '\(date)T19:00:00.000Z')"
        ),
        (
            "/api/records", "/api/records",
            "INSERT INTO records (user_id, slug, kind, value, weight, reps, achieved_on, updated_at) VALUES (?1, 'back-squat', 'best_set', 100, 100, 5, '\(date)', '\(date)T19:00:00.000Z')"
        ),
        (
            "/api/progress", "/api/progress",
            "INSERT INTO metrics (id, user_id, type, value, unit, ts, source) VALUES ('w-prog', ?1, 'weight', 77.7, 'kg', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour'), 'manual')"
        ),
        (
            "/api/dashboard", "/api/dashboard",
            "INSERT INTO metrics (id, user_id, type, value, unit, ts, source) VALUES ('w-dash', ?1, 'weight', 66.6, 'kg', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour'), 'manual')"
        ),
    ]

    /// A writer: how the change reaches the database.
    enum Writer: CaseIterable {
        /// The daemon's own writer connection (what routes, the coach and the schedulers use).
        case inProcess
        /// Another connection to the file, as `forged user`/`display`/`library` run beside the daemon.
        case otherProcess
    }

    @Test func everyCachedRouteIsCoveredHere() throws {
        try withApp { app, _ in
            let cached = Set(app.makeResponder().routes.filter { $0.tags["cache"] != nil }.map(\.pattern))
            #expect(cached == Set(Self.cases.map(\.pattern)))
        }
    }

    @Test(arguments: Writer.allCases)
    func everyCachedRouteSeesTheNextWrite(_ writer: Writer) async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID: String = try server.app.db.read {
                try $0.scalar("SELECT id FROM users WHERE email = 'ada@example.org'")
            }!
            for (pattern, path, change) in Self.cases {
                let first = try await server.get(path, cookie: ada)
                let again = try await server.get(path, cookie: ada)
                #expect(first.status == 200, "\(pattern)")
                #expect(again.data == first.data && again.header("ETag") == first.header("ETag"), "\(pattern)")
                let sql = change.replacingOccurrences(of: "?1", with: "?")
                let arguments = Array(repeating: adaID, count: change.components(separatedBy: "?1").count - 1)
                switch writer {
                case .inProcess:
                    try server.app.db.write { try $0.execute(sql, arguments) }
                case .otherProcess:
                    let other = try Database(
                        path: server.directory.appendingPathComponent("forge.sqlite3").path, readers: 1)
                    try other.write { try $0.execute(sql, arguments) }
                    other.close()
                }
                let after = try await server.get(path, cookie: ada)
                let fresh = try Self.fresh(server, path, cookie: ada)
                #expect(after.status == 200)
                #expect(after.data != first.data, "\(pattern): the write is not visible")
                #expect(after.data == fresh.body, "\(pattern): differs from an uncached answer")
                #expect(after.header("ETag") != first.header("ETag"), "\(pattern)")
            }
        }
    }

    @Test func everyCachedRouteAnswers304ToAMatchingIfNoneMatch() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            for (pattern, path, _) in Self.cases {
                let full = try await server.get(path, cookie: ada)
                let etag = try #require(full.header("ETag"), "\(pattern)")
                #expect(full.header("Cache-Control") == "private, no-cache", "\(pattern)")
                #expect(etag.hasPrefix("\"") && etag.count == 18)
                let revalidated = try await server.request("GET", path, cookie: ada, headers: ["If-None-Match": etag])
                #expect(revalidated.status == 304 && revalidated.data.isEmpty, "\(pattern)")
                #expect(revalidated.header("ETag") == etag)
                let weakList = try await server.request(
                    "GET", path, cookie: ada,
                    headers: ["If-None-Match": "\"0000000000000000\", W/\(etag)"])
                #expect(weakList.status == 304, "\(pattern)")
                let other = try await server.request(
                    "GET", path, cookie: ada, headers: ["If-None-Match": "\"0000000000000000\""])
                #expect(other.status == 200 && other.data == full.data, "\(pattern)")
            }
        }
    }

    @Test func answersAreKeptPerCallerAndNeverCrossMembers() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            _ = try await server.logMeal(
                ["date": .string(Self.date), "slot": "dinner", "recipe": .string(Self.recipe)], cookie: ada)
            let adaWeek = try await server.get("/api/food/week?date=\(Self.date)", cookie: ada)
            let benWeek = try await server.get("/api/food/week?date=\(Self.date)", cookie: ben)
            #expect(adaWeek.data != benWeek.data)
            #expect(benWeek.data == (try Self.fresh(server, "/api/food/week?date=\(Self.date)", cookie: ben)).body)
            // Ben's entity tag is no good for Ada.
            let cross = try await server.request(
                "GET", "/api/food/week?date=\(Self.date)", cookie: ada,
                headers: ["If-None-Match": benWeek.header("ETag") ?? ""])
            #expect(cross.status == 200 && cross.data == adaWeek.data)
        }
    }

    @Test func aMealLoggedThroughTheRouteShowsOnTheNextFoodWeek() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let before = try await server.get("/api/food/week?date=\(Self.date)", cookie: ada)
            let hitsBefore = server.app.reads.hits.load(ordering: .relaxed)
            _ = try await server.get("/api/food/week?date=\(Self.date)", cookie: ada)
            #expect(server.app.reads.hits.load(ordering: .relaxed) == hitsBefore + 1)
            let logged = try await server.logMeal(
                [
                    "date": .string(Self.date), "slot": "dinner",
                    "recipe": .string(Self.recipe),
                ], cookie: ada)
            #expect(logged.status == 200)
            let after = try await server.get("/api/food/week?date=\(Self.date)", cookie: ada)
            #expect(after.data != before.data)
            #expect(
                after.json["days"]?.arrayValue?.first?["slots"]?.arrayValue?.contains { $0["logged"] == true } == true)
            // A revalidation with the old tag now gets the new week, not a 304.
            let revalidated = try await server.request(
                "GET", "/api/food/week?date=\(Self.date)", cookie: ada,
                headers: ["If-None-Match": before.header("ETag") ?? ""])
            #expect(revalidated.status == 200 && revalidated.data == after.data)
        }
    }

    @Test func aRevokedSessionIsRefusedByTheVeryNextRequest() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            #expect(try await server.get("/api/today?date=\(Self.date)", cookie: ada).status == 200)
            #expect(try await server.get("/api/today?date=\(Self.date)", cookie: ada).status == 200)
            // Revoked by another process (forged user passwd signs a member out everywhere).
            let other = try Database(path: server.directory.appendingPathComponent("forge.sqlite3").path, readers: 1)
            try other.write { try $0.execute("DELETE FROM auth_sessions") }
            other.close()
            let refused = try await server.get("/api/today?date=\(Self.date)", cookie: ada)
            #expect(refused.status == 401 && refused.detail == "invalid session")
            let ben = try await server.signIn("ben@example.org")
            #expect(try await server.get("/api/records", cookie: ben).status == 200)
            #expect(try await server.request("POST", "/auth/logout", cookie: ben).status == 200)
            #expect(try await server.get("/api/records", cookie: ben).status == 401)
        }
    }

    @Test func theGenerationMovesOnEveryCommitFromAnyConnection() throws {
        try withApp { app, path in
            let g0 = app.db.generation()
            #expect(app.db.generation() == g0)
            try app.db.write { try $0.execute("UPDATE recipes SET minutes = minutes WHERE 0") }
            let g1 = app.db.generation()
            #expect(g1 != g0)
            let other = try Database(path: path, readers: 1)
            try other.write { try $0.execute("UPDATE recipes SET minutes = minutes + 1") }
            other.close()
            #expect(app.db.generation() != g1)
        }
    }

    @Test func entityTagsAreStableAndDistinguishBodies() {
        let a = ReadCache.etag(of: Data("{\"a\":1}".utf8))
        #expect(a == ReadCache.etag(of: Data("{\"a\":1}".utf8)))
        #expect(a != ReadCache.etag(of: Data("{\"a\":2}".utf8)))
        // FNV-1a 64 of the empty input is its offset basis.
        #expect(ReadCache.etag(of: Data()) == "\"cbf29ce484222325\"")
    }

    // MARK: helpers

    /// The answer a fresh app (empty caches) on the same file gives.
    static func fresh(_ server: TestServer, _ target: String, cookie: String) throws -> Response {
        let db = try Database(path: server.directory.appendingPathComponent("forge.sqlite3").path, readers: 1)
        defer { db.close() }
        let app = ForgeApp(db: db, config: server.app.config, clock: server.app.clock)
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let request = Request(
            method: .GET, path: parts[0], rawQuery: parts.count > 1 ? parts[1] : "",
            headers: ["Cookie": cookie])
        return app.makeResponder().respond(to: request)
    }

    func withApp(_ body: (ForgeApp, String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "forge-cache-\(Identifier.make())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("forge.sqlite3").path
        let db = try Database(path: path)
        defer { db.close() }
        let config = AppConfiguration(
            devAuth: true, baseURL: "http://127.0.0.1", timeZone: TimeZone(identifier: "Europe/London")!,
            seedRecipes: true, allowedUsers: TestServer.household, passwordCost: .minimum, build: "test")
        let app = ForgeApp(db: db, config: config, clock: SystemClock())
        try app.prepare()
        try body(app, path)
    }
}
