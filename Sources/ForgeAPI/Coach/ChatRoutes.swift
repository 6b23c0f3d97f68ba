import ForgeCoach
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `GET /api/chat` and `POST /api/chat` (docs/contract.md §3.13, §4.18, docs/contract.md §6.1 and §6.14):
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
        router.route(
            .GET, "/api/chat", "The chat thread (newest 200, oldest first) and whether a reply is pending",
            access: .member, answers: ChatThread.self
        ) { _, principal in
            let thread = try CoachHistory.thread(userID: principal.caller.id, in: app.db)
            return ChatThread(messages: thread.messages.map(ChatLine.init), pending: thread.pending)
        }
        router.route(
            .POST, "/api/chat", "Send a chat message; the coach replies in the background", access: .member,
            body: ChatInput.self, answers: ChatPending.self, errors: [400, 409, 422, 429]
        ) { request, principal in
            let input = try request.decode(ChatInput.self)
            do {
                try app.coach.submit(
                    member: CoachRoutes.member(principal.caller), text: input.text, context: input.contextValue)
            } catch let error as CoachService.ChatError {
                switch error {
                case .empty: throw HTTPError(400, "empty message")
                case .pending: throw HTTPError(409, "a reply is already pending")
                case .rateLimited:
                    throw HTTPError(429, "coach rate limit: \(CoachService.demoTurnsPerHour) messages an hour")
                }
            }
            return ChatPending(pending: true)
        }
    }
}
