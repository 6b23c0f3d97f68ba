import ForgeCore
import ForgeHTTP
import Foundation
import Testing

@testable import ForgeAPI

/// Issue 40, items 1 and 2: what a page on another site (or a name rebound to this server)
/// can make a signed-in member's browser do. Every shape of cross-site request is sent to
/// every state-changing route that takes a cookie, read from the route table, so a new
/// route cannot skip the rule.
@Suite(.serialized) struct CrossSiteTests {
    struct Shape {
        let name: String
        let contentType: String
        let body: Data
        let headers: [String: String]
    }

    static let json = Data(#"{"type":"weight","value":71}"#.utf8)
    static let boundary = "----cross-site-7f"
    static let shapes: [Shape] = [
        Shape(
            name: "form, no Origin", contentType: "application/x-www-form-urlencoded",
            body: Data("decision=allow&type=weight&value=71".utf8), headers: [:]),
        Shape(
            name: "multipart, no Origin", contentType: "multipart/form-data; boundary=\(boundary)",
            body: Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nstrong\r\n--\(boundary)--\r\n"
                    .utf8),
            headers: [:]),
        Shape(name: "text/plain, no Origin", contentType: "text/plain", body: json, headers: [:]),
        Shape(
            name: "JSON, foreign Referer", contentType: "application/json", body: json,
            headers: ["Referer": "http://evil.example/page"]),
        Shape(
            name: "JSON, Sec-Fetch-Site same-site", contentType: "application/json", body: json,
            headers: ["Sec-Fetch-Site": "same-site"]),
        Shape(name: "JSON, Origin null", contentType: "application/json", body: json, headers: ["Origin": "null"]),
        Shape(
            name: "JSON, foreign Origin", contentType: "application/json", body: json,
            headers: ["Origin": "http://evil.example"]),
        Shape(
            name: "form, foreign Origin", contentType: "application/x-www-form-urlencoded",
            body: Data("decision=allow".utf8), headers: ["Origin": "https://forge.home.arpa.evil.example"]),
    ]

    /// `pattern` with every `:parameter` filled.
    static func path(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "x1" : String($0) }.joined(separator: "/")
    }

    @Test func everyCrossSiteShapeIsRefusedOnEveryStateChangingRoute() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            // Every route that resolves a member or display from the cookie, and the public ones that
            // sign in, sign out, pair or consent with it.
            let publicCookieRoutes: Set<String> = [
                "/auth/login", "/auth/dev", "/auth/demo", "/auth/logout", "/kitchen/pair", "/mcp/oauth/authorize",
            ]
            let routes = server.app.makeResponder().routes.filter {
                [.POST, .PUT, .PATCH, .DELETE].contains($0.method)
                    && ($0.tags["auth"] == "session"
                        || publicCookieRoutes.contains($0.pattern))
            }
            #expect(routes.count > 60, "the route table: \(routes.count) state-changing routes")
            var passed: [String] = []
            for route in routes {
                for shape in Self.shapes {
                    let reply = try await server.raw(
                        route.method.rawValue, Self.path(route.pattern), body: shape.body,
                        contentType: shape.contentType, cookie: ada, headers: shape.headers, sameOrigin: false)
                    // A cookie route refuses with 403; a public one may refuse earlier (415 for a body it never
                    // takes, 400 for an authorize query without a client); none may succeed.
                    let refused =
                        route.tags["auth"] == "session" ? reply.status == 403 : [400, 403, 415].contains(reply.status)
                    if !refused {
                        passed.append("\(route.method) \(route.pattern) [\(shape.name)]: \(reply.status)")
                    }
                }
            }
            #expect(
                passed.isEmpty,
                "\(passed.count) cross-site requests were not refused:\n\(passed.joined(separator: "\n"))")
            // Nothing was written by any of them.
            let weights: Int? = try server.app.db.read { try $0.scalar("SELECT count(*) FROM metrics") }
            #expect(weights == 0)
            let imports: Int? = try server.app.db.read { try $0.scalar("SELECT count(*) FROM imports") }
            #expect(imports == 0)
        }
    }

    @Test func sameSiteRequestsAndTheAppsJSONStillPass() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            // The iOS app and scripts: JSON with none of the headers.
            let plain = try await server.raw("POST", "/api/body", body: Self.json, cookie: ada, sameOrigin: false)
            #expect(plain.status == 200, "\(plain.detail ?? "")")
            // A browser on this origin.
            let own = try await server.raw(
                "POST", "/api/body", body: Self.json, cookie: ada,
                headers: ["Origin": server.baseURL, "Sec-Fetch-Site": "same-origin"])
            #expect(own.status == 200)
            // An upload without Origin carries the page token from GET /auth/csrf.
            let token = try #require(try await server.get("/auth/csrf", cookie: ada).json["csrf_token"]?.stringValue)
            #expect(token.count == 32)
            let gpx = Data(
                """
                <?xml version="1.0"?><gpx version="1.1" creator="t"><trk><name>Run</name><trkseg>
                <trkpt lat="51.5" lon="-0.1"><time>2026-01-05T07:00:00Z</time></trkpt>
                <trkpt lat="51.501" lon="-0.1"><time>2026-01-05T07:01:00Z</time></trkpt>
                </trkseg></trk></gpx>
                """.utf8)
            let refused = try await server.raw(
                "POST", "/api/sessions/import", body: gpx, contentType: "application/gpx+xml", cookie: ada,
                sameOrigin: false)
            #expect(refused.status == 403 && refused.detail?.contains("X-CSRF-Token") == true, "\(refused.status)")
            let wrong = try await server.raw(
                "POST", "/api/sessions/import", body: gpx, contentType: "application/gpx+xml", cookie: ada,
                headers: ["X-CSRF-Token": String(repeating: "0", count: 32)], sameOrigin: false)
            #expect(wrong.status == 403)
            let taken = try await server.raw(
                "POST", "/api/sessions/import", body: gpx, contentType: "application/gpx+xml", cookie: ada,
                headers: ["X-CSRF-Token": token], sameOrigin: false)
            #expect(taken.status != 403, "\(taken.status) \(taken.detail ?? "")")
            // Another member's token is not Ada's.
            let ben = try await server.signIn("ben@example.org")
            let bens = try #require(try await server.get("/auth/csrf", cookie: ben).json["csrf_token"]?.stringValue)
            #expect(bens != token)
        }
    }

    @Test func aRebindingHostNameIsRefusedWhenTheBaseURLIsSet() async throws {
        try await withTestServer(hostNames: ["forge.home.arpa"], transport: .socket) { server in
            let port = server.baseURL.split(separator: ":").last.map(String.init) ?? ""
            // DNS rebinding's shape: the attacker's name, and its own origin.
            let rebound = try await server.raw(
                "POST", "/auth/dev", body: Data(#"{"email":"ada@example.org"}"#.utf8),
                headers: ["Host": "evil.example:\(port)", "Origin": "http://evil.example:\(port)"])
            #expect(rebound.status == 421, "\(rebound.status) \(rebound.detail ?? "")")
            #expect(rebound.detail?.contains("forge.home.arpa") == true)
            let read = try await server.raw("GET", "/healthz", body: Data(), headers: ["Host": "evil.example"])
            #expect(read.status == 421)
            // The base URL's name, an IP literal and localhost pass.
            for host in [
                "forge.home.arpa:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "localhost:\(port)", "FORGE.HOME.ARPA",
            ] {
                let reply = try await server.raw("GET", "/healthz", body: Data(), headers: ["Host": host])
                #expect(reply.status == 200, "Host: \(host): \(reply.status)")
            }
        }
        // Without --base-url and dev sign-in (the localhost demo): only addresses and localhost, so a
        // rebinding page cannot sign in as a member; the trailing dot of a name with a port is the name.
        try await withTestServer(transport: .socket) { server in
            let port = server.baseURL.split(separator: ":").last.map(String.init) ?? ""
            let rebound = try await server.raw(
                "POST", "/auth/dev", body: Data(#"{"email":"ada@example.org"}"#.utf8),
                headers: ["Host": "evil.example:\(port)", "Origin": "http://evil.example:\(port)"])
            #expect(rebound.status == 421, "\(rebound.status) \(rebound.detail ?? "")")
            #expect(rebound.detail?.contains("dev sign-in is on") == true, "\(rebound.detail ?? "")")
            let local = try await server.raw("GET", "/healthz", body: Data(), headers: ["Host": "localhost.:\(port)"])
            #expect(local.status == 200)
        }
        // Without --base-url or dev sign-in any name is answered (forged cannot know its names).
        try await withTestServer(devAuth: false, transport: .socket) { server in
            let reply = try await server.raw("GET", "/healthz", body: Data(), headers: ["Host": "evil.example"])
            #expect(reply.status == 200)
        }
    }

    @Test func theConsentFormAlwaysNeedsItsToken() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let registered = try await server.request(
                "POST", "/mcp/oauth/register",
                json: ["client_name": "Claude", "redirect_uris": ["https://claude.ai/api/mcp/auth_callback"]])
            let client = try #require(registered.json["client_id"]?.stringValue, "\(registered.status)")
            let query =
                "response_type=code&client_id=\(client)&redirect_uri=https%3A%2F%2Fclaude.ai%2Fapi%2Fmcp%2Fauth_callback"
                + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s"
            let page = try await server.raw("GET", "/mcp/oauth/authorize?\(query)", cookie: ada)
            #expect(page.body.contains(#"name="csrf_token""#), "\(page.body)")
            let own = ["Origin": server.baseURL, "Sec-Fetch-Site": "same-origin"]
            // Same-origin headers but no token: refused.
            let bare = try await server.raw(
                "POST", "/mcp/oauth/authorize?\(query)", form: "decision=allow&csrf_token=", cookie: ada, headers: own)
            #expect(bare.status == 403 && !bare.location.contains("code="), "\(bare)")
            let wrong = try await server.raw(
                "POST", "/mcp/oauth/authorize?\(query)",
                form: "decision=allow&csrf_token=\(String(repeating: "a", count: 32))",
                cookie: ada, headers: own)
            #expect(wrong.status == 403)
            // The page's own answer (the helper reads its token, as the browser submits the form).
            let granted = try await server.raw(
                "POST", "/mcp/oauth/authorize?\(query)", form: "decision=allow", cookie: ada, headers: own)
            #expect(granted.status == 302, "\(granted)")
            #expect(granted.location.contains("code="))
        }
    }
}
