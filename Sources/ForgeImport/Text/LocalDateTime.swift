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
        let scalars = Array(text.unicodeScalars)
        if scalars.count >= 14, scalars.prefix(14).allSatisfy({ $0.properties.numericType != nil }),
            !text.contains("-") || text.firstIndex(of: "-")! > text.index(text.startIndex, offsetBy: 13)
        {
            // 20140114084347-0800
            let digits = String(String.UnicodeScalarView(scalars.prefix(14)))
            func n(_ a: Int, _ b: Int) -> Int? {
                Int(digits[digits.index(digits.startIndex, offsetBy: a)..<digits.index(digits.startIndex, offsetBy: b)])
            }
            parts.year = n(0, 4)
            parts.month = n(4, 6)
            parts.day = n(6, 8)
            parts.hour = n(8, 10)
            parts.minute = n(10, 12)
            parts.second = n(12, 14)
            offset = Self.offset(String(String.UnicodeScalarView(scalars.dropFirst(14))))
            if scalars.count > 14 && offset == nil { return nil }
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

    /// An ISO-like date-time, `yyyy-MM-dd[( |T)HH:mm[:ss[.fff]]][offset]`, in its fields: the
    /// calendar fields (a date alone is noon), the fraction of the second (0 ≤ f < 1), and the
    /// written offset in seconds east of UTC (nil: none written). Nil when the text is not of that
    /// form or names an impossible time (month 13, hour 24, minute 60).
    ///
    /// The one reader of this form: ``parse(_:)`` reads it in the household zone (the fraction
    /// dropped, as the apps' files never carry one), the forge-server move's `SourceTime` in UTC
    /// with the fraction kept (PostgreSQL's `2024-05-01 07:30:00.123456+00`).
    ///
    /// PostgreSQL's own text (`2024-05-01 07:30:00.123456+00`) and every strict ASCII form of
    /// two-digit fields are read byte by byte (``isoDigits(_:)``); anything else (single-digit
    /// fields, spaces before the zone, Unicode digits) by the general reader (``isoGeneral(_:)``).
    /// Both give the same fields for the texts the first reads (`LocalDateTimeTests`).
    package static func iso(_ text: String) -> (parts: DateComponents, fraction: Double, offset: Int?)? {
        if let digits = isoDigits(text) {
            guard possible(digits.parts) else { return nil }
            return digits
        }
        return isoGeneral(text)
    }

    /// Powers of ten exactly representable as a `Double` (up to 10^15).
    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

    /// The strict ASCII forms of ``iso(_:)``: `yyyy-MM-dd`, or `yyyy-MM-dd` then a space or `T`, `HH:mm`,
    /// optionally `:ss` and `.` with 1-13 digits, then nothing, `Z`, or `±HH`, `±HHmm`, `±HH:mm`. Nil for
    /// any other text (the general reader decides); the fields unchecked (``possible(_:)`` checks them).
    /// The seconds with their fraction are the correctly rounded `Double` of their digits (an integer
    /// below 2^53 divided by an exact power of ten: one rounding), the value `Double(String)` gives.
    static func isoDigits(_ text: String) -> (parts: DateComponents, fraction: Double, offset: Int?)? {
        var text = text
        return text.withUTF8 { u -> (parts: DateComponents, fraction: Double, offset: Int?)? in
            let n = u.count
            func digit(_ i: Int) -> Int? {
                guard i < n else { return nil }
                let v = Int(u[i]) &- 0x30
                return v >= 0 && v <= 9 ? v : nil
            }
            func two(_ i: Int) -> Int? {
                guard let a = digit(i), let b = digit(i + 1) else { return nil }
                return a * 10 + b
            }
            guard n >= 10, let y1 = two(0), let y2 = two(2), u[4] == 0x2D, let month = two(5), u[7] == 0x2D,
                let day = two(8)
            else { return nil }
            var parts = DateComponents()
            (parts.year, parts.month, parts.day) = (y1 * 100 + y2, month, day)
            if n == 10 {
                parts.hour = 12
                return (parts, 0, nil)
            }
            guard u[10] == 0x20 || u[10] == 0x54, let hour = two(11), n > 13, u[13] == 0x3A, let minute = two(14)
            else { return nil }
            parts.hour = hour
            parts.minute = minute
            var i = 16
            var fraction = 0.0
            if i < n, u[i] == 0x3A {
                guard let second = two(i + 1) else { return nil }
                i += 3
                if i < n, u[i] == 0x2E {
                    var mantissa = second
                    var places = 0
                    i += 1
                    while let d = digit(i) {
                        guard places < 13 else { return nil }
                        mantissa = mantissa * 10 + d
                        places += 1
                        i += 1
                    }
                    guard places > 0 else { return nil }
                    let s = Double(mantissa) / powersOfTen[places]
                    parts.second = Int(s)
                    fraction = s - s.rounded(.down)
                } else {
                    parts.second = second
                }
            }
            if i == n { return (parts, fraction, nil) }
            let sign = u[i]
            if sign == 0x5A { return i + 1 == n ? (parts, fraction, 0) : nil }
            guard sign == 0x2B || sign == 0x2D, let h = two(i + 1) else { return nil }
            var m = 0
            switch n - i {
            case 3: break
            case 5:
                guard let mm = two(i + 3) else { return nil }
                m = mm
            case 6:
                guard u[i + 3] == 0x3A, let mm = two(i + 4) else { return nil }
                m = mm
            default: return nil
            }
            return (parts, fraction, (sign == 0x2D ? -1 : 1) * (h * 3600 + m * 60))
        }
    }

    /// ``iso(_:)`` for every text: the reader of the lenient forms.
    static func isoGeneral(_ text: String) -> (parts: DateComponents, fraction: Double, offset: Int?)? {
        guard looksISO(text) else { return nil }
        var parts = DateComponents()
        var fraction = 0.0
        var offset: Int?
        let date = text.prefix(10).split(separator: "-")
        guard date.count == 3, let y = Int(date[0]), let m = Int(date[1]), let d = Int(date[2]) else { return nil }
        (parts.year, parts.month, parts.day) = (y, m, d)
        var rest = text.dropFirst(10)
        if rest.isEmpty {
            parts.hour = 12
        } else {
            guard rest.first == " " || rest.first == "T" else { return nil }
            rest = rest.dropFirst().drop { $0 == " " }
            let timeEnd = rest.firstIndex { !($0.isNumber || $0 == ":" || $0 == ".") } ?? rest.endIndex
            let time = rest[..<timeEnd].split(separator: ":")
            guard time.count >= 2, let h = Int(time[0]), let mi = Int(time[1]) else { return nil }
            parts.hour = h
            parts.minute = mi
            if time.count > 2 {
                guard let s = Double(time[2]), s >= 0 else { return nil }
                parts.second = Int(s)
                fraction = s - s.rounded(.down)
            }
            var zone = rest[timeEnd...].trimmingCharacters(in: .whitespaces)
            // A 12-hour time, after any Unicode space: "12:34:56\u{202F}pm", "5:30:00 pm".
            if let meridiem = ["am", "pm"].first(where: { zone.lowercased().hasPrefix($0) }) {
                guard (1...12).contains(h) else { return nil }
                parts.hour = meridiem == "am" ? h % 12 : h % 12 + 12
                zone = zone.dropFirst(2).trimmingCharacters(in: .whitespaces)
            }
            if !zone.isEmpty {
                guard let o = Self.offset(zone) else { return nil }
                offset = o
            }
        }
        guard possible(parts) else { return nil }
        return (parts, fraction, offset)
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

    /// `Z`, `+01:00`, `-0700`, `+01` → seconds east of UTC.
    static func offset(_ text: String) -> Int? {
        let t = text.trimmedBlanks
        if t == "Z" || t == "UTC" || t == "GMT" { return 0 }
        guard let sign = t.first, sign == "+" || sign == "-" else { return nil }
        let digits = t.dropFirst().filter { $0 != ":" }
        guard digits.allSatisfy(\.isNumber), digits.count == 2 || digits.count == 4,
            let h = Int(digits.prefix(2)), let m = Int(digits.dropFirst(2).isEmpty ? "0" : String(digits.dropFirst(2)))
        else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }
}
