import ForgeCore
import ForgeEvents
import ForgeStore
import ForgeTrain
import Foundation

/// The `notices` ledger's use cases (docs/contract.md §4.27; issue 42): queue a
/// proposal-ready notice or the day's planned-day reminders, and take the
/// queued notices that are due, stamped `sent_at` before anything is
/// published, so a restart never repeats one. A kind is muted only by an
/// explicit `false` in `prefs.notif_proposal` / `prefs.notif_reminder`; the
/// demo seat gets none. ``queueProposal(_:for:now:in:)`` runs in the caller's
/// transaction; the others read first and write only when there is something to
/// queue or send.
package enum NoticeLedger {
    /// Queues the proposal-ready notice of a scheduled weekly review, in the review's write transaction `db`.
    /// - Throws: `DatabaseError`.
    package static func queueProposal(_ proposal: ProposalRevision, for member: Member, now: Date, in db: Connection)
        throws
    {
        try NoticeStore.queue(
            userID: member.id, kind: .proposalReady, key: proposal.id,
            title: "\(member.name): next week's plan is ready",
            body: "Proposal #\(proposal.num) is waiting for approval. \(proposal.rationale.prefix(200))", now: now,
            in: db)
    }

    /// Queues today's reminder for each member (not the demo) with a planned entry `today` and no session of
    /// any kind dated today, once per member and day. Reads first and writes only when a member still needs
    /// today's row, so the minute tick does not take the writer for nothing.
    /// - Throws: `DatabaseError`.
    package static func queueReminders(today: LocalDate, now: Date, in database: Database) throws {
        let due = try database.read { db -> [(userID: String, title: String, body: String)] in
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
        try database.write { db in
            for d in due {
                try NoticeStore.queue(
                    userID: d.userID, kind: .plannedDayReminder, key: today.description,
                    title: d.title, body: d.body, now: now, in: db)
            }
        }
    }

    /// Decides every queued notice (``outcome(_:key:userID:prefs:today:in:)``) and stamps it in one
    /// transaction; the ledger is written before anything is sent.
    /// - Returns: the notices to publish now, in ledger order (none when nothing waits: no write then).
    /// - Throws: `DatabaseError`.
    package static func takeDue(today: LocalDate, now: Date, in database: Database) throws -> [NoticeStore.Queued] {
        guard try database.read({ try NoticeStore.waitingCount(in: $0) }) > 0 else { return [] }
        return try database.write { db in
            var send: [NoticeStore.Queued] = []
            for q in try NoticeStore.unsent(in: db) {
                let outcome = try outcome(q.kind, key: q.key, userID: q.userID, prefs: q.prefs, today: today, in: db)
                try NoticeStore.markSent(q.id, outcome: outcome, now: now, in: db)
                if outcome == "sent" { send.append(q) }
            }
            return send
        }
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
}
