import ForgeCore
import ForgeStore
import Foundation

/// One coach run (docs/contract.md §3.13, §4.18): a chat turn or a review.
package struct CoachRun: Sendable, Equatable {
    /// `chat` or `review`.
    package var kind: String
    /// `builtin` for the built-in coach, else the LLM model name.
    package var model: String
    package var inputTokens: Int = 0
    package var outputTokens: Int = 0
    package var toolCalls: Int = 0
    package var ok: Bool
    /// How long the run took, milliseconds, measured on `ContinuousClock` (not forged's clock).
    package var durationMs: Int = 0
    /// Failure text (empty when ok); kept for the log, not reported.
    package var error: String = ""
    /// Stored instant the run finished.
    package var at: String = ""

    package init(
        kind: String, model: String, inputTokens: Int = 0, outputTokens: Int = 0, toolCalls: Int = 0,
        ok: Bool, durationMs: Int = 0, error: String = "", at: String = ""
    ) {
        self.kind = kind
        self.model = model
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.toolCalls = toolCalls
        self.ok = ok
        self.durationMs = durationMs
        self.error = error
        self.at = at
    }
}

/// The `coach_runs` table, scoped by `user_id`.
package enum CoachRunStore {
    /// Runs returned by `GET /api/coach/runs`.
    package static let window = 20

    /// Records one coach run (a chat turn or a review) for `userID` at `now`: kind, model,
    /// tokens, tool calls, outcome, duration (ms) and error text.
    /// - Throws: `DatabaseError` when the insert fails.
    package static func record(_ run: CoachRun, userID: String, now: Date, in db: Connection) throws {
        try db.execute(
            """
            INSERT INTO coach_runs (user_id, kind, model, input_tokens, output_tokens, tool_calls, ok, duration_ms, error, at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                userID, run.kind, run.model, run.inputTokens, run.outputTokens, run.toolCalls, run.ok,
                run.durationMs, run.error, Instant.storage(now),
            ])
    }

    /// The member's latest ``window`` runs, newest first.
    package static func latest(userID: String, in db: Connection) throws -> [CoachRun] {
        try db.query("SELECT * FROM coach_runs WHERE user_id = ? ORDER BY id DESC LIMIT ?", [userID, window]).map {
            row in
            CoachRun(
                kind: try row.get("kind"), model: try row.get("model"), inputTokens: try row.get("input_tokens"),
                outputTokens: try row.get("output_tokens"), toolCalls: try row.get("tool_calls"),
                ok: try row.get("ok"), durationMs: try row.get("duration_ms"), error: try row.get("error"),
                at: try row.get("at"))
        }
    }
}
