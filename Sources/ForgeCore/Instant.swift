import Foundation

/// Instants on the wire and in the database.
///
/// Stored form: ISO 8601 UTC with milliseconds, `2026-07-20T09:15:27.104Z`
/// (sorts lexically in time order). Wire form (`datetime` in docs/contract.md):
/// the same instant with an explicit offset, `2026-07-20T09:15:27.104+00:00`.
package enum Instant {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let plain = Date.ISO8601FormatStyle()

    /// Stored form of `date`: its millisecond, truncated. The whole seconds and the
    /// milliseconds are formatted apart, in integers, because a `Date` is a binary
    /// double: `…44.255` parsed back is `…44.25499…`, which the fractional-seconds
    /// format style writes as `.254`, a millisecond early on every read.
    package static func storage(_ date: Date) -> String {
        // Half a microsecond up first, so a value stored to the millisecond stays on it.
        let ms = (date.timeIntervalSince1970 * 1000 + 0.0005).rounded(.down)
        let seconds = (ms / 1000).rounded(.down)
        let fraction = Int(ms - seconds * 1000)
        if let text = civil(seconds: seconds, milliseconds: fraction) { return text }
        var text = plain.format(Date(timeIntervalSince1970: seconds))
        guard text.hasSuffix("Z") else { return style.format(date) }
        text.removeLast()
        let digits = String(fraction)
        return text + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// Whole seconds of 1900-01-01 and of 9999-12-31T23:59:59, UTC: the span
    /// ``civil(seconds:milliseconds:)`` writes by arithmetic.
    static let civilRange: ClosedRange<Double> = -2_208_988_800...253_402_300_799

    /// The stored form of whole `seconds` since 1970 plus `milliseconds`, by
    /// arithmetic on days (the proleptic Gregorian calendar's days-to-civil
    /// conversion, H. Hinnant, "chrono-Compatible Low-Level Date Algorithms"),
    /// for years 1900 through 9999; nil outside them (the format style writes
    /// those). The same text as the format style's, which costs a formatter
    /// call per instant: an import writes one per set (`InstantTests` compares
    /// the two on every day of 1900...2400 and random instants).
    static func civil(seconds: Double, milliseconds: Int) -> String? {
        guard civilRange.contains(seconds) else { return nil }
        let total = Int(seconds)
        var days = total / 86_400
        var secondOfDay = total % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let date = LocalDate(dayNumber: days)
        let hour = secondOfDay / 3600
        let minute = secondOfDay / 60 % 60
        let second = secondOfDay % 60
        return String(unsafeUninitializedCapacity: 24) { buffer in
            func put(_ value: Int, _ width: Int, at index: Int) {
                var v = value
                for i in stride(from: index + width - 1, through: index, by: -1) {
                    buffer[i] = UInt8(ascii: "0") + UInt8(v % 10)
                    v /= 10
                }
            }
            put(date.year, 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(date.month, 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(date.day, 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(hour, 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(minute, 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(second, 2, at: 17)
            buffer[19] = UInt8(ascii: ".")
            put(milliseconds, 3, at: 20)
            buffer[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    /// Wire form of `date` (`+00:00` offset).
    package static func wire(_ date: Date) -> String { wireForm(storage(date)) }

    /// Wire form of a stored instant string; the input unchanged when it does not parse.
    /// The stored form itself (`…:27.104Z`) is rewritten as text, never through a `Date`.
    package static func wire(stored: String) -> String {
        let u = stored.utf8
        if u.count == 24, u.last == UInt8(ascii: "Z"), parse(stored) != nil { return wireForm(stored) }
        guard let date = parse(stored) else { return stored }
        return wire(date)
    }

    private static func wireForm(_ stored: String) -> String {
        guard stored.hasSuffix("Z") else { return stored }
        return String(stored.dropLast()) + "+00:00"
    }

    /// Parses an instant as forged stores and sends it, and as clients write one: RFC 3339 through
    /// ``WrittenTime`` (`2026-07-20T09:15:27.104Z`, `…27+00:00`, `…27-0700`, `…27+01`, `z`, no fraction
    /// or one of up to 9 digits), years 1900-9999. Whatever else Foundation's `ISO8601FormatStyle`
    /// reads, which this parser used alone before (trailing text, fields past their range run on,
    /// `GMT+01:00`, years in its Julian calendar before 1582), it still reads: every text that parsed
    /// then parses now, to the same instant (`InstantParseTests`). Nil for anything else.
    package static func parse(_ text: String) -> Date? {
        var text = text
        if let date = text.withUTF8(rfc3339) { return date }
        if let d = try? style.parse(text) { return d }
        return try? plain.parse(text)
    }

    /// The RFC 3339 instants whose reading is plain arithmetic: `YYYY-MM-DDTHH:MM:SS[.f]` with a zone,
    /// years 1900-9999, second 0...59, at most 9 digits of fraction (nanoseconds), offsets within
    /// ±18:00; nil for anything else (``parse(_:)`` then asks the format style). The sum is the format
    /// style's own (midnight, plus the time of day with its fraction, less the offset), so the `Date`
    /// is the one it gives, to the bit on this toolchain.
    static func rfc3339(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let time = WrittenTime.read(bytes, forms: []), (1900...9999).contains(time.year), time.second <= 59,
            time.fractionPlaces <= 9, let offset = time.zone.seconds, abs(offset) <= 18 * 3_600
        else { return nil }
        let timeOfDay = time.hour * 3_600 + time.minute * 60 + time.second
        let midnight = Double(time.wallSeconds - timeOfDay - 978_307_200)  // since 2001-01-01T00:00:00Z
        return Date(timeIntervalSinceReferenceDate: midnight + (Double(timeOfDay) + time.fraction) - Double(offset))
    }
}
