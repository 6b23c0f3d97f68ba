import ForgeAPI
import ForgeCore
import Foundation
import Testing

/// Withings answers as "not configured" (docs/architecture.md §16), and
/// security.txt names the oldest admin (docs/contract.md §3.20, §3.21).
struct WithingsAndSecurityTxtTests {
    @Test func withingsRoutesAnswerAsNotConfigured() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let connect = try await server.get("/api/withings/connect", cookie: ada)
            #expect(connect.status == 503 && connect.detail == "Withings not configured")
            #expect(try await server.get("/api/withings/connect").status == 401)
            let denied = try await server.raw("GET", "/api/withings/callback?code=abc")
            #expect(denied.status == 307 && denied.location == "/?withings=denied")
            let forged = try await server.get("/api/withings/callback?code=abc&state=xyz")
            #expect(forged.status == 400 && forged.detail == "bad state")
            let sync = try await server.request("POST", "/api/withings/sync", cookie: ada)
            #expect(sync.status == 404 && sync.detail == "Withings not linked")
            #expect(try await server.request("POST", "/api/withings/unlink", cookie: ada).json == ["ok": true])
            #expect(try await server.get("/api/withings/webhook").json == ["ok": true])
            let hook = try await server.raw("POST", "/api/withings/webhook", form: "userid=12345")
            #expect(hook.status == 200 && hook.body == #"{"ok":true,"ignored":true}"#)
            let connections = try await server.get("/api/connections", cookie: ada).json
            #expect(connections["withings"]?["configured"] == false)
        }
    }

    @Test func securityTxtNamesTheOldestAdminAndExpiresIn182Days() async throws {
        let clock = FixedClock(Instant.parse("2026-11-30T10:00:00Z")!)
        try await withTestServer(clock: clock) { server in
            for path in ["/.well-known/security.txt", "/security.txt"] {
                let reply = try await server.get(path)
                #expect(reply.status == 200)
                #expect(reply.header("Content-Type")?.hasPrefix("text/plain") == true)
                #expect(reply.header("Cache-Control") == "public, max-age=86400")
                let lines = String(decoding: reply.data, as: UTF8.self).split(separator: "\n").map(String.init)
                #expect(
                    lines == [
                        "Contact: mailto:ada@example.org", "Expires: 2027-05-31T10:00:00Z",
                        "Canonical: http://127.0.0.1/.well-known/security.txt", "Preferred-Languages: en",
                    ])
            }
        }
        try await withTestServer(allowed: []) { server in
            let none = try await server.get("/security.txt")
            #expect(none.status == 404 && none.detail == "no admin seat yet")
        }
    }
}
