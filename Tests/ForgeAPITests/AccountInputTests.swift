import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation
import Testing

/// Invalid input on the sign-in, admin, chat and push write routes (issue 12):
/// each bad body is a 4xx with a JSON body (422 naming the field where the
/// contract fixes no message), and nothing is written.
@Suite(.serialized) struct AccountInputTests {
    /// One bad body and what it must answer: a status, and either the
    /// validation `loc` or the contract's own `detail`.
    struct Bad: Sendable, CustomStringConvertible {
        let body: String
        let status: Int
        var loc: [String]? = nil
        var detail: String? = nil
        var description: String { String(body.prefix(80)) }
    }

    static func long(_ n: Int) -> String { String(repeating: "x", count: n) }

    /// Sends every case to `method path` and checks its answer.
    static func expectRejected(
        _ server: TestServer, _ method: String, _ path: String, _ cases: [Bad],
        cookie: String? = nil
    ) async throws {
        for bad in cases {
            let reply = try await server.raw(method, path, body: Data(bad.body.utf8), cookie: cookie)
            #expect(
                reply.status == bad.status,
                "\(method) \(path) \(bad): \(reply.status) \(String(decoding: reply.data, as: UTF8.self))")
            #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true, "\(bad)")
            #expect(reply.header("Set-Cookie") == nil, "\(bad)")
            if let loc = bad.loc {
                let got = reply.json["detail"]?.arrayValue?.first?["loc"]
                #expect(
                    got == .array(loc.map(JSONValue.string)), "\(bad): \(String(decoding: reply.data, as: UTF8.self))")
            }
            if let detail = bad.detail { #expect(reply.detail == detail, "\(bad)") }
        }
    }

    @Test func signInBodiesAreCheckedBeforeAnySession() async throws {
        try await withTestServer { server in
            let sessions0: Int? = try server.app.db.read { try $0.scalar("SELECT count(*) FROM auth_sessions") }
            try await Self.expectRejected(
                server, "POST", "/auth/dev",
                [
                    Bad(body: #"{"email":"#, status: 422, loc: ["body"]),
                    Bad(body: #"{"email": 5}"#, status: 422, loc: ["body", "email"]),
                    Bad(body: #"{}"#, status: 422, loc: ["body", "email"]),
                    Bad(body: #"{"email": 1e308}"#, status: 422, loc: ["body", "email"]),
                    Bad(body: #"{"email": -1}"#, status: 422, loc: ["body", "email"]),
                    Bad(body: #"{"email": "1e999"}"#, status: 403, detail: "not on the list"),
                    Bad(body: #"{"email": "\#(Self.long(300))@example.org"}"#, status: 422, loc: ["body", "email"]),
                ])
            try await Self.expectRejected(
                server, "POST", "/auth/login",
                [
                    Bad(body: "not json", status: 422, loc: ["body"]),
                    Bad(body: #"{"email": "ada@example.org"}"#, status: 422, loc: ["body", "password"]),
                    Bad(
                        body: #"{"email": "ada@example.org", "password": 1e308}"#, status: 422,
                        loc: ["body", "password"]),
                    Bad(body: #"{"email": -1, "password": "x"}"#, status: 422, loc: ["body", "email"]),
                    Bad(
                        body: #"{"email": "ada@example.org", "password": "\#(Self.long(2000))"}"#, status: 422,
                        loc: ["body", "password"]),
                    Bad(
                        body: #"{"email": "ada@example.org", "password": "1e999"}"#, status: 401,
                        detail: "invalid email or password"),
                ])
            let sessions1: Int? = try server.app.db.read { try $0.scalar("SELECT count(*) FROM auth_sessions") }
            #expect(sessions1 == sessions0)
        }
    }

    @Test func settingsBodiesAreCheckedBeforeAnyWrite() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let before = try await server.get("/api/admin/settings", cookie: ada)
            try await Self.expectRejected(
                server, "PUT", "/api/admin/settings",
                [
                    Bad(body: "{", status: 422, loc: ["body"]),
                    Bad(body: #"{"values": "x"}"#, status: 422, loc: ["body", "values"]),
                    Bad(body: #"{}"#, status: 422, loc: ["body", "values"]),
                    Bad(
                        body: #"{"values": {"coach_model": 1e308}}"#, status: 422,
                        loc: ["body", "values", "coach_model"]),
                    Bad(
                        body: #"{"values": {"maptiler_key": "ok", "coach_model": -1}}"#, status: 422,
                        loc: ["body", "values", "coach_model"]),
                    Bad(
                        body: #"{"values": {"maptiler_key": "\#(Self.long(5000))"}}"#, status: 422,
                        loc: ["body", "values", "maptiler_key"]),
                    Bad(
                        body: #"{"values": {"coach_model": "1e999", "nope": "x"}}"#, status: 422,
                        detail: "unknown setting nope"),
                ], cookie: ada)
            let after = try await server.get("/api/admin/settings", cookie: ada)
            #expect(after.data == before.data)
        }
    }

    @Test func memberBodiesAreCheckedBeforeAnyWrite() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let before = try await server.get("/api/admin/users", cookie: ada)
            let benID = try #require(before.json.arrayValue?.last?["id"]?.stringValue)
            try server.app.db.write { try $0.execute("DELETE FROM users WHERE id = ?", [benID]) }
            let seats = try await server.get("/api/admin/users", cookie: ada)
            try await Self.expectRejected(
                server, "POST", "/api/admin/users",
                [
                    Bad(body: #"{"email":"#, status: 422, loc: ["body"]),
                    Bad(body: #"{"email": 5, "name": "Ben"}"#, status: 422, loc: ["body", "email"]),
                    Bad(body: #"{"email": "ben@example.org"}"#, status: 422, loc: ["body", "name"]),
                    Bad(body: #"{"email": "ben@example.org", "name": 1e308}"#, status: 422, loc: ["body", "name"]),
                    Bad(body: #"{"email": "ben@example.org", "name": -1}"#, status: 422, loc: ["body", "name"]),
                    Bad(
                        body: #"{"email": "ben@example.org", "name": "\#(Self.long(121))"}"#, status: 422,
                        loc: ["body", "name"]),
                    Bad(
                        body: #"{"email": "\#(Self.long(250))@example.org", "name": "Ben"}"#, status: 422,
                        loc: ["body", "email"]),
                    Bad(body: #"{"email": "1e999", "name": "Ben"}"#, status: 422, detail: "invalid email"),
                ], cookie: ada)
            #expect(try await server.get("/api/admin/users", cookie: ada).data == seats.data)

            let adaID = try #require(seats.json.arrayValue?.first?["id"]?.stringValue)
            try await Self.expectRejected(
                server, "PATCH", "/api/admin/users/\(adaID)",
                [
                    Bad(body: "[", status: 422, loc: ["body"]),
                    Bad(body: #"{"name": 5}"#, status: 422, loc: ["body", "name"]),
                    Bad(body: #"{"email": 1e308}"#, status: 422, loc: ["body", "email"]),
                    Bad(body: #"{"name": -1}"#, status: 422, loc: ["body", "name"]),
                    Bad(body: #"{"name": "\#(Self.long(500))"}"#, status: 422, loc: ["body", "name"]),
                    Bad(body: #"{"email": "1e999", "name": "Changed"}"#, status: 422, detail: "invalid email"),
                    Bad(body: #"{"email": "ada@example.org", "name": "  "}"#, status: 422, detail: "name required"),
                ], cookie: ada)
            #expect(try await server.get("/api/admin/users", cookie: ada).data == seats.data)
        }
    }

    @Test func chatBodiesAreCheckedBeforeTheMessageIsStored() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await Self.expectRejected(
                server, "POST", "/api/chat",
                [
                    Bad(body: "{", status: 422, loc: ["body"]),
                    Bad(body: #"{"text": 5}"#, status: 422, loc: ["body", "text"]),
                    Bad(body: #"{"context": null}"#, status: 422, loc: ["body", "text"]),
                    Bad(body: #"{"text": 1e308}"#, status: 422, loc: ["body", "text"]),
                    Bad(body: #"{"text": -1}"#, status: 422, loc: ["body", "text"]),
                    Bad(body: #"{"text": "\#(Self.long(10_001))"}"#, status: 422, loc: ["body", "text"]),
                    Bad(
                        body: #"{"text": "hi", "context": {"kind": "nope"}}"#, status: 422,
                        loc: ["body", "context", "kind"]),
                    Bad(
                        body: #"{"text": "hi", "context": {"id": "x"}}"#, status: 422, loc: ["body", "context", "kind"]),
                    Bad(
                        body: #"{"text": "hi", "context": {"kind": "session", "id": 1e308}}"#, status: 422,
                        loc: ["body", "context", "id"]),
                    Bad(
                        body: #"{"text": "1e999", "context": {"kind": "session", "id": "\#(Self.long(200))"}}"#,
                        status: 422,
                        loc: ["body", "context", "id"]),
                    Bad(body: #"{"text": "   "}"#, status: 400, detail: "empty message"),
                ], cookie: ada)
            let chat = try await server.get("/api/chat", cookie: ada)
            #expect(chat.json == ["messages": [], "pending": false])

            let sent = try await server.raw(
                "POST", "/api/chat", body: Data(#"{"text": "hello", "context": null}"#.utf8), cookie: ada)
            #expect(sent.status == 200 && String(decoding: sent.data, as: UTF8.self) == #"{"pending":true}"#)
            _ = try await server.waitForReply(ada)
        }
    }

    @Test func pushBodiesAreCheckedBeforeAnyWrite() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            func count() throws -> Int? {
                try server.app.db.read { try $0.scalar("SELECT count(*) FROM push_subscriptions") }
            }
            try await Self.expectRejected(
                server, "POST", "/api/push/subscribe",
                [
                    Bad(body: "{", status: 422, loc: ["body"]),
                    Bad(body: #"{"endpoint": 5, "keys": {}}"#, status: 422, loc: ["body", "endpoint"]),
                    Bad(body: #"{"endpoint": "https://push.example.net/a"}"#, status: 422, loc: ["body", "keys"]),
                    Bad(body: #"{"endpoint": 1e308, "keys": {}}"#, status: 422, loc: ["body", "endpoint"]),
                    Bad(
                        body: #"{"endpoint": "https://push.example.net/a", "keys": {"auth": -1}}"#, status: 422,
                        loc: ["body", "keys", "auth"]),
                    Bad(
                        body: #"{"endpoint": "https://\#(Self.long(3000))", "keys": {}}"#, status: 422,
                        loc: ["body", "endpoint"]),
                    Bad(
                        body: #"{"endpoint": "https://push.example.net/a", "keys": {"p256dh": "\#(Self.long(600))"}}"#,
                        status: 422, loc: ["body", "keys", "p256dh"]),
                    Bad(body: #"{"endpoint": "1e999"}"#, status: 422, loc: ["body", "keys"]),
                ], cookie: ada)
            #expect(try count() == 0)
            let ok = try await server.request(
                "POST", "/api/push/subscribe",
                json: ["endpoint": "https://push.example.net/a", "keys": [:]], cookie: ada)
            #expect(ok.status == 200)
            try await Self.expectRejected(
                server, "POST", "/api/push/unsubscribe",
                [
                    Bad(body: "nope", status: 422, loc: ["body"]),
                    Bad(body: #"{}"#, status: 422, loc: ["body", "endpoint"]),
                    Bad(body: #"{"endpoint": 1e308}"#, status: 422, loc: ["body", "endpoint"]),
                    Bad(body: #"{"endpoint": -1}"#, status: 422, loc: ["body", "endpoint"]),
                    Bad(body: #"{"endpoint": "\#(Self.long(3000))"}"#, status: 422, loc: ["body", "endpoint"]),
                ], cookie: ada)
            #expect(try count() == 1)
        }
    }

    @Test func coachModelDefaultsToTheContractsModel() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let settings = try await server.get("/api/admin/settings", cookie: ada)
            // Member order is §4.25's; `source` is null (not absent) when nothing sets a key.
            #expect(
                String(decoding: settings.data, as: UTF8.self).hasPrefix(
                    #"{"anthropic_api_key":{"set":false,"value":"","source":null},"#
                        + #""coach_model":{"set":true,"value":"claude-sonnet-5","source":"env"},"#))
            #expect(try server.app.db.read { try AppSettings.value("coach_model", in: $0) } == "claude-sonnet-5")
            #expect(AppSettings.environmentValue("coach_model", ["FORGE_COACH_MODEL": "  "]) == "claude-sonnet-5")
            #expect(AppSettings.environmentValue("coach_model", ["FORGE_COACH_MODEL": "claude-x"]) == "claude-x")
            #expect(AppSettings.environmentValue("maptiler_key", [:]) == "")

            let stored = try await server.request(
                "PUT", "/api/admin/settings", json: ["values": ["coach_model": "claude-y"]], cookie: ada)
            #expect(stored.json["coach_model"] == ["set": true, "value": "claude-y", "source": "app"])
            let cleared = try await server.request(
                "PUT", "/api/admin/settings", json: ["values": ["coach_model": .null]], cookie: ada)
            #expect(cleared.json["coach_model"] == ["set": true, "value": "claude-sonnet-5", "source": "env"])
        }
    }

    @Test func proposalNumbersKeepTheirTokenType() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            let member = try server.member(adaID)
            var content = try #require(try server.activePlan(adaID))
            guard case .strength(var friday) = content.days[4]! else { throw TestFailure("no Friday") }
            // A whole number of kg the Gym's plates make (a proposal's loads are moved onto loadable weights, issue 14).
            friday.exercises[0].weight = friday.exercises[0].weight + 5
            friday.why = "Five kilos up."
            content.days[4] = .strength(friday)
            let revision = try server.app.db.write {
                try ProposalStore.propose(
                    member: member, content: try .encoded(content), rationale: "Step up.", now: Date(), in: $0)
            }
            let reply = try await server.get("/api/proposal", cookie: ada)
            let text = String(decoding: reply.data, as: UTF8.self)
            #expect(text.hasPrefix(#"{"proposal":{"id":"\#(revision.id)","num":\#(revision.num),"rationale":"#))
            // Every stored kg value is a float token (`60.0`), never `60`; counts stay integers.
            let weights = text.matches(of: /"weight":(-?[0-9.eE+-]+)/).map { String($0.output.1) }
            #expect(!weights.isEmpty && weights.allSatisfy { $0.contains(".") }, "\(weights)")
            #expect(text.contains(#""weight":\#(friday.exercises[0].weight)"#))
            let sets = text.matches(of: /"sets":([0-9.]+)/).map { String($0.output.1) }
            #expect(!sets.isEmpty && sets.allSatisfy { !$0.contains(".") }, "\(sets)")
            let approved = try await server.request("POST", "/api/proposal/\(revision.id)/approve", cookie: ada)
            #expect(String(decoding: approved.data, as: UTF8.self) == #"{"ok":true,"revision":\#(revision.num)}"#)
        }
    }
}
