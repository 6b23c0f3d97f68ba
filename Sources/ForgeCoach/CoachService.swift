import Dispatch
import ForgeCore
import ForgeStore
import Foundation
import Synchronization

/// The coach as the server runs it: fire-and-poll chat turns on a worker
/// queue (never a blocked request thread), weekly reviews, and the choice of
/// backend — the LLM when `anthropic_api_key` is set, else ``BuiltinCoach``.
///
/// A turn is a row in `coach_pending_turns` from the moment the member's
/// message is stored until the reply (or an error message) is stored in the
/// same transaction that deletes it, so a failing turn never hangs the thread
/// and a restart resumes what was in flight (``resumePending()``).
package final class CoachService: Sendable {
    package let db: Database
    package let clock: any Clock
    package let calendar: HouseholdCalendar
    /// Reads an app setting (`anthropic_api_key`, `coach_model`): the stored override, else the environment.
    let setting: @Sendable (String) -> String
    let state = Mutex(State())
    let queue = DispatchQueue(label: "forged.coach", attributes: .concurrent)
    let group = DispatchGroup()

    struct State {
        var baseURL = ProcessInfo.processInfo.environment["FORGE_ANTHROPIC_BASE_URL"] ?? "https://api.anthropic.com"
        var inFlight: Set<String> = []
    }

    /// Chat turns the demo seat may start per hour.
    package static let demoTurnsPerHour = 10
    /// Default LLM model when `coach_model` is unset (docs/contract.md §4.25).
    package static let defaultModel = "claude-sonnet-5"

    /// Called inside the write transaction that closes a weekly review which
    /// left a new proposal waiting (not auto-applied): the daemon queues its
    /// proposal-ready notice there, atomically with the review's ledger mark.
    package typealias ProposalHook = @Sendable (ProposalRevision, Member, Date, Connection) throws -> Void
    let onReviewProposal: ProposalHook?

    package init(
        db: Database, clock: any Clock, calendar: HouseholdCalendar, setting: @escaping @Sendable (String) -> String,
        onReviewProposal: ProposalHook? = nil
    ) {
        self.db = db
        self.clock = clock
        self.calendar = calendar
        self.setting = setting
        self.onReviewProposal = onReviewProposal
    }

    /// The Anthropic API origin (hidden setting `FORGE_ANTHROPIC_BASE_URL`; tests point it at a local server).
    /// It must answer itself: redirects are not followed (`AnthropicCoach.post`).
    package var anthropicBaseURL: String {
        get { state.withLock { $0.baseURL } }
        set { state.withLock { $0.baseURL = newValue } }
    }

    /// The backend for the next run.
    package func backend() -> any CoachBackend {
        let key = setting("anthropic_api_key")
        guard !key.isEmpty else { return BuiltinCoach() }
        let model = setting("coach_model")
        return AnthropicCoach(baseURL: anthropicBaseURL, apiKey: key, model: model.isEmpty ? Self.defaultModel : model)
    }

    /// Why a chat message was refused; nothing was stored.
    package enum ChatError: Error, Equatable {
        case empty, pending, rateLimited
    }

    /// Stores the member's message (with its context tag) and starts the reply in the background.
    /// - Throws: ``ChatError`` (`empty` for blank text, `pending` while a reply is
    ///   being produced, `rateLimited` for the demo over ``demoTurnsPerHour``).
    package func submit(member: Member, text: String, context: JSONValue?) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ChatError.empty }
        let now = clock.now()
        try db.write { db in
            if try ChatStore.isPending(userID: member.id, in: db) { throw ChatError.pending }
            if member.isDemo,
                try ChatStore.memberMessages(userID: member.id, since: now.addingTimeInterval(-3600), in: db)
                    >= Self.demoTurnsPerHour
            {
                throw ChatError.rateLimited
            }
            let tag = try ChatContext.resolve(context, userID: member.id, in: db)?.tag
            let stored = tag.map { text + "\n" + $0 } ?? text
            let id = try ChatStore.append(userID: member.id, who: "me", text: stored, now: now, in: db)
            let contextText = context.flatMap { try? JSONCoding.string($0) } ?? ""
            try ChatStore.markPending(userID: member.id, messageID: id, context: contextText, now: now, in: db)
        }
        dispatch(userID: member.id, text: text, context: context)
    }

    /// Re-dispatches every pending turn left by a previous process; returns how many.
    @discardableResult
    package func resumePending() -> Int {
        guard let turns = try? db.read({ try ChatStore.pendingTurns(in: $0) }) else { return 0 }
        var resumed = 0
        for turn in turns {
            let text: String? = try? db.read { db in
                try db.scalar(
                    """
                    SELECT m.text FROM chat_messages m JOIN coach_pending_turns p ON p.message_id = m.id
                    WHERE p.user_id = ? AND m.user_id = ?
                    """, [turn.userID, turn.userID])
            }
            guard let text = text ?? nil else {
                _ = try? db.write { try ChatStore.clearPending(userID: turn.userID, in: $0) }
                continue
            }
            let context =
                turn.context.isEmpty ? nil : try? JSONCoding.decode(JSONValue.self, from: Data(turn.context.utf8))
            Log.notice("resuming a pending coach turn", fields: ["USER_ID": turn.userID])
            dispatch(userID: turn.userID, text: text, context: context)
            resumed += 1
        }
        return resumed
    }

    /// Waits until no turn is running, at most `timeout` seconds (tests, and
    /// `stop()` of the scheduler). A turn still running at shutdown keeps its
    /// pending row and is answered after the restart.
    /// - Returns: true when idle.
    @discardableResult
    package func waitIdle(timeout: TimeInterval = 60) -> Bool {
        group.wait(timeout: .now() + timeout) == .success
    }

    func dispatch(userID: String, text: String, context: JSONValue?) {
        let claimed = state.withLock { s in s.inFlight.insert(userID).inserted }
        guard claimed else { return }
        queue.async(group: group) { [self] in
            defer { _ = state.withLock { $0.inFlight.remove(userID) } }
            runTurn(userID: userID, text: text, context: context)
        }
    }

    /// One chat turn: the reply, or an error message, lands in the thread and the pending row goes.
    func runTurn(userID: String, text: String, context: JSONValue?) {
        let started = ContinuousClock.now
        let backend = backend()
        var reply: CoachReply
        do {
            guard let member = try db.read({ try Member.find(userID, in: $0) }) else { return }
            let history = try db.read { try ChatStore.recent(userID: userID, limit: 24, in: $0) }
            let data = try db.read { try ChatContext.resolve(context, userID: userID, in: $0)?.data }
            let body = text.components(separatedBy: "\n[re: ").first ?? text
            reply = try backend.reply(
                CoachTurn(
                    member: member, db: db, today: calendar.today(clock), now: clock.now(), calendar: calendar,
                    text: body, context: data, history: history))
        } catch {
            Log.warning("coach turn failed: \(error)", fields: ["USER_ID": userID])
            reply = CoachReply(
                text: Self.failureText(error),
                run: CoachRun(kind: "chat", model: backend.model, ok: false, error: String(describing: error)))
        }
        reply.run.durationMs = Int((ContinuousClock.now - started) / .milliseconds(1))
        let now = clock.now()
        do {
            try db.write { db in
                try ChatStore.append(userID: userID, who: "coach", text: reply.text, now: now, in: db)
                try CoachRunStore.record(reply.run, userID: userID, now: now, in: db)
                try ChatStore.clearPending(userID: userID, in: db)
            }
        } catch {
            Log.error("cannot store the coach reply: \(error)", fields: ["USER_ID": userID])
            _ = try? db.write { try ChatStore.clearPending(userID: userID, in: $0) }
        }
    }

    /// The reply stored when a turn fails (docs/contract.md §4.18 wording).
    static func failureText(_ error: Error) -> String {
        if let e = error as? AnthropicError, e.isCreditExhausted {
            return
                "The coach's Anthropic account is out of credit. Top up the balance in the Anthropic console, then ask again."
        }
        return "Sorry, I couldn't answer just now. Please try again shortly."
    }

    /// Runs the weekly review for `userID` now: the backend writes the
    /// proposal; the summary is stored as a coach message, the run is recorded
    /// and the week is marked reviewed. A `scheduled` review (not one asked
    /// for over HTTP) that leaves a new proposal waiting also queues its
    /// proposal-ready notice (docs/contract.md §4.27: "after each scheduled weekly review").
    /// - Returns: the summary.
    /// - Throws: the backend's error (a failed run is recorded first).
    package func runReview(userID: String, scheduled: Bool = false) throws -> String {
        let started = ContinuousClock.now
        let backend = backend()
        guard let member = try db.read({ try Member.find(userID, in: $0) }) else { throw ChatError.empty }
        let now = clock.now()
        let today = calendar.date(of: now)
        let pendingBefore = try db.read { try ProposalStore.pending(userID: userID, in: $0)?.id }
        do {
            var reply = try backend.review(
                CoachTurn(
                    member: member, db: db, today: today, now: now, calendar: calendar,
                    text: "weekly review", context: nil, history: []))
            reply.run.durationMs = Int((ContinuousClock.now - started) / .milliseconds(1))
            try db.write { db in
                try ChatStore.append(userID: userID, who: "coach", text: reply.text, now: now, in: db)
                try CoachRunStore.record(reply.run, userID: userID, now: now, in: db)
                try ReviewLedger.mark(userID: userID, week: today.monday, now: now, in: db)
                if scheduled, let onReviewProposal, let pending = try ProposalStore.pending(userID: userID, in: db),
                    pending.id != pendingBefore
                {
                    try onReviewProposal(pending, member, now, db)
                }
            }
            return reply.text
        } catch {
            let run = CoachRun(
                kind: "review", model: backend.model, ok: false,
                durationMs: Int((ContinuousClock.now - started) / .milliseconds(1)), error: String(describing: error))
            _ = try? db.write { try CoachRunStore.record(run, userID: userID, now: now, in: $0) }
            throw error
        }
    }

    /// After a failed review the next try waits ``reviewRetryInterval``; after
    /// ``reviewAttemptsPerWeek`` failures in the week the review is skipped
    /// until the next week (the failures stay in the coach runs).
    package static let reviewRetryInterval: TimeInterval = 3600
    package static let reviewAttemptsPerWeek = 5

    /// True when the week's failed review runs (since its due instant) allow another try now.
    func retryAllowed(_ member: Member, week: LocalDate, now: Date) -> Bool {
        let due = ReviewSchedule.of(member).dueInstant(weekOf: week, in: calendar.timeZone)
        let failures: [String] =
            (try? db.read { db in
                try db.query(
                    "SELECT at FROM coach_runs WHERE user_id = ? AND kind = 'review' AND ok = 0 AND at >= ? ORDER BY id",
                    [member.id, Instant.storage(due)]
                ).map { try $0.get("at") }
            }) ?? []
        if failures.count >= Self.reviewAttemptsPerWeek { return false }
        guard let last = failures.last.flatMap(Instant.parse) else { return true }
        return now.timeIntervalSince(last) >= Self.reviewRetryInterval
    }

    /// Runs every review due at the clock's now (non-demo members whose
    /// ``ReviewSchedule`` has come round and whose week is not yet in the
    /// ``ReviewLedger``; a failed review is retried hourly, at most
    /// ``reviewAttemptsPerWeek`` times). Returns the ids reviewed.
    @discardableResult
    package func runDueReviews() -> [String] {
        let now = clock.now()
        guard let members = try? db.read({ try Member.all(in: $0) }) else { return [] }
        var done: [String] = []
        for member in members where !member.isDemo {
            let last = try? db.read { try ReviewLedger.lastWeek(userID: member.id, in: $0) }
            guard let week = ReviewSchedule.of(member).due(now: now, in: calendar.timeZone, lastWeek: last ?? nil),
                retryAllowed(member, week: week, now: now)
            else { continue }
            do {
                _ = try runReview(userID: member.id, scheduled: true)
                done.append(member.id)
                Log.info("weekly review done", fields: ["USER_ID": member.id])
            } catch {
                Log.warning("weekly review failed: \(error)", fields: ["USER_ID": member.id])
            }
        }
        return done
    }
}
