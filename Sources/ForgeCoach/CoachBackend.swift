import ForgeCore
import ForgeStore
import Foundation

/// What a turn hands a backend: the member, the database, the household day,
/// and the full attached context (never stored in history).
public struct CoachTurn: Sendable {
    public let member: Member
    public let db: Database
    public let today: LocalDate
    public let now: Date
    /// The member's message, without the context tag.
    public let text: String
    /// The resolved context as data for the model (`{kind, id, …}`), or nil.
    public let context: JSONValue?
    /// The last messages (oldest first) for the model's memory.
    public let history: [ChatMessage]
}

/// A backend's answer plus what the run cost.
public struct CoachReply: Sendable {
    public var text: String
    public var run: CoachRun
    public init(text: String, run: CoachRun) {
        self.text = text
        self.run = run
    }
}

/// A coach: the built-in rules (``BuiltinCoach``) or an LLM (``AnthropicCoach``).
public protocol CoachBackend: Sendable {
    /// `builtin` or the model name, as recorded on coach runs.
    var model: String { get }
    /// Answers one chat turn. May write through the validated paths (proposals).
    func reply(_ turn: CoachTurn) throws -> CoachReply
    /// Runs the weekly review for `turn.member`: writes the proposal and returns the summary.
    func review(_ turn: CoachTurn) throws -> CoachReply
}
