import ForgeCoach
import ForgeCore
import ForgeEvents
import ForgeStore
import ForgeTrain
import Foundation

/// The proposal-ready and planned-day-reminder notices of docs/contract.md §4.27,
/// sent over the event socket instead of web push (docs/architecture.md §16).
///
/// Both go through the `notices` ledger: a row is queued when a notice
/// becomes due (a scheduled weekly review left a proposal; a member's
/// planned day has no session yet after ``NoticeHours/reminderHour``), at
/// most once per member, kind and key (proposal id or date). ``runDue()``
/// stamps `sent_at` before publishing, so a restart never repeats a notice,
/// and holds queued ones through quiet hours. A kind is muted only by an
/// explicit `false` in `prefs.notif_proposal` / `prefs.notif_reminder`; the
/// demo seat gets none.
package final class Notices: Sendable {
    let db: Database
    let clock: any Clock
    let calendar: HouseholdCalendar
    let hours: NoticeHours
    let cook: CookServices

    init(db: Database, clock: any Clock, calendar: HouseholdCalendar, hours: NoticeHours, cook: CookServices) {
        self.db = db
        self.clock = clock
        self.calendar = calendar
        self.hours = hours
        self.cook = cook
    }

    /// Queues the proposal-ready notice of a scheduled weekly review
    /// (call inside the review's write transaction).
    static func queueProposal(_ proposal: ProposalRevision, for member: Member, now: Date, in db: Connection) throws {
        try queue(
            userID: member.id, kind: .proposalReady, key: proposal.id,
            title: "\(member.name): next week's plan is ready",
            body: "Proposal #\(proposal.num) is waiting for approval. \(proposal.rationale.prefix(200))", now: now,
            in: db)
    }

    /// Queues due reminders, then sends every queued notice the hour allows.
    /// - Returns: the notices published now.
    @discardableResult
    package func runDue() -> Int {
        let now = clock.now()
        let hour = calendar.hour(of: now)
        guard hours.allows(hour: hour) else {
            Log.debug(
                "notices: quiet hours (hour \(hour); notices go out from \(hours.quietStart) until \(hours.quietEnd)); holding"
            )
            return 0
        }
        do {
            if hours.remindsAt(hour: hour) { try queueReminders(today: calendar.date(of: now), now: now) }
            return try sendQueued(now: now)
        } catch {
            Log.warning("notices failed: \(error)")
            return 0
        }
    }

    /// Members with a planned entry today and no session of any kind dated today.
    /// Reads first and writes only when a member still needs today's row, so
    /// the minute tick does not take the writer for nothing.
    func queueReminders(today: LocalDate, now: Date) throws {
        let due = try db.read { db -> [(userID: String, title: String, body: String)] in
            var due: [(userID: String, title: String, body: String)] = []
            for member in try Member.all(in: db) where !member.isDemo {
                guard
                    try !NoticeStore.isQueued(
                        userID: member.id, kind: .plannedDayReminder, key: today.description, in: db),
                    let plan = try PlanStore.active(userID: member.id, in: db),
                    let day = plan.content.day(today.weekday),
                    try SessionQueries.sessions(userID: member.id, from: today, to: today, in: db).isEmpty
                else { continue }
                let name = day.name.isEmpty ? (day.kind == .cardio ? "cardio" : "training") : day.name
                let body =
                    day.focus.isEmpty ? "\(member.name), nothing logged yet today." : day.focus.joined(separator: ", ")
                due.append((member.id, "Planned today: \(name)", body))
            }
            return due
        }
        guard !due.isEmpty else { return }
        try db.write { db in
            for d in due {
                try Self.queue(
                    userID: d.userID, kind: .plannedDayReminder, key: today.description,
                    title: d.title, body: d.body, now: now, in: db)
            }
        }
    }

    private func sendQueued(now: Date) throws -> Int {
        let waiting = try db.read { try NoticeStore.waitingCount(in: $0) }
        guard waiting > 0 else { return 0 }
        // Decide and stamp in one transaction (the ledger is written before sending) ...
        let today = calendar.date(of: now)
        let toSend = try db.write { db -> [NoticeStore.Queued] in
            var send: [NoticeStore.Queued] = []
            for q in try NoticeStore.unsent(in: db) {
                let outcome = try Self.outcome(
                    q.kind, key: q.key, userID: q.userID, prefs: q.prefs,
                    today: today, in: db)
                try NoticeStore.markSent(q.id, outcome: outcome, now: now, in: db)
                if outcome == "sent" { send.append(q) }
            }
            return send
        }
        // ... then publish, in ledger order.
        for q in toSend {
            let user = EventEnvelope.Recipient(id: q.userID, name: q.name)
            cook.announce { seq in
                switch q.kind {
                case .proposalReady:
                    EventEnvelope.proposalReady(
                        seq: seq, at: now, proposalID: q.key, title: q.title, body: q.body, user: user)
                case .plannedDayReminder:
                    EventEnvelope.plannedDayReminder(
                        seq: seq, at: now, day: LocalDate(q.key) ?? calendar.date(of: now),
                        title: q.title, body: q.body, user: user)
                case .cookTimer:
                    .null  // never queued: timers publish through the scheduler
                }
            }
            Log.info("notice sent: \(q.title)", fields: ["USER_ID": q.userID, "FORGE_NOTICE": q.kind.rawValue])
        }
        return toSend.count
    }

    /// `sent`, `muted` (the member's pref is an explicit false) or `stale`
    /// (a proposal already decided; a reminder for a day now trained or past).
    static func outcome(
        _ kind: NotificationKind, key: String, userID: String, prefs: [String: JSONValue],
        today: LocalDate, in db: Connection
    ) throws -> String {
        let pref = kind == .proposalReady ? "notif_proposal" : "notif_reminder"
        if prefs[pref] == .bool(false) { return "muted" }
        switch kind {
        case .proposalReady:
            return try ProposalStore.pending(userID: userID, in: db)?.id == key ? "sent" : "stale"
        case .plannedDayReminder:
            guard let day = LocalDate(key), day == today else { return "stale" }
            return try SessionQueries.sessions(userID: userID, from: day, to: day, in: db).isEmpty ? "sent" : "stale"
        case .cookTimer:
            return "stale"
        }
    }

    private static func queue(
        userID: String, kind: NotificationKind, key: String, title: String, body: String,
        now: Date, in db: Connection
    ) throws {
        try NoticeStore.queue(userID: userID, kind: kind, key: key, title: title, body: body, now: now, in: db)
    }
}
