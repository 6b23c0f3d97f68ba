import ForgeCore
import Foundation

/// When the nightly backup runs: a wall-clock time in the household zone
/// (`--backup-time HH:MM`, default 03:30).
package struct BackupSchedule: Sendable, Equatable {
    /// Hour 0–23 and minute 0–59 of household wall-clock time.
    package let hour: Int
    package let minute: Int

    /// The time `hour`:`minute` (the caller passes 0–23 and 0–59; ``init(_:)`` checks text).
    package init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// The default, 03:30.
    package static let standard = BackupSchedule(hour: 3, minute: 30)

    /// Parses `HH:MM` (24-hour, one or two hour digits); nil otherwise.
    package init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
        else { return nil }
        self.init(hour: h, minute: m)
    }

    /// `03:30`.
    package var text: String { (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)" }

    /// The first instant strictly after `now` at which the household clock in
    /// `timeZone` shows this time. DST-safe: on a spring-forward day when the
    /// time does not exist it is the first instant after the gap (02:30 in a
    /// 02:00→03:00 gap runs at 03:00); on a fall-back day when it exists twice,
    /// the first occurrence. Every household day gets exactly one run.
    package func next(after now: Date, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let household = HouseholdCalendar(timeZone: timeZone)
        var day = household.date(of: now)
        for _ in 0..<3 {
            let instant = instant(on: day, calendar)
            if instant > now { return instant }
            day = day.adding(days: 1)
        }
        return instant(on: day, calendar)
    }

    /// The instant of this wall time on household `day`.
    private func instant(on day: LocalDate, _ calendar: Calendar) -> Date {
        let midnight = HouseholdCalendar(timeZone: calendar.timeZone).startOfDay(day)
        // Walk from midnight so a time in a DST gap lands just after the gap.
        let comps = DateComponents(hour: hour, minute: minute, second: 0)
        if let exact = calendar.nextDate(
            after: midnight.addingTimeInterval(-1), matching: comps,
            matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward),
            HouseholdCalendar(timeZone: calendar.timeZone).date(of: exact) == day
        {
            return exact
        }
        return midnight.addingTimeInterval(TimeInterval(hour * 3600 + minute * 60))
    }

    /// Whether a catch-up backup is due at start: no successful backup yet, or
    /// the last one finished more than 24 hours (less a 5 minute margin) ago.
    package static func isOverdue(lastSuccess: Date?, now: Date) -> Bool {
        guard let lastSuccess else { return true }
        return now.timeIntervalSince(lastSuccess) > 24 * 3600 - 300
    }
}
