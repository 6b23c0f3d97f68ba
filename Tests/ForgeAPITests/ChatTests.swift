import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation
import Testing

/// Fire-and-poll chat over HTTP (docs/contract.md §3.13, §4.18; docs/contract.md §6.1 and §6.14).
struct ChatTests {
    @Test func postReturnsPendingAndTheBuiltinCoachAnswersWithRealFigures() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)  // a kg member: loads read in kg
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)  // past intake: the coach answers from the data
            try server.logSession(
                adaID, day: server.app.today.adding(days: -1).description, name: "Upper A",
                sets: [
                    TestSet("bench-press", 62.5, 8), TestSet("bench-press", 62.5, 8),
                    TestSet("bench-press", 62.5, 7, rpe: 9),
                ])
            let post = try await server.request(
                "POST", "/api/chat", json: ["text": "How did my last session go?"], cookie: ada)
            #expect(post.status == 200 && post.json == ["pending": true])
            let chat = try await server.waitForReply(ada)
            let messages = try #require(chat["messages"]?.arrayValue)
            #expect(messages.map { $0["who"] } == ["me", "coach"])
            let answer = messages[1]["text"]?.stringValue ?? ""
            #expect(answer.contains("Upper A") && answer.contains("Bench Press 8/8/7 at 62.5 kg @ RPE 9"))
            #expect(messages[1]["at"]?.stringValue?.hasSuffix("+00:00") == true)
            let runs = try await server.get("/api/coach/runs", cookie: ada).json.arrayValue
            #expect(runs?.first?["kind"] == "chat" && runs?.first?["model"] == "builtin")
        }
    }

    @Test(arguments: [
        ("what are my PRs?", "Your best estimated one-rep maxes: Bench Press e1RM 76 kg (60 kg × 8"),
        ("how is my protein", "No meals logged in the last seven days"),
        ("what's the plan", "Your plan (revision 1): Monday Lower A"),
        ("am I stalling?", "How your lifts are moving: Bench Press: new"),
    ])
    func theBuiltinCoachMatchesIntents(question: String, answer: String) async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)  // a kg member: loads read in kg
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)  // past intake: the coach answers from the data
            let day = server.app.today.adding(days: -1).description
            try server.logSession(adaID, day: day, name: "Upper A", sets: [TestSet("bench-press", 60, 8)])
            try server.app.db.write { db in
                try db.execute(
                    """
                    INSERT INTO records (user_id, slug, kind, value, weight, reps, achieved_on, updated_at)
                    VALUES (?, 'bench-press', 'e1rm', 76.0, 60.0, 8, ?, '')
                    """, [adaID, day])
            }
            _ = try await server.request("POST", "/api/chat", json: ["text": .string(question)], cookie: ada)
            let reply = try await server.waitForReply(ada)["messages"]?.arrayValue?.last?["text"]?.stringValue ?? ""
            #expect(reply.hasPrefix(answer), "\(reply)")
        }
    }

    @Test func blankPendingAndContextTags() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)  // a kg member: loads read in kg
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)  // past intake: the coach answers from the data
            let benID = try server.userID("ben@example.org")
            let blank = try await server.request("POST", "/api/chat", json: ["text": "   "], cookie: ada)
            #expect(blank.status == 400 && blank.detail == "empty message")

            _ = try await server.request(
                "POST", "/api/chat",
                json: ["text": "Is my elbow ok?", "context": ["kind": "exercise", "id": "bench-press"]], cookie: ada)
            _ = try await server.waitForReply(ada)
            let bensSession = try server.logSession(benID, day: "2026-11-20", name: "Ben's day", sets: [])
            _ = try await server.request(
                "POST", "/api/chat",
                json: ["text": "And this one?", "context": ["kind": "session", "id": .string(bensSession)]], cookie: ada
            )
            _ = try await server.waitForReply(ada)
            let mine = try await server.get("/api/chat", cookie: ada).json["messages"]?.arrayValue?.filter {
                $0["who"] == "me"
            }
            #expect(
                mine?.map { $0["text"]?.stringValue ?? "" } == [
                    "Is my elbow ok?\n[re: exercise Bench Press]", "And this one?",
                ])

            // A turn in flight → 409, nothing stored.
            try server.app.db.write {
                try ChatStore.markPending(userID: adaID, messageID: 1, context: "", now: Date(), in: $0)
            }
            let busy = try await server.request("POST", "/api/chat", json: ["text": "hello?"], cookie: ada)
            #expect(busy.status == 409)
            let chat = try await server.get("/api/chat", cookie: ada).json
            #expect(chat["pending"] == true && chat["messages"]?.arrayValue?.count == 4)
        }
    }

    @Test func theNewestTwoHundredOldestFirst() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)  // a kg member: loads read in kg
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)  // past intake: the coach answers from the data
            try server.app.db.write { db in
                for i in 1...205 {
                    try ChatStore.append(
                        userID: adaID, who: i % 2 == 0 ? "coach" : "me", text: "m\(i)", now: Date(), in: db)
                }
            }
            let messages = try #require(try await server.get("/api/chat", cookie: ada).json["messages"]?.arrayValue)
            #expect(messages.count == 200)
            #expect(messages.first?["text"] == "m6" && messages.last?["text"] == "m205")
        }
    }

    @Test func aTurnPendingAtShutdownIsAnsweredAfterRestart() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)  // a kg member: loads read in kg
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)  // past intake: the coach answers from the data
            // What a crash leaves behind: the member's message and its pending row, no reply.
            try server.app.db.write { db in
                let id = try ChatStore.append(
                    userID: adaID, who: "me", text: "What are my records?", now: Date(), in: db)
                try ChatStore.markPending(userID: adaID, messageID: id, context: "", now: Date(), in: db)
            }
            #expect(try await server.get("/api/chat", cookie: ada).json["pending"] == true)
            #expect(server.app.coach.resumePending() == 1)
            server.app.coach.waitIdle()
            let chat = try await server.get("/api/chat", cookie: ada).json
            #expect(chat["pending"] == false)
            #expect(chat["messages"]?.arrayValue?.last?["who"] == "coach")
            #expect(chat["messages"]?.arrayValue?.last?["text"]?.stringValue?.contains("records") == true)
        }
    }

    @Test func aFailingTurnLeavesAnErrorMessageNotAHang() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try server.app.db.write { try AppSettingsTestHook.setKey("sk-test-key-123456", in: $0) }
            server.app.coach.anthropicBaseURL = "http://127.0.0.1:9"  // discard port: nothing listens
            _ = try await server.request("POST", "/api/chat", json: ["text": "hi"], cookie: ada)
            let chat = try await server.waitForReply(ada)
            #expect(chat["messages"]?.arrayValue?.last?["text"]?.stringValue?.contains("try again shortly") == true)
            let runs = try await server.get("/api/coach/runs", cookie: ada).json.arrayValue
            #expect(runs?.first?["ok"] == false && runs?.first?["model"] == "claude-sonnet-5")
        }
    }

    @Test func theDemoSeatIsRateLimited() async throws {
        try await withTestServer { server in
            let demoID = Identifier.make()
            try server.app.db.write { db in
                try db.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES (?, 'demo@example.org', 'Demo', 'demo', ?)",
                    [demoID, Instant.storage(Date())])
                for i in 0..<CoachService.demoTurnsPerHour {
                    try ChatStore.append(
                        userID: demoID, who: "me", text: "q\(i)", now: Date().addingTimeInterval(-60), in: db)
                }
            }
            let demo = try server.member(demoID)
            #expect(throws: CoachService.ChatError.rateLimited) {
                try server.app.coach.submit(member: demo, text: "one more", context: nil)
            }
            // A member has no such limit.
            let ada = try server.member(try server.userID("ada@example.org"))
            try server.app.db.write { db in
                for i in 0..<20 { try ChatStore.append(userID: ada.id, who: "me", text: "q\(i)", now: Date(), in: db) }
            }
            try server.app.coach.submit(member: ada, text: "one more", context: nil)
            server.app.coach.waitIdle()
        }
    }
}

/// Stores the Anthropic key as an app setting (what `PUT /api/admin/settings` does).
enum AppSettingsTestHook {
    static func setKey(_ key: String, model: String? = nil, in db: Connection) throws {
        var values = ["anthropic_api_key": key]
        if let model { values["coach_model"] = model }
        try AppSettings.apply(values, now: Date(), in: db)
    }
}
