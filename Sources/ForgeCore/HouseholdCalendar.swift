import Foundation

/// The household's calendar: "today" and every date derived from an instant
/// are computed in the household time zone (config `--timezone`), never the
/// client's and never UTC.
///
/// Named zones need tzdata and, in a statically linked binary,
/// FoundationInternationalization (docs/architecture.md §18); this module imports
/// full Foundation for that reason.
package struct HouseholdCalendar: Sendable {
    /// The household zone.
    package let timeZone: TimeZone
    private let calendar: Calendar

    /// The calendar of the household zone `timeZone` (Gregorian).
    package init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        calendar = cal
    }

    /// Resolves an IANA zone name (`Europe/London`, `UTC`); nil when unknown.
    package static func zone(named name: String) -> TimeZone? {
        if name == "UTC" || name == "Etc/UTC" { return TimeZone(identifier: "UTC") }
        guard let zone = TimeZone(identifier: name) else { return nil }
        return zone
    }

    /// The system zone from `/etc/localtime`, else UTC.
    package static func systemZone() -> TimeZone {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
            let range = target.range(of: "zoneinfo/")
        {
            let name = String(target[range.upperBound...])
            if let zone = TimeZone(identifier: name) { return zone }
        }
        if let name = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines),
            let zone = TimeZone(identifier: name)
        {
            return zone
        }
        return .utc
    }

    /// The household date of `instant`.
    package func date(of instant: Date) -> LocalDate {
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        return LocalDate(year: c.year!, month: c.month!, day: c.day!)
    }

    /// The household hour (0–23) of `instant`.
    package func hour(of instant: Date) -> Int {
        calendar.component(.hour, from: instant)
    }

    /// The instant of local midnight starting `date` in the household zone.
    package func startOfDay(_ date: LocalDate) -> Date {
        let comps = DateComponents(year: date.year, month: date.month, day: date.day)
        // A Gregorian year, month and day always resolve; noon UTC of the day stands in rather than a crash.
        let instant =
            calendar.date(from: comps) ?? Date(timeIntervalSince1970: Double(date.dayNumber) * 86_400 + 43_200)
        return calendar.startOfDay(for: instant)
    }

    /// Today in the household zone, by `clock`.
    package func today(_ clock: any Clock) -> LocalDate { date(of: clock.now()) }
}
