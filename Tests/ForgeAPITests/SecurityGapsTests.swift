import ForgeCore
import Foundation
import Testing

@testable import ForgeAPI

/// Issue 26, item 7: the gaps an adversarial client found, one test each
/// (TLS is `TLSPolicyTests`, framing `RequestFramingTests`, control
/// characters `InvalidInputMatrixTests` and `JSONValueDecodingTests`).
@Suite(.serialized) struct SecurityGapsTests {
    /// A cross-site form or `text/plain` POST carries the cookie without a
    /// preflight: refused 415 before anything runs, on bodyless and JSON
    /// routes alike; JSON, and no `Content-Type` (the app, curl), still pass.
    @Test func simpleBodiesAreRefusedOnRoutesThatDoNotTakeThem() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let first = try await server.request("POST", "/api/connections/rotate-token", cookie: ada)
            let token = try #require(first.json["token"]?.stringValue)
            for type in [
                "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x",
            ] {
                let forged = try await server.raw(
                    "POST", "/api/connections/rotate-token", body: Data("{}".utf8), contentType: type, cookie: ada)
                #expect(forged.status == 415, "\(type): \(forged.status)")
                #expect(forged.detail?.hasPrefix("unsupported content type") == true, "\(forged.detail ?? "")")
                #expect(forged.json["token"] == nil)
            }
            let shown = try await server.get("/api/connections/token", cookie: ada)
            #expect(shown.json["token"]?.stringValue == token, "a refused request rotated nothing")
            // A JSON body sent as text/plain is not parsed as JSON.
            let body = try JSONCoding.encode(["item": "flour", "checked": true] as JSONValue)
            let patched = try await server.raw(
                "PATCH", "/api/food/shopping", body: body, contentType: "text/plain", cookie: ada)
            #expect(patched.status == 415)
            // The app and curl: JSON, or no Content-Type on a bodyless write.
            let json = try await server.raw(
                "POST", "/api/connections/rotate-token", body: Data(), contentType: "application/json", cookie: ada)
            #expect(json.status == 200)
            let bare = try await server.request("POST", "/api/connections/rotate-token", cookie: ada)
            #expect(bare.status == 200)
        }
    }

    /// The routes that take other types say so in the OpenAPI document, and
    /// every cookie write documents the 415.
    @Test func theOpenAPIDocumentNamesTheMediaTypesEachWriteTakes() async throws {
        try await withTestServer(transport: .socket) { server in
            let doc = try await server.get("/api/openapi.json").json
            let upload = doc["paths"]?["/api/sessions/import"]?["post"]
            let uploadTypes = Set(upload?["requestBody"]?["content"]?.objectValue?.keys.map { $0 } ?? [])
            #expect(uploadTypes.contains("multipart/form-data") && uploadTypes.contains("application/gpx+xml"))
            #expect(upload?["responses"]?["415"] != nil)
            let token = doc["paths"]?["/mcp/oauth/token"]?["post"]?["requestBody"]?["content"]?.objectValue
            #expect(token?.keys.contains("application/x-www-form-urlencoded") == true)
            #expect(doc["paths"]?["/api/connections/rotate-token"]?["post"]?["responses"]?["415"] != nil)
            #expect(doc["paths"]?["/ingest"]?["post"]?["responses"]?["415"] == nil, "bearer routes are not checked")
            // A multipart upload to the route that takes it is not refused.
            let ada = try await server.signIn("ada@example.org")
            let (form, type) = CardioImportTests.multipart(
                try CardioImportTests.fixture("gpx/two-segments-prefixed.gpx"))
            let reply = try await server.raw("POST", "/api/sessions/import", body: form, contentType: type, cookie: ada)
            #expect(reply.status == 200)
        }
    }

    /// 16 addresses × 1 failure each are 16 guesses at one account: from the
    /// tenth on, the account is slowed whatever the address; the per-address
    /// lock-out is unchanged.
    @Test func signInFailuresSlowTheAccountWhateverTheAddress() {
        let throttle = LoginThrottle()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var delays: [TimeInterval?] = []
        for n in 0..<16 {
            let address = "fd00::\(n + 1)"
            #expect(throttle.retryAfter(email: "ada@example.org", address: address, now: now) == nil)
            delays.append(throttle.fail(email: "Ada@example.org", address: address, now: now + Double(n) * 10))
        }
        #expect(delays.prefix(9).allSatisfy { $0 == nil })
        #expect(Array(delays.suffix(7)) == [1, 2, 4, 8, 16, 32, 64])
        let later = now + 150
        #expect(throttle.accountRetryAfter(email: "ada@example.org", now: later) == 64)
        #expect(throttle.accountRetryAfter(email: "ben@example.org", now: later) == nil)
        #expect(throttle.accountRetryAfter(email: "ada@example.org", now: later + 64) == nil)
        #expect(LoginThrottle.accountDelay(afterFailures: 40) == LoginThrottle.accountDelayCap)
        throttle.succeed(email: "ada@example.org", address: "fd00::1")
        #expect(throttle.accountRetryAfter(email: "ada@example.org", now: later) == nil)
    }

    /// Wired into /auth/login: an account slowed by failures from other
    /// addresses answers 429 without checking the password.
    @Test func theLoginRouteHonoursTheAccountDelay() async throws {
        try await withTestServer(devAuth: false) { server in
            let now = server.app.clock.now()
            for n in 0..<12 {
                server.app.throttle.fail(email: "ada@example.org", address: "198.51.100.\(n)", now: now)
            }
            let reply = try await server.request(
                "POST", "/auth/login", json: ["email": "ada@example.org", "password": "anything"])
            #expect(reply.status == 429)
            #expect(reply.detail == "too many failed sign-ins to this account; try again later")
            #expect(Int(reply.header("Retry-After") ?? "") ?? 0 >= 1)
            let other = try await server.request(
                "POST", "/auth/login", json: ["email": "ben@example.org", "password": "anything"])
            #expect(other.status == 401)
        }
    }

    static func recipePage(ingredients: Int, steps: Int) -> String {
        let lines = (0..<ingredients).map { "\"\($0 + 1) g flour\"" }.joined(separator: ",")
        let howTo = (0..<steps).map { "{\"@type\":\"HowToStep\",\"text\":\"Stir until smooth \($0).\"}" }
            .joined(separator: ",")
        return """
            <!doctype html><html><head><script type="application/ld+json">
            {"@context":"https://schema.org","@type":"Recipe","name":"Endless Loaf",
             "recipeIngredient":[\(lines)],"recipeInstructions":[\(howTo)]}
            </script></head><body></body></html>
            """
    }

    @Test func recipeImportsAreCappedInIngredientsAndSteps() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            func importPage(_ html: String) async throws -> TestServer.Reply {
                try await server.request(
                    "POST", "/api/food/recipes/import",
                    json: ["url": "https://example.org/endless-loaf", "html": .string(html)], cookie: ada)
            }
            let many = try await importPage(Self.recipePage(ingredients: 12_000, steps: 3))
            #expect(many.status == 422)
            #expect(many.detail == "the page's recipe has 12000 ingredient lines; at most 300 are imported")
            let long = try await importPage(Self.recipePage(ingredients: 3, steps: 201))
            #expect(long.detail == "the page's recipe has 201 steps; at most 200 are imported")
            let count: Int? = try server.app.db.read {
                try $0.scalar("SELECT COUNT(*) FROM recipes WHERE slug = 'endless-loaf'")
            }
            #expect(count == 0)
            let atTheCap = try await importPage(Self.recipePage(ingredients: 300, steps: 200))
            #expect(atTheCap.status == 200, "\(atTheCap.detail ?? "")")
            let doc = try await server.get("/api/openapi.json").json
            let summary = doc["paths"]?["/api/food/recipes/import"]?["post"]?["summary"]?.stringValue ?? ""
            #expect(summary.contains("at most 300 ingredient lines and 200 steps"))
        }
    }

    /// A 0001-01-01 time, a latitude of 1e308, a heart rate of 400, NaN and
    /// 1e309: skipped and counted, never stored.
    @Test func impossibleTrackValuesAreSkippedAndCounted() async throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:tp="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><name>Odd</name><trkseg>
            <trkpt lat="51.5" lon="-0.1"><time>0001-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="1e308" lon="-0.1"><time>2026-07-16T07:00:00Z</time></trkpt>
            <trkpt lat="51.5" lon="-0.1"><time>2026-07-16T07:00:10Z</time>
              <extensions><tp:TrackPointExtension><tp:hr>400</tp:hr></tp:TrackPointExtension></extensions></trkpt>
            <trkpt lat="NaN" lon="-0.1"><time>2026-07-16T07:00:20Z</time>
              <extensions><tp:TrackPointExtension><tp:hr>120</tp:hr></tp:TrackPointExtension></extensions></trkpt>
            <trkpt lat="51.5003" lon="-0.1"><time>2026-07-16T07:00:30Z</time><ele>1e309</ele></trkpt>
            </trkseg></trk></gpx>
            """
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.raw(
                "POST", "/api/sessions/import", body: Data(gpx.utf8), contentType: "application/gpx+xml", cookie: ada)
            #expect(reply.status == 200, "\(reply.detail ?? "")")
            #expect(reply.json["day"] == "2026-07-16")
            #expect(reply.json["skipped"] == 3)
            let stats = reply.json["stats"]
            #expect(stats?["max_hr"] == 120 || stats?["max_hr"]?.doubleValue == 120)
            #expect((stats?["duration_s"]?.doubleValue ?? 0) <= 30)
        }
    }
}
