import Foundation
import Testing

@testable import ForgeCore

/// `Instant.parse` reads RFC 3339 through ``WrittenTime`` and leaves the rest to Foundation's
/// `ISO8601FormatStyle`, which it used alone before: on every text, the same answer as the format
/// style (nil for the same texts, so `Instant.wire(stored:)` rewrites the same ones; the same
/// millisecond stored, within a microsecond: to the bit on Swift 6.3's Foundation).
@Suite struct InstantParseTests {
    /// The parser before: the format style with fractional seconds, then without.
    static func formatStyle(_ text: String) -> Date? {
        if let d = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return d }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// The same answer: both nil, or the same stored millisecond and within a microsecond.
    static func same(_ a: Date?, _ b: Date?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return Instant.storage(a) == Instant.storage(b) && abs(a.timeIntervalSince(b)) < 1e-6
    }

    static func readByWrittenTime(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { Instant.rfc3339($0) } != nil
    }

    /// Stored and wire forms of random instants of 1900-9999, random offsets and fractions of 0-9 digits.
    @Test func randomInstantsReadAsTheFormatStyleReadsThem() {
        var generator = SystemRandomNumberGenerator()
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var read = 0
        for n in 0..<30_000 {
            let seconds = Int.random(in: -2_208_988_800...253_402_300_799, using: &generator)
            let date = LocalDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
            let s = ((seconds % 86_400) + 86_400) % 86_400
            let places = Int.random(in: 0...9, using: &generator)
            let digits = String((0..<places).map { _ in "0123456789".randomElement(using: &generator)! })
            let zones = ["Z", "+00:00", "z", "-07:00", "+0530", "+01", "-18:00", "+14:00", "-0945"]
            let text =
                "\(date)T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))" + (places > 0 ? "." + digits : "")
                + zones[n % zones.count]
            let new = Instant.parse(text)
            #expect(new != nil && Self.same(new, Self.formatStyle(text)), "\(text)")
            if Self.readByWrittenTime(text) { read += 1 }
        }
        #expect(read > 29_000, "\(read)")
    }

    /// Near misses and the format style's own leniencies: the same answer either way.
    @Test func oddTextsReadAsTheFormatStyleReadsThem() {
        let dates = [
            "2026-07-20", "2024-02-29", "2023-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "1899-12-31",
            "1900-01-01", "9999-12-31", "0001-01-01", "1582-10-10", "26-07-20", "2026-7-20", "12026-07-20",
        ]
        let times = [
            "09:15:27", "00:00:00", "23:59:59", "23:59:60", "24:00:00", "09:60:00", "9:15:27", "09:15",
            "09:15:7", "",
        ]
        let fractions = ["", ".", ".1", ".104", ".123456789", ".1234567890", ",5"]
        let zones = [
            "Z", "z", "+00:00", "+0000", "+00", "-07:00", "+18:00", "+18:01", "+19:00", "GMT", "UTC+01",
            "", " Z", "Zjunk", "+01:5", "+1", "+01:", "+01:00:30", "GMT+01:00", "\n",
        ]
        var texts = ["", "not a time", "2026-07-20T09:15:27.104Z", " 2026-07-20T09:15:27Z"]
        var n = 0
        for date in dates {
            for time in times {
                for fraction in fractions {
                    for zone in zones {
                        for separator in ["T", " ", "t"] {
                            n += 1
                            guard n % 5 == 0 || separator == "T" && fraction.count < 2 else { continue }
                            texts.append(date + (time.isEmpty ? "" : separator + time) + fraction + zone)
                        }
                    }
                }
            }
        }
        var byWrittenTime = 0
        for text in texts {
            #expect(Self.same(Instant.parse(text), Self.formatStyle(text)), "\(text.debugDescription)")
            if Self.readByWrittenTime(text) { byWrittenTime += 1 }
        }
        #expect(byWrittenTime > 100, "\(byWrittenTime) of \(texts.count)")
    }
}
