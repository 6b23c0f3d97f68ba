import Foundation

/// A calendar date without a time or zone (`YYYY-MM-DD` on the wire).
/// Arithmetic is proleptic Gregorian; weekdays are numbered Monday = 0 …
/// Sunday = 6, as the plan's weekday keys are.
package struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// Year (1...9999 on the wire), month 1...12, day 1...31 as given.
    package let year: Int
    package let month: Int
    package let day: Int

    /// The date with these fields, stored as given (the caller passes a real date;
    /// arithmetic on an impossible one is undefined).
    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses a strict `YYYY-MM-DD` string; nil for anything else (including
    /// impossible dates such as `2026-02-30`).
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3,
            parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), d >= 1, d <= LocalDate.daysIn(month: m, year: y)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `YYYY-MM-DD`.
    package var description: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : "\(month)"
        let d = day < 10 ? "0\(day)" : "\(day)"
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + m + "-" + d
    }

    /// Days since 1970-01-01 (negative before). Algorithm: Howard Hinnant, "days_from_civil".
    package var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The date `dayNumber` days after 1970-01-01 (Hinnant's "civil_from_days").
    package init(dayNumber z0: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// The calendar date in a fixed offset: the day that the instant `seconds` (whole seconds since
    /// 1970-01-01T00:00:00Z) falls on for a clock `offset` seconds east of UTC. forged's one rule for
    /// "the day in the written offset": a time written with a numeric offset belongs to its local day
    /// wherever it is read (a run at 00:15 +01:00 is that day's), as ingest files workouts
    /// (docs/contract.md §1.2) and the Apple Health import files samples and day totals.
    package init(seconds: Int, offset: Int) {
        let local = seconds + offset
        self.init(dayNumber: local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400))
    }

    /// Weekday, Monday = 0 … Sunday = 6.
    package var weekday: Int { ((dayNumber % 7) + 7 + 3) % 7 }  // 1970-01-01 was a Thursday (3)

    /// English weekday name, "Monday" … "Sunday".
    package var dayName: String { LocalDate.dayNames[weekday] }

    /// The Monday on or before this date.
    package var monday: LocalDate { adding(days: -weekday) }

    /// This date moved by `days` (may be negative).
    package func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    package static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

    package static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad date"))
        }
        self = date
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

extension LocalDate: WireSchemaDescribed {
    package static var wireSchema: JSONValue { ["type": "string", "format": "date", "example": "2026-07-20"] }
}
