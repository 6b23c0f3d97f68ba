import ForgeCoach
import ForgeCore
import ForgeEvents
import ForgeStore
import Foundation

/// The proposal-ready and planned-day-reminder notices of docs/contract.md §4.27,
/// sent over the event socket instead of web push (docs/architecture.md §16).
///
/// Both go through the `notices` ledger (``NoticeLedger``, ForgeCoach): a row is queued when a notice
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
            if hours.remindsAt(hour: hour) {
                try NoticeLedger.queueReminders(today: calendar.date(of: now), now: now, in: db)
            }
            return try sendQueued(now: now)
        } catch {
            Log.warning("notices failed: \(error)")
            return 0
        }
    }

    private func sendQueued(now: Date) throws -> Int {
        let toSend = try NoticeLedger.takeDue(today: calendar.date(of: now), now: now, in: db)
        // Stamped in the ledger already: publish, in ledger order.
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
}
