import ForgeCore
import Foundation

/// A timestamp of a Health Auto Export payload or a GPX/TCX file, read by ForgeCore's ``WrittenTime``.
///
/// Accepted (docs/contract.md §4.14): `YYYY-MM-DD HH:MM:SS ±HHMM`,
/// `YYYY-MM-DDTHH:MM:SS±HHMM`, and ISO 8601 (`Z`, `±HH:MM`, `±HH`,
/// fractional seconds, or no zone at all), with blanks around it and before the zone, `t` or
/// spaces between date and time, one- or two-digit time fields and no seconds
/// (``WrittenTime/Forms/relaxed``). A numeric offset is kept: the workout's day is its calendar
/// date in that offset (a run at 00:15 +0100 belongs to that local day everywhere;
/// ``LocalDate/init(seconds:offset:)``). `Z` and zone-less times carry no local offset; their day
/// is the household date.
package struct IngestTimestamp: Sendable, Equatable {
    /// The instant.
    package let instant: Date
    /// The written offset east of UTC, seconds; nil for `Z` or no zone.
    package let offset: Int?
    /// False when the text had no zone (read in the household zone).
    package let zoneAware: Bool
    /// Whole seconds since 1970-01-01T00:00:00Z of the instant (its fraction dropped).
    let seconds: Int

    /// The trained day: the date in the written offset under a numeric offset, else the household date.
    package func day(in calendar: HouseholdCalendar) -> LocalDate {
        guard let offset else { return calendar.date(of: instant) }
        return LocalDate(seconds: seconds, offset: offset)
    }

    /// The forms of a payload's or a track's times.
    static let forms: WrittenTime.Forms = [.relaxed, .zoneOptional]

    /// Parses `text`; nil when it is not one of the accepted forms or names an impossible time
    /// (30 February, hour 25, an offset past ±18 hours).
    /// - Parameter zone: the household zone, for zone-less times.
    package static func parse(_ text: String, zone: TimeZone) -> IngestTimestamp? {
        guard let time = WrittenTime.read(text, forms: forms) else { return nil }
        guard let offset = time.zone.seconds else {
            var cal = Calendar(identifier: .gregorian)
            cal.timeZone = zone
            let comps = DateComponents(
                year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute,
                second: time.second)
            guard let base = cal.date(from: comps) else { return nil }
            let instant = base.addingTimeInterval(time.fraction)
            let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
            return IngestTimestamp(instant: instant, offset: nil, zoneAware: false, seconds: seconds)
        }
        let seconds = time.wallSeconds - offset
        let instant = Date(timeIntervalSince1970: Double(seconds) + time.fraction)
        let written = time.zone == .utc ? nil : offset
        return IngestTimestamp(instant: instant, offset: written, zoneAware: true, seconds: seconds)
    }
}
