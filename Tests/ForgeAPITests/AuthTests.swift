import ForgeAPI
import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation
import Testing

@Suite(.serialized) struct AuthTests {
    @Test func everySessionRouteIsBehindTheWall() async throws {
        try await withTestServer { server in
            let routes = server.app.makeResponder().routes.filter {
                $0.tags["auth"] != "public" && $0.tags["auth"] != "bearer"
            }
            #expect(routes.count >= 8)
            for route in routes {
                let path = route.pattern.split(separator: "/", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix(":") ? "x" : String($0) }.joined(separator: "/")
                let reply = try await server.request(
                    route.method.rawValue, path,
                    json: route.method == .GET ? nil : [:])
                #expect(reply.status == 401, "\(route.method) \(route.pattern) answered \(reply.status)")
                #expect(reply.detail == "not signed in")
            }
            let forged = try await server.get("/api/today", cookie: "forge_session=not-a-real-token")
            #expect(forged.status == 401 && forged.detail == "invalid session")
        }
    }

    @Test func devSignInSetsAHardenedCookieAndMeAnswers() async throws {
        try await withTestServer { server in
            let reply = try await server.request("POST", "/auth/dev", json: ["email": " ADA@example.org "])
            #expect(reply.status == 200)
            #expect(reply.json["name"] == "Ada")
            let cookie = try #require(reply.header("Set-Cookie"))
            #expect(cookie.hasPrefix("forge_session="))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
            #expect(cookie.contains("Max-Age=7776000"))
            let me = try await server.get("/auth/me", cookie: String(cookie.split(separator: ";")[0]))
            #expect(me.json["email"] == "ada@example.org")
            #expect(me.json["role"] == "admin")
            #expect(me.json["units"] == "kg")
            #expect(me.json["prefs"]?["nutrition_targets"]?["kcal"]?.doubleValue == 2300)
            let ben = try await server.get("/auth/me", cookie: try await server.signIn("ben@example.org"))
            #expect(ben.json["role"] == "member")
            let stranger = try await server.request("POST", "/auth/dev", json: ["email": "eve@example.org"])
            #expect(stranger.status == 403 && stranger.detail == "not on the list")
        }
    }

    @Test func devSignInIsOffWithoutTheFlag() async throws {
        try await withTestServer(devAuth: false) { server in
            let reply = try await server.request("POST", "/auth/dev", json: ["email": "ada@example.org"])
            #expect(reply.status == 403 && reply.detail == "dev sign-in disabled")
            let mode = try await server.get("/auth/mode")
            #expect(mode.json == ["google": false, "dev": false, "demo": false, "password": true, "users": []])
        }
    }

    @Test func modeListsSeatsOldestFirstWhenDevSignInIsOn() async throws {
        try await withTestServer { server in
            let mode = try await server.get("/auth/mode")
            #expect(mode.json["dev"] == true)
            #expect(
                mode.json["users"] == [
                    ["email": "ada@example.org", "name": "Ada"],
                    ["email": "ben@example.org", "name": "Ben"],
                ])
        }
    }

    @Test func passwordSignInWorksAndIsThrottled() async throws {
        try await withTestServer(devAuth: false) { server in
            let hash = try PasswordHasher(cost: .minimum).hash("correct horse")
            try server.app.db.write { db in
                let ada = try #require(try HouseholdStore.user(email: "ada@example.org", in: db))
                try HouseholdStore.setPasswordHash(hash, userID: ada.id, in: db)
            }
            let ok = try await server.request(
                "POST", "/auth/login",
                json: ["email": "ada@example.org", "password": "correct horse"])
            #expect(ok.status == 200 && ok.json["ok"] == true && ok.json["name"] == "Ada")
            let cookie = String(try #require(ok.header("Set-Cookie")).split(separator: ";")[0])
            #expect(try await server.get("/auth/me", cookie: cookie).status == 200)

            for _ in 0..<5 {
                let bad = try await server.request(
                    "POST", "/auth/login",
                    json: ["email": "ada@example.org", "password": "wrong"])
                #expect(bad.status == 401 && bad.detail == "invalid email or password")
            }
            let throttled = try await server.request(
                "POST", "/auth/login",
                json: ["email": "ada@example.org", "password": "correct horse"])
            #expect(throttled.status == 429)
            #expect(Int(throttled.header("Retry-After") ?? "") ?? 0 >= 1)
            let unknown = try await server.request(
                "POST", "/auth/login", json: ["email": "nobody@example.org", "password": "x"])
            #expect(unknown.status == 401 && unknown.detail == "invalid email or password")

            let out = try await server.request("POST", "/auth/logout", cookie: cookie)
            #expect(out.json["ok"] == true)
            #expect(try await server.get("/auth/me", cookie: cookie).status == 401)
        }
    }

    @Test func theSignInPageSaysHowAForgottenPasswordIsReset() async throws {
        try await withTestServer(devAuth: false) { server in
            let page = try await server.get("/auth/login")
            let html = String(decoding: page.data, as: UTF8.self)
            #expect(page.status == 200 && page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(html.contains("Forgot your password?"))
            // The command it names is the CLI's (README "Command line").
            #expect(html.contains("forged user passwd you@example.org"))
        }
    }

    @Test func crossOriginWritesAreRefused() async throws {
        try await withTestServer { server in
            let evil = try await server.request(
                "POST", "/auth/dev", json: ["email": "ada@example.org"],
                headers: ["Origin": "http://evil.example"])
            #expect(evil.status == 403 && evil.detail?.hasPrefix("cross-origin request refused: ") == true)
            let fetchSite = try await server.request(
                "POST", "/auth/dev", json: ["email": "ada@example.org"],
                headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(fetchSite.status == 403)
            let same = try await server.request(
                "POST", "/auth/dev", json: ["email": "ada@example.org"],
                headers: ["Origin": server.baseURL])
            #expect(same.status == 200)
        }
    }

    @Test func demoSignInNeedsADemoSeat() async throws {
        try await withTestServer { server in
            let reply = try await server.request("POST", "/auth/demo")
            #expect(reply.status == 404 && reply.detail == "demo not enabled")
        }
    }
}
