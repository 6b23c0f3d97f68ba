import ForgeCoach
import ForgeCore
import ForgeHTTP
import ForgeTrain
import Foundation

/// One chat message (docs/contract.md §3.13): `who` is `me|coach`, `at` a datetime.
struct ChatLine: Codable, Sendable {
    let who: String
    let text: String
    let at: String

    init(_ m: ChatMessage) {
        who = m.who
        text = m.text
        at = Instant.wire(stored: m.at)
    }
}

/// `GET /api/chat`: at most 200 messages oldest first, and whether a reply
/// for this member is being produced.
struct ChatThread: Codable, Sendable {
    let messages: [ChatLine]
    let pending: Bool
}

/// `{ pending: true }`: a chat message was stored and the reply started.
struct ChatPending: Codable, Sendable {
    let pending: Bool
}

/// `POST /api/chat` body `{ text, context?: { kind, id? } | null }`.
/// `text` is required (422 when missing; blank is the contract's 400
/// `empty message`, checked by the coach) and at most `Bounds.paragraph`
/// characters; `context.kind` is `session|exercise|proposal`, `context.id`
/// at most `Bounds.label` characters (422 naming the field).
struct ChatInput: RequestInput {
    static var example: JSONValue? { ["text": "How did my squat go last week?"] }
    struct Context: Codable, Sendable {
        let kind: String
        let id: String?
    }
    let text: String
    let context: Context?

    static let rules: [InputRule<Self>] = [
        .publish("text", keywords: ["pattern": Check.nonBlank]),  // blank → 400 `empty message` (the route)
        .length("text", max: Bounds.paragraph) { $0.text },
        .oneOf("context", "kind", allowed: ["session", "exercise", "proposal"]) { $0.context?.kind },
        .length("context", "id", max: Bounds.label) { $0.context?.id },
    ]

    /// The context as the coach resolves it (``ChatContext``), or nil.
    var contextValue: JSONValue? {
        guard let context else { return nil }
        var object: [String: JSONValue] = ["kind": .string(context.kind)]
        if let id = context.id { object["id"] = .string(id) }
        return .object(object)
    }
}

/// A pending training proposal: the highest-numbered `proposed` revision
/// (docs/contract.md §3.13); `content` is the stored ``PlanContent`` (extra keys kept).
struct PendingProposal: Codable, Sendable {
    let id: String
    let num: Int
    let rationale: String
    let content: PlanContent
    let createdAt: String

    init(_ p: ProposalRevision) {
        id = p.id
        num = p.num
        rationale = p.rationale
        content = p.content
        createdAt = Instant.wire(stored: p.createdAt)
    }
}

/// `GET /api/proposal`: `{ proposal: null }` or the pending proposal.
struct ProposalEnvelope: Codable, Sendable {
    @Nullable var proposal: PendingProposal?
}

/// `POST /api/proposal/{id}/approve`: `revision` is the activated revision's number.
struct ProposalApproved: Codable, Sendable {
    var ok = true
    let revision: Int
}

/// `POST /api/coach/run-review`: the review's summary (also posted to chat).
struct ReviewSummary: Codable, Sendable {
    var ok = true
    let summary: String
}

/// One coach run of `GET /api/coach/runs` (docs/contract.md §3.13): `kind` is
/// `chat|review`, `model` the LLM model or `builtin`, `at` a datetime;
/// `duration_ms` (wall time, milliseconds) is forged's addition.
struct CoachRunEntry: Codable, Sendable {
    let kind: String
    let model: String
    let inputTokens: Int
    let outputTokens: Int
    let toolCalls: Int
    let ok: Bool
    let at: String
    let durationMs: Int

    init(_ r: CoachRun) {
        kind = r.kind
        model = r.model
        inputTokens = r.inputTokens
        outputTokens = r.outputTokens
        toolCalls = r.toolCalls
        ok = r.ok
        at = Instant.wire(stored: r.at)
        durationMs = r.durationMs
    }
}
