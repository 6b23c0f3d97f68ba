import ForgeAPI
import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeTrain
import Foundation
import Synchronization
import Testing

@testable import ForgeCoach

/// The LLM backend's wire format (Anthropic Messages API with tool use), against a
/// local HTTP server replaying recorded-shape responses: a `tool_use` turn, then `end_turn` text.
/// (The real service is not reachable from the test machine.)
struct CoachLLMTests {
    final class Recorder: Sendable {
        let requests = Mutex<[(headers: [String: String], body: JSONValue)]>([])
    }

    static func fakeAnthropic(_ recorder: Recorder, replies: [JSONValue]? = nil) throws -> HTTPServer {
        var router = Router()
        router.post("/v1/messages", summary: "fake Messages API") { request in
            let body = (try? JSONCoding.decode(JSONValue.self, from: request.body)) ?? .null
            var headers: [String: String] = [:]
            for name in ["x-api-key", "anthropic-version", "content-type"] { headers[name] = request.headers[name] }
            let count = recorder.requests.withLock {
                $0.append((headers, body))
                return $0.count
            }
            if let replies { return .jsonData(try JSONCoding.encode(replies[min(count, replies.count) - 1])) }
            let reply: JSONValue =
                count == 1
                ? [
                    "id": "msg_1", "type": "message", "role": "assistant", "model": body["model"] ?? "",
                    "content": [
                        ["type": "text", "text": "Let me look."],
                        ["type": "tool_use", "id": "toolu_01", "name": "get_session", "input": [:]],
                    ],
                    "stop_reason": "tool_use", "usage": ["input_tokens": 410, "output_tokens": 31],
                ]
                : [
                    "id": "msg_2", "type": "message", "role": "assistant", "model": body["model"] ?? "",
                    "content": [["type": "text", "text": "Solid session: bench 8/8/8."]],
                    "stop_reason": "end_turn", "usage": ["input_tokens": 520, "output_tokens": 12],
                ]
            return .jsonData(try JSONCoding.encode(reply))
        }
        let server = HTTPServer(
            configuration: .init(listen: [ListenAddress("127.0.0.1:0")!]), responder: router.freeze())
        try server.start()
        return server
    }

    @Test func chatRunsTheToolLoopOverTheMessagesAPI() async throws {
        let recorder = Recorder()
        let fake = try Self.fakeAnthropic(recorder)
        defer { fake.stop() }
        try await withTestServer { server in
            // A member who never chose a load unit (the contract reads lb).
            try server.forgetLoadUnits()
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            try server.logSession(
                adaID, day: server.app.today.adding(days: -1).description, name: "Upper A",
                sets: [TestSet("bench-press", 60, 8), TestSet("bench-press", 60, 8), TestSet("bench-press", 60, 8)])
            try server.app.db.write {
                try AppSettingsTestHook.setKey("sk-ant-test-0001", model: "claude-test-1", in: $0)
            }
            server.app.coach.anthropicBaseURL = "http://127.0.0.1:\(fake.boundAddresses[0].port)"

            _ = try await server.request("POST", "/api/chat", json: ["text": "How was yesterday?"], cookie: ada)
            let chat = try await server.waitForReply(ada)
            #expect(chat["messages"]?.arrayValue?.last?["text"] == "Solid session: bench 8/8/8.")

            let requests = recorder.requests.withLock { $0 }
            #expect(requests.count == 2)
            #expect(requests[0].headers["x-api-key"] == "sk-ant-test-0001")
            #expect(requests[0].headers["anthropic-version"] == "2023-06-01")
            let first = requests[0].body
            #expect(first["model"] == "claude-test-1")
            #expect(
                first["tools"]?.arrayValue?.contains {
                    $0["name"] == "propose_revision" && $0["input_schema"]?["type"] == "object"
                } == true)
            #expect(first["messages"]?.arrayValue?.last?["content"] == "How was yesterday?")
            #expect(
                Set(first["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []) == [
                    "get_session", "get_records", "get_progress", "get_week", "get_food_week", "get_active_plan",
                    "get_proposal", "get_niggles", "get_equipment", "propose_revision",
                    "get_recipes", "get_food_plan", "propose_food_week", "amend_week",
                ])
            let second = try #require(requests[1].body["messages"]?.arrayValue)
            #expect(second.count == 3)
            #expect(second[1]["role"] == "assistant" && second[1]["content"]?.arrayValue?.count == 2)
            let result = try #require(second[2]["content"]?.arrayValue?.first)
            #expect(result["type"] == "tool_result" && result["tool_use_id"] == "toolu_01")
            // Ada has no unit_load: lb (docs/contract.md §1.3), so the 60 kg sets read in lb (issue 14), one
            // decimal off the plate grid (issue 28).
            #expect(result["content"]?.stringValue?.contains("Bench Press 8/8/8 at 132.3 lb") == true)

            let run = try #require(try await server.get("/api/coach/runs", cookie: ada).json.arrayValue?.first)
            #expect(run["model"] == "claude-test-1" && run["tool_calls"] == 1 && run["ok"] == true)
            #expect(run["input_tokens"] == 930 && run["output_tokens"] == 43)
        }
    }

    @Test func reviewProposesThroughTheValidatedTool() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            var content = try #require(try server.activePlan(adaID))
            guard case .strength(var friday) = content.days[4]! else { throw TestFailure("no Friday") }
            friday.exercises[0].weight += 2.5
            content.days[4] = .strength(friday)
            let unnoted = try JSONValue.encoded(content)
            friday.why = "Bench a step heavier"
            content.days[4] = .strength(friday)
            let noted = try JSONValue.encoded(content)
            func toolUse(_ id: String, _ content: JSONValue) -> JSONValue {
                [
                    "content": [
                        [
                            "type": "tool_use", "id": .string(id), "name": "propose_revision",
                            "input": ["content": content, "rationale": "Pressing moves up a step."],
                        ]
                    ],
                    "stop_reason": "tool_use", "usage": ["input_tokens": 100, "output_tokens": 50],
                ]
            }
            let recorder = Recorder()
            let fake = try Self.fakeAnthropic(
                recorder,
                replies: [
                    toolUse("toolu_a", unnoted), toolUse("toolu_b", noted),
                    [
                        "content": [["type": "text", "text": "Bench goes up 2.5 kg; proposal ready."]],
                        "stop_reason": "end_turn",
                        "usage": ["input_tokens": 100, "output_tokens": 20],
                    ],
                ])
            defer { fake.stop() }
            try server.app.db.write { try AppSettingsTestHook.setKey("sk-ant-test-0002", in: $0) }
            server.app.coach.anthropicBaseURL = "http://127.0.0.1:\(fake.boundAddresses[0].port)"

            let reply = try await server.request("POST", "/api/coach/run-review", cookie: ada)
            #expect(reply.json["summary"] == "Bench goes up 2.5 kg; proposal ready.")
            let requests = recorder.requests.withLock { $0.map(\.body) }
            #expect(requests.count == 3)
            // The first proposal broke rule 6; the model saw the validator's message as an error result.
            let firstResult = requests[1]["messages"]?.arrayValue?.last?["content"]?.arrayValue?.first
            #expect(firstResult?["is_error"] == true)
            #expect(firstResult?["content"] == "Friday changed: add a note (why) for it")
            let proposal = try await server.get("/api/proposal", cookie: ada).json["proposal"]
            #expect(proposal?["rationale"] == "Pressing moves up a step.")
            let run = try await server.get("/api/coach/runs", cookie: ada).json.arrayValue?.first
            #expect(run?["kind"] == "review" && run?["tool_calls"] == 2 && run?["model"] == "claude-sonnet-5")
        }
    }

    @Test func chatAmendsTheWeekAndProposesFoodThroughValidatedTools() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            let plan = try #require(try server.activePlan(adaID))
            let restDay = try #require(plan.weekdays.last)
            var food = FirstFoodWeek.content
            food.days["0"]?.slots["dinner"] = .recipe("turkey-black-bean-chili", why: "Chilli twice, batch it")
            guard case .object(var foodDoc) = try JSONValue.encoded(food) else { throw TestFailure("no food doc") }
            foodDoc["changes"] = [["sign": "~", "what": "Monday dinner: chilli", "why": "batch cooking"]]
            func toolUse(_ id: String, _ name: String, _ input: JSONValue) -> JSONValue {
                [
                    "content": [["type": "tool_use", "id": .string(id), "name": .string(name), "input": input]],
                    "stop_reason": "tool_use", "usage": ["input_tokens": 100, "output_tokens": 50],
                ]
            }
            let recorder = Recorder()
            let fake = try Self.fakeAnthropic(
                recorder,
                replies: [
                    toolUse(
                        "toolu_1", "amend_week",
                        [
                            "days": .object([String(restDay): .null]),
                            "changes": [["sign": "-", "what": "Rest instead", "why": "travel"]],
                            "rationale": "A lighter week around the trip.",
                        ]),
                    toolUse(
                        "toolu_2", "propose_food_week",
                        ["content": .object(foodDoc), "rationale": "Chilli moves to Monday."]),
                    [
                        "content": [["type": "text", "text": "Done: one day off and the chilli on Monday."]],
                        "stop_reason": "end_turn",
                        "usage": ["input_tokens": 100, "output_tokens": 20],
                    ],
                ])
            defer { fake.stop() }
            try server.app.db.write { try AppSettingsTestHook.setKey("sk-ant-test-0003", in: $0) }
            server.app.coach.anthropicBaseURL = "http://127.0.0.1:\(fake.boundAddresses[0].port)"

            #expect(
                try await server.request(
                    "POST", "/api/chat", json: ["text": "I'm travelling on my last day"], cookie: ada
                ).status == 200)
            #expect(server.app.coach.waitIdle(timeout: 20))
            let results = recorder.requests.withLock { $0.map(\.body) }.dropFirst().compactMap {
                $0["messages"]?.arrayValue?.last?["content"]?.arrayValue?.first
            }
            #expect(results.map { $0["is_error"] ?? false } == [false, false])
            // The amended week: the rest day is gone, every other day as it was; a proposal, not yet active.
            let proposal = try #require(try await server.get("/api/proposal", cookie: ada).json["proposal"])
            let amended = try JSONCoding.decode(PlanContent.self, from: JSONCoding.encode(proposal["content"] ?? .null))
            #expect(amended.day(restDay) == nil)
            #expect(amended.weekdays == plan.weekdays.filter { $0 != restDay })
            for day in amended.weekdays { #expect(amended.day(day) == plan.day(day)) }
            #expect(try server.activePlan(adaID) == plan)
            // The food week went through §4.17 and waits for the household.
            let foodProposal = try #require(try await server.get("/api/food/proposal", cookie: ada).json["proposal"])
            #expect(foodProposal["rationale"] == "Chilli moves to Monday.")
        }
    }

    /// HTTPClient never follows redirects, so a base URL that redirects is
    /// named as such (URLSession used to follow it silently).
    @Test func aBaseURLThatRedirectsIsReportedWithItsLocation() throws {
        var router = Router()
        router.post("/v1/messages", summary: "moved") { _ in
            .redirect("https://api.example.org/v1/messages", status: 308)
        }
        let moved = HTTPServer(
            configuration: .init(listen: [ListenAddress("127.0.0.1:0")!]), responder: router.freeze())
        try moved.start()
        defer { moved.stop() }
        let coach = AnthropicCoach(
            baseURL: "http://127.0.0.1:\(moved.boundAddresses[0].port)/", apiKey: "sk-ant-test", model: "claude-test")
        do {
            _ = try coach.post(["model": "claude-test"])
            Issue.record("a redirect was taken for a reply")
        } catch let error as AnthropicError {
            #expect(error.status == 308)
            #expect(error.description == "HTTP 308: base URL redirects to https://api.example.org/v1/messages")
        }
    }
}
