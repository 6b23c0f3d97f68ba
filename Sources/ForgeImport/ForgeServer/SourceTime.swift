import ForgeCore
import Foundation

/// Timestamps and dates as the original server's databases write them.
enum SourceTime {
    /// `YYYY-MM-DD`.
    static func isDate(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == 0x2D, u[7] == 0x2D else { return false }
        return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (0x30...0x39).contains(u[$0]) }
    }

    /// `YYYY-MM-DD[ T]HH:MM[:SS[.ffffff]][Z|+HH[:MM]|-HH[:MM]]` through the one ISO reader
    /// (``LocalDateTime/iso(_:)``), the fraction of the second kept; no offset means UTC (as
    /// SQLAlchemy stores it in SQLite). A date without a time is not an instant here.
    static func instant(_ text: String) -> Date? {
        let t = text.trimmedBlanks
        guard t.utf8.count >= 16, let iso = LocalDateTime.iso(t) else { return nil }
        guard let base = utcSeconds(iso.parts) else { return nil }
        return base.addingTimeInterval(iso.fraction - Double(iso.offset ?? 0))
    }

    /// The whole second the calendar fields name in UTC (a day past the month's end runs on into the
    /// next month, as the calendar's lenient reading does). Years 1900-9999 by arithmetic on days
    /// (``LocalDate/dayNumber``), the rest through Foundation's Gregorian `Calendar` (which switches to the
    /// Julian calendar before 1582); the same instant either way (`SourceTimeTests`).
    static func utcSeconds(_ parts: DateComponents) -> Date? {
        guard let year = parts.year, (1900...9999).contains(year), let month = parts.month, let day = parts.day
        else {
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = .gmt
            return utc.date(from: parts)
        }
        let days = LocalDate(year: year, month: month, day: day).dayNumber
        let seconds = days * 86_400 + (parts.hour ?? 0) * 3_600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
