/// A date and time as written in ISO 8601 or one of its near relatives, read straight from its UTF-8
/// bytes: forged's one reader of written date-times. ``Instant`` reads stored and wire forms with it,
/// `IngestTimestamp` Health Auto Export and GPX/TCX times, `HealthDate` Apple Health's export.xml
/// (tens of millions of attributes in a large export, so no formatter and no copy) and
/// `LocalDateTime` the logging apps' CSV times and PostgreSQL's text.
///
/// Always read (RFC 3339): `YYYY-MM-DDTHH:MM:SS`, then optionally `.` and the fraction of the second
/// (one or more digits), then the zone: `Z` or `z`, `±HH`, `±HHMM` or `±HH:MM`. ``Forms`` widens
/// this for a caller: blanks and spaces, a date alone, no zone, `UTC`, the compact
/// `YYYYMMDDHHMMSS`, days past the month's end, text after the time.
///
/// Rejected: any other text, and a written time no clock shows: a month outside 1...12, a day past
/// the month's end (29 February outside leap years), hour 24, minute 60, second 61 (60 is a leap
/// second), an offset past ±18 hours or with minutes past 59.
package struct WrittenTime: Sendable, Equatable {
    /// The calendar date as written: year 0...9999 (four digits), month 1...12, day 1 to the
    /// month's last (1...31 under ``Forms/rollsOver``).
    package var year: Int
    package var month: Int
    package var day: Int
    /// The time of day as written: hour 0...23, minute 0...59, second 0...60 (60: a leap second).
    /// All three are 0 for a date alone, and the second is 0 when none was written.
    package var hour = 0
    package var minute = 0
    package var second = 0

    /// Seconds from 1970-01-01T00:00:00 to the written date and time read as UTC (the wall clock),
    /// the fraction left out: subtract the offset for the instant.
    package var wallSeconds: Int {
        LocalDate(year: year, month: month, day: day).dayNumber * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The fraction of the second: its digits as an integer (`.250` → 250) and how many there were
    /// (3), so the fraction is `fractionDigits / 10^fractionPlaces`. Digits past the 18th (below
    /// 10⁻¹⁸ s) are read and dropped; 0 and 0 when none were written.
    package var fractionDigits = 0
    package var fractionPlaces = 0

    /// The fraction of the second, 0 ≤ f < 1: the correctly rounded `Double` of its digits (up to 15 digits).
    package var fraction: Double {
        fractionPlaces == 0 ? 0 : Double(fractionDigits) / Self.powersOfTen[fractionPlaces]
    }

    /// The zone as written.
    package var zone = Zone.none
    /// False for a date alone (``Forms/dateAlone``).
    package var hasTime = false
    /// False when the time stops at the minute (``Forms/relaxed``).
    package var hasSeconds = false
    /// True for the compact `YYYYMMDDHHMMSS` (``Forms/compact``).
    package var isCompact = false

    /// Year, month and day 0, no time: what ``scan(_:forms:into:)`` fills in.
    package init() { (year, month, day) = (0, 0, 0) }

    /// The zone of a written time.
    package enum Zone: Sendable, Equatable {
        /// No zone written: a wall-clock time, for the caller to read in a zone it knows.
        case none
        /// `Z` or `z` (or `UTC`, `GMT` under ``Forms/namedUTC``).
        case utc
        /// A numeric offset, seconds east of UTC (`-07:00` is -25 200); `+00:00` is an offset of 0, not `Z`.
        case offset(Int)

        /// Seconds east of UTC: nil when no zone was written, 0 for `Z`.
        @inline(__always)
        package var seconds: Int? {
            switch self {
            case .none: nil
            case .utc: 0
            case .offset(let seconds): seconds
            }
        }
    }

    /// What a caller accepts beyond RFC 3339.
    package struct Forms: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Times as apps and exports write them: blanks (space, tab, the Unicode spaces) around the
        /// text and before the zone; a space, several, or `t` between date and time; hour, minute and
        /// second of one or two digits; no seconds (`HH:MM`); `,` as the decimal mark; a `.` without digits.
        package static let relaxed = Forms(rawValue: 1 << 0)
        /// The compact `YYYYMMDDHHMMSS` (Apple Health's iOS 8 exports: `20140114084347-0800`).
        package static let compact = Forms(rawValue: 1 << 1)
        /// A date alone, `YYYY-MM-DD` (``hasTime`` false; never with a zone).
        package static let dateAlone = Forms(rawValue: 1 << 2)
        /// No zone at all (``Zone/none``).
        package static let zoneOptional = Forms(rawValue: 1 << 3)
        /// `UTC` and `GMT` as the zone, read as `Z`.
        package static let namedUTC = Forms(rawValue: 1 << 4)
        /// Days 29 to 31 whatever the month, and offsets up to ±99:99, kept as written for a lenient
        /// calendar to run on (30 February 2024 is 1 March).
        package static let rollsOver = Forms(rawValue: 1 << 5)
        /// Text after the time, or after its zone, that is not a zone (a 12-hour `pm`) ends the reading
        /// instead of failing it: ``scan(_:forms:)`` says where (the zone stays ``Zone/none`` when the
        /// text comes before any zone).
        package static let trailingText = Forms(rawValue: 1 << 6)
    }

    /// Powers of ten exactly representable as a `Double` (10⁰ ... 10¹⁸; exact up to 10²²).
    package static let powersOfTen: [Double] = {
        var powers: [Double] = [1]
        for _ in 1...18 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// Reads the whole of `text`; nil unless it is one date-time of `forms`.
    package static func read(_ text: String, forms: Forms) -> WrittenTime? {
        var text = text
        return text.withUTF8 { read($0, forms: forms) }
    }

    /// Reads the whole of `bytes` (UTF-8, no terminator); nil unless they are one date-time of `forms`.
    @inline(__always)
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, forms: Forms) -> WrittenTime? {
        var time = WrittenTime()
        guard scan(bytes, forms: forms, into: &time) == bytes.count else { return nil }
        return time
    }

    /// Reads a date-time from the start of `bytes`: the fields and the index of the first byte not
    /// read, which is `bytes.count` unless `forms` has ``Forms/trailingText`` (then the text after the
    /// time, past any blanks, that is not a zone). Nil when the bytes do not start with a date-time
    /// of `forms`, or it names no clock's time.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, forms: Forms) -> (time: WrittenTime, end: Int)? {
        var time = WrittenTime()
        guard let end = scan(bytes, forms: forms, into: &time) else { return nil }
        return (time, end)
    }

    /// ``scan(_:forms:)`` into `t` (all of whose fields it sets when it answers): the end, or nil.
    package static func scan(_ u: UnsafeBufferPointer<UInt8>, forms: Forms, into t: inout WrittenTime) -> Int? {
        let n = u.count
        let relaxed = forms.contains(.relaxed)
        var i = relaxed ? skipBlanks(u, from: 0) : 0
        guard let century = two(u, &i), let yy = two(u, &i) else { return nil }
        t = WrittenTime()
        t.year = century * 100 + yy
        if i < n, u[i] == 0x2D {  // YYYY-MM-DD
            i += 1
            guard let month = two(u, &i), i < n, u[i] == 0x2D else { return nil }
            i += 1
            guard let day = two(u, &i) else { return nil }
            (t.month, t.day) = (month, day)
            if forms.contains(.dateAlone), (relaxed ? skipBlanks(u, from: i) : i) == n {
                return t.isPossible(forms) ? n : nil
            }
            guard i < n, u[i] == 0x54 || (relaxed && (u[i] == 0x20 || u[i] == 0x74)) else { return nil }  // T, space, t
            i = relaxed ? skipBlanks(u, from: i + 1) : i + 1
            guard let hour = field(u, &i, relaxed), i < n, u[i] == 0x3A else { return nil }
            i += 1
            guard let minute = field(u, &i, relaxed) else { return nil }
            (t.hour, t.minute) = (hour, minute)
            if i < n, u[i] == 0x3A {
                i += 1
                guard let second = field(u, &i, relaxed) else { return nil }
                t.second = second
                t.hasSeconds = true
            } else if !relaxed {
                return nil
            }
        } else if forms.contains(.compact) {  // YYYYMMDDHHMMSS
            guard let month = two(u, &i), let day = two(u, &i), let hour = two(u, &i), let minute = two(u, &i),
                let second = two(u, &i)
            else { return nil }
            (t.month, t.day, t.hour, t.minute, t.second) = (month, day, hour, minute, second)
            t.hasSeconds = true
            t.isCompact = true
        } else {
            return nil
        }
        t.hasTime = true
        if t.hasSeconds, i < n, u[i] == 0x2E || (relaxed && u[i] == 0x2C) {  // . or ,
            i += 1
            let start = i
            while i < n, u[i] &- 0x30 <= 9 {
                if t.fractionPlaces < 18 {
                    t.fractionDigits = t.fractionDigits * 10 + Int(u[i] &- 0x30)
                    t.fractionPlaces += 1
                }
                i += 1
            }
            guard i > start || relaxed else { return nil }
        }
        guard t.isPossible(forms) else { return nil }
        if relaxed { i = skipBlanks(u, from: i) }
        if i == n { return forms.contains(.zoneOptional) ? n : nil }
        var end = i
        guard let zone = readZone(u, &end, forms) else { return forms.contains(.trailingText) ? i : nil }
        t.zone = zone
        i = relaxed ? skipBlanks(u, from: end) : end
        return i == n || forms.contains(.trailingText) ? i : nil
    }

    /// Reads a zone at `index`: `Z`, `z`, `±HH`, `±HHMM`, `±HH:MM` (and `UTC`, `GMT` under
    /// ``Forms/namedUTC``); the zone and the index after it, nil when there is none there or the offset
    /// is past ±18 hours or its minutes past 59 (under ``Forms/rollsOver``, any two digits each).
    package static func zone(_ u: UnsafeBufferPointer<UInt8>, at index: Int, forms: Forms) -> (zone: Zone, end: Int)? {
        var i = index
        guard let zone = readZone(u, &i, forms) else { return nil }
        return (zone, i)
    }

    /// ``zone(_:at:forms:)`` from `i`, moved past the zone.
    @inline(__always)
    static func readZone(_ u: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ forms: Forms) -> Zone? {
        let n = u.count
        guard i < n else { return nil }
        let b = u[i]
        if b == 0x5A || b == 0x7A {  // Z z
            i += 1
            return .utc
        }
        if forms.contains(.namedUTC), i + 3 <= n {
            let (c1, c2, c3) = (u[i], u[i + 1], u[i + 2])
            if (c1, c2, c3) == (0x55, 0x54, 0x43) || (c1, c2, c3) == (0x47, 0x4D, 0x54) {  // UTC GMT
                i += 3
                return .utc
            }
        }
        guard b == 0x2B || b == 0x2D else { return nil }  // + -
        var j = i + 1
        guard let hours = two(u, &j) else { return nil }
        var minutes = 0
        if j < n, u[j] == 0x3A {
            j += 1
            guard let m = two(u, &j) else { return nil }
            minutes = m
        } else if j < n, u[j] &- 0x30 <= 9 {
            guard let m = two(u, &j) else { return nil }
            minutes = m
        }
        guard forms.contains(.rollsOver) || (hours <= 18 && minutes <= 59) else { return nil }
        i = j
        let seconds = hours * 3_600 + minutes * 60
        return .offset(b == 0x2D ? -seconds : seconds)
    }

    /// The length in bytes of the blank at `index` (space, tab or a Unicode space: what
    /// `CharacterSet.whitespaces` holds), 0 when there is none.
    @inline(__always)
    package static func blank(_ u: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard index < u.count else { return 0 }
        let b = u[index]
        if b == 0x20 || b == 0x09 { return 1 }
        return b < 0xC2 ? 0 : unicodeBlank(u, at: index)
    }

    /// Past the blanks from `index`.
    @inline(__always)
    package static func skipBlanks(_ u: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var i = index
        while true {
            let k = blank(u, at: i)
            if k == 0 { return i }
            i += k
        }
    }

    /// U+00A0, U+1680, U+2000...U+200A, U+202F, U+205F, U+3000 (the space separators, Zs) in UTF-8.
    private static func unicodeBlank(_ u: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let n = u.count
        switch u[i] {
        case 0xC2: return i + 1 < n && u[i + 1] == 0xA0 ? 2 : 0
        case 0xE1: return i + 2 < n && u[i + 1] == 0x9A && u[i + 2] == 0x80 ? 3 : 0
        case 0xE2:
            guard i + 2 < n else { return 0 }
            let (b1, b2) = (u[i + 1], u[i + 2])
            return (b1 == 0x80 && (b2 <= 0x8A && b2 >= 0x80 || b2 == 0xAF)) || (b1 == 0x81 && b2 == 0x9F) ? 3 : 0
        case 0xE3: return i + 2 < n && u[i + 1] == 0x80 && u[i + 2] == 0x80 ? 3 : 0
        default: return 0
        }
    }

    /// Two ASCII digits at `i`, moved past them.
    @inline(__always)
    private static func two(_ u: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        guard i + 2 <= u.count else { return nil }
        let (a, b) = (u[i] &- 0x30, u[i + 1] &- 0x30)
        guard a <= 9, b <= 9 else { return nil }
        i += 2
        return Int(a) * 10 + Int(b)
    }

    /// A time field at `i`: two digits, or one or two when `relaxed`.
    @inline(__always)
    private static func field(_ u: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ relaxed: Bool) -> Int? {
        guard relaxed else { return two(u, &i) }
        guard i < u.count, case let d0 = u[i] &- 0x30, d0 <= 9 else { return nil }
        i += 1
        guard i < u.count, case let d1 = u[i] &- 0x30, d1 <= 9 else { return Int(d0) }
        i += 1
        return Int(d0) * 10 + Int(d1)
    }

    /// A month of 1...12, a day in it, hour 0...23, minute 0...59, second 0...60.
    @inline(__always)
    private func isPossible(_ forms: Forms) -> Bool {
        guard month >= 1, month <= 12, day >= 1 else { return false }
        guard day <= (forms.contains(.rollsOver) ? 31 : LocalDate.daysIn(month: month, year: year)) else {
            return false
        }
        return hour <= 23 && minute <= 59 && second <= 60
    }
}
