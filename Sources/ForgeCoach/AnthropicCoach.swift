import ForgeCore
import ForgeOutbound
import Foundation

/// The LLM coach speaking the Anthropic Messages API with tool use:
/// `POST {baseURL}/v1/messages` with `x-api-key`, `anthropic-version: 2023-06-01`,
/// `tools` (``CoachTools/definitions``), and the `tool_use` → `tool_result`
/// loop until `stop_reason` is not `tool_use` (at most ``maxRounds`` calls).
/// Token counts are the sums of each response's `usage`.
package struct AnthropicCoach: CoachBackend {
    package let baseURL: String
    let apiKey: String
    package let model: String
    /// Upper bound on Messages calls per run.
    package static let maxRounds = 8
    /// Seconds one Messages call may take.
    package static let timeout: TimeInterval = 120

    package init(baseURL: String, apiKey: String, model: String) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.model = model
    }

    static let system = """
        You are Forge's coach for one household member. Use the tools to read their own data before answering; \
        cite concrete numbers. Write plan changes only with propose_revision (amend_week for a mid-week change) and food \
        weeks only with propose_food_week; if a tool reports a rule, fix the content and retry.
        """

    /// Added while the member is in intake mode (``Intake``).
    static let intake = """
         This member has not finished intake. Interview them one question per turn: their goal, their schedule (days a \
        week), their lifting experience, and any injuries. Then propose a conservative first week with propose_revision \
        (fewer days and lighter loads than the active plan); that ends intake.
        """

    /// The system prompt for `turn`'s member.
    static func system(for turn: CoachTurn) -> String {
        Intake.isActive(turn.member) ? system + intake : system
    }

    package func reply(_ turn: CoachTurn) throws -> CoachReply {
        var messages = Self.memory(turn.history.dropLast())
        var text = turn.text
        if let context = turn.context {
            text += "\n\nAttached context (JSON): " + ((try? JSONCoding.string(context)) ?? "")
        }
        messages.append(["role": "user", "content": .string(text)])
        return try converse(messages, turn: turn, kind: "chat")
    }

    package func review(_ turn: CoachTurn) throws -> CoachReply {
        let prompt =
            "Run the weekly review for today (\(turn.today)): read the week, propose the coming week's training with propose_revision and the household's food week with propose_food_week, then write a short summary citing the numbers."
        return try converse([["role": "user", "content": .string(prompt)]], turn: turn, kind: "review")
    }

    /// The chat history as Messages turns, consecutive same-speaker messages merged, starting with a user turn.
    static func memory<S: Sequence>(_ history: S) -> [JSONValue] where S.Element == ChatMessage {
        var turns: [(String, String)] = []
        for m in history {
            let role = m.who == "me" ? "user" : "assistant"
            if let last = turns.last, last.0 == role {
                turns[turns.count - 1].1 += "\n\n" + m.text
            } else {
                turns.append((role, m.text))
            }
        }
        while turns.first?.0 == "assistant" { turns.removeFirst() }
        if turns.last?.0 == "user" { turns.removeLast() }
        return turns.map { ["role": .string($0.0), "content": .string($0.1)] }
    }

    func converse(_ start: [JSONValue], turn: CoachTurn, kind: String) throws -> CoachReply {
        var messages = start
        var run = CoachRun(kind: kind, model: model, ok: true)
        for _ in 0..<Self.maxRounds {
            let body: JSONValue = [
                "model": .string(model), "max_tokens": 2048, "system": .string(Self.system(for: turn)),
                "tools": .array(CoachTools.definitions), "messages": .array(messages),
            ]
            let response = try post(body)
            run.inputTokens += response["usage"]?["input_tokens"]?.intValue ?? 0
            run.outputTokens += response["usage"]?["output_tokens"]?.intValue ?? 0
            let content = response["content"]?.arrayValue ?? []
            guard response["stop_reason"]?.stringValue == "tool_use" else {
                let text = content.compactMap { $0["type"]?.stringValue == "text" ? $0["text"]?.stringValue : nil }
                    .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                return CoachReply(text: text.isEmpty ? "(no reply)" : text, run: run)
            }
            messages.append(["role": "assistant", "content": .array(content)])
            var results: [JSONValue] = []
            for block in content where block["type"]?.stringValue == "tool_use" {
                run.toolCalls += 1
                let id = block["id"]?.stringValue ?? ""
                do {
                    let out = try CoachTools.run(
                        block["name"]?.stringValue ?? "", input: block["input"] ?? [:], turn: turn)
                    results.append(["type": "tool_result", "tool_use_id": .string(id), "content": .string(out)])
                } catch {
                    results.append([
                        "type": "tool_result", "tool_use_id": .string(id),
                        "content": .string(String(describing: error)), "is_error": true,
                    ])
                }
            }
            messages.append(["role": "user", "content": .array(results)])
        }
        throw AnthropicError(status: 0, message: "the coach used more than \(Self.maxRounds) rounds of tools")
    }

    /// Largest Messages response accepted, bytes.
    static let maxResponseBytes = 8 << 20

    /// One synchronous Messages call on the worker thread, through ``HTTPClient``:
    /// at most ``timeout`` seconds, a response body of at most
    /// ``maxResponseBytes`` (8 MiB), and redirects never followed — the base
    /// URL must name the API itself, not an address that redirects to it.
    /// - Throws: ``AnthropicError``: status 0 for a bad base URL or a transport
    ///   failure (timeout, refused connection, a response over 8 MiB, libcurl
    ///   missing); a 3xx status with `base URL redirects to <Location>`; else
    ///   the HTTP status with the API's `error.message`.
    func post(_ body: JSONValue) throws -> JSONValue {
        let url = baseURL.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/v1/messages"
        guard URL(string: url) != nil else { throw AnthropicError(status: 0, message: "bad base URL \(baseURL)") }
        let request = HTTPClient.Request(
            method: "POST", url: url,
            headers: [
                ("content-type", "application/json"), ("x-api-key", apiKey), ("anthropic-version", "2023-06-01"),
            ],
            body: try JSONCoding.encode(body), timeout: Self.timeout, maxBodyBytes: Self.maxResponseBytes)
        let response: HTTPClient.Response
        do {
            response = try HTTPClient.perform(request)
        } catch let error as HTTPClientError {
            throw AnthropicError(status: 0, message: error.description)
        }
        if (300...399).contains(response.status) {
            throw AnthropicError(
                status: response.status,
                message: "base URL redirects to \(response.location ?? "(no Location)")")
        }
        let json = (try? JSONCoding.decode(JSONValue.self, from: response.body)) ?? .null
        guard response.status == 200 else {
            throw AnthropicError(
                status: response.status, message: json["error"]?["message"]?.stringValue ?? "unexpected response")
        }
        return json
    }
}
