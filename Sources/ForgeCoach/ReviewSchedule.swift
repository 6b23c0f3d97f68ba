import ForgeCore
import ForgeStore
import Foundation

/// When a member's weekly review is due (docs/contract.md §4.18, forged's per-member
/// clock): `prefs.review_weekday` (0 = Monday … 6 = Sunday, or a day name;
/// default Sunday) at `prefs.review_hour` (0–23, default 20) household time,
/// once per ISO week (Monday–Sunday).
package struct ReviewSchedule: Sendable, Equatable {
    /// Day of the review, Monday = 0 … Sunday = 6, and its hour, 0–23, household time.
    package let weekday: Int
    package let hour: Int

    /// A schedule at `weekday` (Monday = 0) and `hour` (0–23); the defaults are Sunday 20:00.
    package init(weekday: Int = 6, hour: Int = 20) {
        self.weekday = weekday
        self.hour = hour
    }

    /// The member's schedule; out-of-range or unreadable prefs fall back to the defaults.
    package static func of(_ member: Member) -> ReviewSchedule {
        var weekday = 6
        var hour = 20
        if let w = member.prefs["review_weekday"] {
            if let n = w.intValue, (0...6).contains(n) {
                weekday = n
            } else if let s = w.stringValue,
                let i = LocalDate.dayNames.firstIndex(where: { $0.lowercased().hasPrefix(s.lowercased().prefix(3)) }),
                s.count >= 3
            {
                weekday = i
            }
        }
        if let h = member.prefs["review_hour"]?.intValue, (0...23).contains(h) { hour = h }
        return ReviewSchedule(weekday: weekday, hour: hour)
    }

    /// The instant the review of the week starting `monday` falls due:
    /// `weekday` at `hour`:00 in `timeZone`. An hour skipped by a DST change
    /// resolves to the first instant after the gap.
    package func dueInstant(weekOf monday: LocalDate, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = monday.adding(days: weekday)
        let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour)
        return calendar.date(from: parts) ?? Date.distantFuture
    }

    /// The Monday of the week whose review is due at `now`, or nil when it is
    /// not yet time or `lastWeek` (the Monday of the last reviewed week) is this week.
    package func due(now: Date, in timeZone: TimeZone, lastWeek: String?) -> LocalDate? {
        let monday = HouseholdCalendar(timeZone: timeZone).date(of: now).monday
        guard lastWeek != monday.description, now >= dueInstant(weekOf: monday, in: timeZone) else { return nil }
        return monday
    }
}

/// The persisted record of which ISO weeks were reviewed, so a restart never reviews a week twice.
package enum ReviewLedger {
    /// The Monday (`YYYY-MM-DD`) of the member's latest reviewed week, or nil.
    package static func lastWeek(userID: String, in db: Connection) throws -> String? {
        try db.scalar("SELECT MAX(week) FROM coach_reviews WHERE user_id = ?", [userID])
    }

    /// Records the week as reviewed (idempotent).
    package static func mark(userID: String, week: LocalDate, now: Date, in db: Connection) throws {
        try db.execute(
            "INSERT OR IGNORE INTO coach_reviews (user_id, week, ran_at) VALUES (?, ?, ?)",
            [userID, week.description, Instant.storage(now)])
    }
}
