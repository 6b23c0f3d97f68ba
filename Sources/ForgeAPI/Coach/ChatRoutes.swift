import ForgeCoach
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `GET /api/chat` and `POST /api/chat` (API.md §3.13, §4.18, DESIGN.md quirks 1 and 14):
/// the newest 200 messages oldest first; a POST stores the message and returns
/// `{pending: true}` at once while the reply runs on the coach's worker queue.
///
/// | error | status, detail |
/// |---|---|
/// | blank text | 400 `empty message` |
/// | a reply already pending | 409 `a reply is already pending` |
/// | demo over 10 turns an hour | 429 `coach rate limit: 10 messages an hour` |
enum ChatRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/chat", summary: "The chat thread (newest 200, oldest first) and whether a reply is pending",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            .json(try app.db.read { db in
                let messages = try ChatStore.recent(userID: caller.id, in: db).map {
                    ["who": .string($0.who), "text": .string($0.text), "at": .string(Instant.wire(stored: $0.at))] as JSONValue
                }
                return ["messages": .array(messages), "pending": .bool(try ChatStore.isPending(userID: caller.id, in: db))]
            })
        })
        router.post("/api/chat", summary: "Send a chat message; the coach replies in the background",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let text = try body.optionalString("text") ?? ""
            let context = body.object["context"].flatMap { $0.isNull ? nil : $0 }
            do {
                try app.coach.submit(member: CoachRoutes.member(caller), text: text, context: context)
            } catch let error as CoachService.ChatError {
                switch error {
                case .empty: throw HTTPError(400, "empty message")
                case .pending: throw HTTPError(409, "a reply is already pending")
                case .rateLimited: throw HTTPError(429, "coach rate limit: \(CoachService.demoTurnsPerHour) messages an hour")
                }
            }
            return .json(["pending": true] as JSONValue)
        })
    }
}
