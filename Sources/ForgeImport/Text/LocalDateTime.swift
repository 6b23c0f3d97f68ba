import ForgeCore
import Foundation

/// Date-times as the logging apps write them, read in the household zone
/// unless the text carries an offset.
///
/// Forms: `2024-11-28 17:36:08` and `2024-11-28T17:36` (Strong, with an
/// optional `Z`/`±hh:mm`/`±hhmm` offset, or 12-hour: `2025-01-30 12:34:56\u{202F}pm`, `5:30:00 pm`, after any
/// Unicode space), `2019-05-04` (FitNotes, a date only:
/// noon), `01.03.2025 08:00` (a spreadsheet's re-save in a day-first locale),
/// `15 Sep 2025, 07:48` (Hevy, older) and `Jun 11, 2026, 1:01 PM` (Hevy, newer,
/// 12-hour, the blank before PM also U+202F), `20140114084347-0800` (Apple Health, iOS 8),
/// and, once ``slashOrder`` is set from the whole column, a spreadsheet's `1/14/2021 7:30`
/// or `14/01/2021 07:30:00` (``SlashDateOrder``).
package struct LocalDateTime: Sendable {
    package let calendar: HouseholdCalendar
    /// How the file's slashed dates read (``SlashDateOrder/of(csv:column:named:)``);
    /// nil: a slashed date is not understood.
    package var slashOrder: SlashDateOrder?
    private var gregorian: Calendar
    private var cache: (text: String, date: Date?)?

    package init(calendar: HouseholdCalendar) {
        self.calendar = calendar
        gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
    }

    private static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// The instant `text` means, or nil when it is none of the forms above.
    package mutating func parse(_ raw: String) -> Date? {
        if let cache, cache.text == raw { return cache.date }
        let date = compute(raw.trimmedBlanks)
        cache = (raw, date)
        return date
    }

    private func compute(_ text: String) -> Date? {
        var parts = DateComponents()
        var offset: Int?
        let utf8 = text.utf8
        if utf8.count >= 14, utf8.prefix(14).allSatisfy({ $0 &- 0x30 <= 9 }) {
            // 20140114084347-0800
            guard let compact = WrittenTime.read(text, forms: Self.isoForms.union(.compact)),
                let fields = Self.fields(compact)
            else { return nil }
            parts = fields.parts
            offset = fields.offset
        } else if Self.looksISO(text) {
            guard let iso = Self.iso(text) else { return nil }
            parts = iso.parts
            offset = iso.offset
        } else if let dotted = Self.dotted(text) {
            parts = dotted
        } else if let slashOrder, text.contains("/") {
            guard let slashed = Self.slashed(text, order: slashOrder) else { return nil }
            parts = slashed
        } else {
            // Hevy: "15 Sep 2025, 07:48" or "Jun 11, 2026, 1:01 PM"
            // Any blank separates: ICU 72+ writes U+202F (narrow no-break space) before AM/PM.
            let tokens = text.split { $0.isWhitespace || $0 == "," || $0 == ":" }.map(String.init)
            guard tokens.count >= 5 else { return nil }
            var i = 0
            if let d = Int(tokens[0]), let m = Self.month(tokens[1]), let y = Int(tokens[2]) {
                (parts.day, parts.month, parts.year) = (d, m, y)
            } else if let m = Self.month(tokens[0]), let d = Int(tokens[1]), let y = Int(tokens[2]) {
                (parts.day, parts.month, parts.year) = (d, m, y)
            } else {
                return nil
            }
            i = 3
            guard tokens.count >= i + 2, var h = Int(tokens[i]), let mi = Int(tokens[i + 1]) else { return nil }
            i += 2
            if i < tokens.count, let s = Int(tokens[i]) {
                parts.second = s
                i += 1
            }
            if i < tokens.count {
                switch tokens[i].uppercased() {
                case "AM": if h == 12 { h = 0 }
                case "PM": if h < 12 { h += 12 }
                default: return nil
                }
            }
            parts.hour = h
            parts.minute = mi
        }
        guard Self.possible(parts) else { return nil }
        if let offset {
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = .gmt
            return utc.date(from: parts).map { $0.addingTimeInterval(TimeInterval(-offset)) }
        }
        return gregorian.date(from: parts)
    }

    /// The forms of ``iso(_:)`` on ForgeCore's ``WrittenTime``: blanks and spaces, one-digit time
    /// fields and no seconds, a date alone, no zone or `UTC`/`GMT`, and days 29-31 of any month and
    /// offsets to ±99:99 kept for the calendar to run on (30 February is 1 March).
    static let isoForms: WrittenTime.Forms = [.relaxed, .dateAlone, .zoneOptional, .namedUTC, .rollsOver]

    /// An ISO-like date-time, `yyyy-MM-dd[( |T)HH:mm[:ss[.fff]]][offset]`, in its fields: the
    /// calendar fields (a date alone is noon), the fraction of the second (0 ≤ f < 1), and the
    /// written offset in seconds east of UTC (nil: none written). Nil when the text is not of that
    /// form or names an impossible time (month 13, hour 24, minute 60).
    ///
    /// The one reader of this form: ``parse(_:)`` reads it in the household zone (the fraction
    /// dropped, as the apps' files never carry one), the forge-server move's `SourceTime` in UTC
    /// with the fraction kept (PostgreSQL's `2024-05-01 07:30:00.123456+00`).
    ///
    /// ForgeCore's ``WrittenTime`` reads it (``isoDigits(_:)``, ``isoForms``); a 12-hour time
    /// (`2025-01-30 12:34:56\u{202F}pm`, `5:30:00 pm`), which it leaves to its caller, is this
    /// type's own (``isoGeneral(_:)``).
    package static func iso(_ text: String) -> (parts: DateComponents, fraction: Double, offset: Int?)? {
        isoDigits(text) ?? isoGeneral(text)
    }

    /// The ISO forms of ``iso(_:)`` (``isoForms``), 12-hour times left out.
    static func isoDigits(_ text: String) -> (parts: DateComponents, fraction: Double, offset: Int?)? {
        WrittenTime.read(text, forms: isoForms).flatMap(fields)
    }

    /// ``iso(_:)`` for every text: the ISO forms, and a 12-hour time after any blank (or none) before
    /// the zone, hour 1-12: `2025-01-30 12:34:56\u{202F}pm`, `2024-11-28 5:30:00 pm +01:00`.
    static func isoGeneral(_ text: String) -> (parts: DateComponents, fraction: Double, offset: Int?)? {
        var text = text
        return text.withUTF8 { u -> (parts: DateComponents, fraction: Double, offset: Int?)? in
            var time = WrittenTime()
            guard let end = WrittenTime.scan(u, forms: isoForms.union(.trailingText), into: &time) else { return nil }
            if end < u.count {
                guard time.hasTime, time.zone == .none, (1...12).contains(time.hour), end + 2 <= u.count,
                    case let meridiem = u[end] | 0x20, meridiem == 0x61 || meridiem == 0x70, u[end + 1] | 0x20 == 0x6D
                else { return nil }  // am, pm
                time.hour = meridiem == 0x61 ? time.hour % 12 : time.hour % 12 + 12
                let next = WrittenTime.skipBlanks(u, from: end + 2)
                if next < u.count {
                    guard let (zone, zoneEnd) = WrittenTime.zone(u, at: next, forms: isoForms),
                        WrittenTime.skipBlanks(u, from: zoneEnd) == u.count
                    else { return nil }
                    time.zone = zone
                }
            }
            return fields(time)
        }
    }

    /// The fields of a written time as ``iso(_:)`` gives them: a date alone is noon (minute and second
    /// unset), seconds not written are unset, and the seconds with their fraction are the correctly
    /// rounded `Double` of their digits (the value `Double(String)` gives: up to 13 places an integer
    /// below 2^53 divided by an exact power of ten, one rounding; past that `Double(String)` itself).
    static func fields(_ time: WrittenTime) -> (parts: DateComponents, fraction: Double, offset: Int?)? {
        var parts = DateComponents()
        (parts.year, parts.month, parts.day) = (time.year, time.month, time.day)
        guard time.hasTime else {
            parts.hour = 12
            return (parts, 0, nil)
        }
        parts.hour = time.hour
        parts.minute = time.minute
        var fraction = 0.0
        if time.hasSeconds {
            parts.second = time.second
            if time.fractionPlaces > 0 {
                let places = time.fractionPlaces
                let s: Double
                if places <= 13 {
                    let mantissa = time.second * Int(WrittenTime.powersOfTen[places]) + time.fractionDigits
                    s = Double(mantissa) / WrittenTime.powersOfTen[places]
                } else {
                    let digits = String(time.fractionDigits)
                    s = Double("\(time.second)." + String(repeating: "0", count: places - digits.count) + digits) ?? 0
                }
                parts.second = Int(s)
                fraction = s - s.rounded(.down)
            }
        }
        guard possible(parts) else { return nil }
        return (parts, fraction, time.zone.seconds)
    }

    /// `dd.MM.yyyy[ HH:mm[:ss]]` (or a two-digit year, read as 20yy): the form a spreadsheet in a
    /// decimal-comma locale (German, Polish, Russian, …) gives a date column when it re-saves a CSV.
    /// Dots always mean day first. A date alone is noon. Nil when the text is not of that form.
    static func dotted(_ text: String) -> DateComponents? {
        let halves = text.split(separator: " ", maxSplits: 1)
        guard let date = halves.first?.split(separator: ".", omittingEmptySubsequences: false), date.count == 3,
            date[2].count == 4 || date[2].count == 2,
            let d = Int(date[0]), let m = Int(date[1]), let y = Int(date[2])
        else { return nil }
        var parts = DateComponents(year: date[2].count == 2 ? 2000 + y : y, month: m, day: d, hour: 12)
        if halves.count == 2 {
            let time = String(halves[1]).trimmedBlanks.split(separator: ":").map { Int($0) }
            guard (2...3).contains(time.count), time.allSatisfy({ $0 != nil }) else { return nil }
            parts.hour = time[0]
            parts.minute = time[1]
            parts.second = time.count == 3 ? time[2] : nil
        }
        return parts
    }

    /// `a/b/yyyy[ H:mm[:ss][ AM|PM]]` (or a two-digit year, read as 20yy) in `order`: a
    /// spreadsheet's short date and time. A date alone is noon. Nil when the text is not of that form.
    static func slashed(_ text: String, order: SlashDateOrder) -> DateComponents? {
        let tokens = text.split { $0.isWhitespace }
        guard let first = tokens.first, let (a, b) = SlashDateOrder.leading(first),
            let yearText = first.split(separator: "/").last, yearText.count == 4 || yearText.count == 2,
            let y = Int(yearText), tokens.count <= 3
        else { return nil }
        let (day, month) = order == .dayFirst ? (a, b) : (b, a)
        var parts = DateComponents(year: yearText.count == 2 ? 2000 + y : y, month: month, day: day, hour: 12)
        guard tokens.count >= 2 else { return parts }
        let time = tokens[1].split(separator: ":").map { Int($0) }
        guard (2...3).contains(time.count), let h = time[0], let m = time[1], time.count == 2 || time[2] != nil
        else { return nil }
        var hour = h
        if tokens.count == 3 {
            switch tokens[2].uppercased() {
            case "AM": if hour == 12 { hour = 0 }
            case "PM": if hour < 12 { hour += 12 }
            default: return nil
            }
        }
        parts.hour = hour
        parts.minute = m
        parts.second = time.count == 3 ? time[2] : nil
        return parts
    }

    /// Starts like `yyyy-`: a digit first, at least 10 characters, a `-` fifth.
    static func looksISO(_ text: String) -> Bool {
        guard let first = text.first, first.isNumber, text.count >= 10 else { return false }
        return text[text.index(text.startIndex, offsetBy: 4)] == "-"
    }

    /// Month 1-12, day 1-31, hour 0-23, minute 0-59, second 0-60 (a leap second).
    static func possible(_ parts: DateComponents) -> Bool {
        guard let month = parts.month, (1...12).contains(month), let day = parts.day, (1...31).contains(day),
            let hour = parts.hour, (0...23).contains(hour)
        else { return false }
        return (0...59).contains(parts.minute ?? 0) && (0...60).contains(parts.second ?? 0)
    }

    static func month(_ token: String) -> Int? {
        months.firstIndex(of: String(token.lowercased().prefix(3))).map { $0 + 1 }
    }
}
