import ForgeCore
import ForgeStore
import Foundation

/// What a turn hands a backend: the member, the database, the household day,
/// and the full attached context (never stored in history).
package struct CoachTurn: Sendable {
    /// The member the turn is for, the database, the household day and the instant of the turn.
    package let member: Member
    package let db: Database
    package let today: LocalDate
    package let now: Date
    /// The household calendar: the household day of a stored instant.
    package let calendar: HouseholdCalendar
    /// The member's message, without the context tag.
    package let text: String
    /// The resolved context as data for the model (`{kind, id, …}`), or nil.
    package let context: JSONValue?
    /// The last messages (oldest first) for the model's memory.
    package let history: [ChatMessage]
}

/// A backend's answer plus what the run cost.
package struct CoachReply: Sendable {
    /// The reply shown to the member, and the run recorded for it (tokens, tool calls, duration).
    package var text: String
    package var run: CoachRun
    /// A reply; see the properties.
    package init(text: String, run: CoachRun) {
        self.text = text
        self.run = run
    }
}

/// A coach: the built-in rules (``BuiltinCoach``) or an LLM (``AnthropicCoach``).
package protocol CoachBackend: Sendable {
    /// `builtin` or the model name, as recorded on coach runs.
    var model: String { get }
    /// Answers one chat turn. May write through the validated paths (proposals).
    func reply(_ turn: CoachTurn) throws -> CoachReply
    /// Runs the weekly review for `turn.member`: writes the proposal and returns the summary.
    func review(_ turn: CoachTurn) throws -> CoachReply
}
