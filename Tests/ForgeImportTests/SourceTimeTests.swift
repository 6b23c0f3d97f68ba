import ForgeCore
import Foundation
import Testing

@testable import ForgeImport

/// The ISO date-time reader's byte-level path (``LocalDateTime/isoDigits(_:)``) and
/// the forge-server move's arithmetic UTC conversion (``SourceTime/utcSeconds(_:)``)
/// against the general reader and Foundation's calendar, on many forms: every
/// text either path reads must give the same fields and the same instant.
@Suite struct SourceTimeTests {
    /// Date-times as PostgreSQL, SQLite and the apps write them, and near misses.
    static func forms(year: Int, month: Int, day: Int) -> [String] {
        func pad(_ v: Int, _ w: Int) -> String {
            String(repeating: "0", count: max(0, w - String(v).count)) + String(v)
        }
        let date = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        let times = [
            "00:00", "07:30", "23:59", "12:00:00", "07:30:15", "23:59:59", "23:59:60", "07:30:00.5", "07:30:00.123456",
            "07:30:59.999999", "00:00:00.000001", "07:30:00.1234567890123", "07:30:00.12345678901234", "07:30:00.",
            "24:00:00", "07:60:00", "07:30:61", "7:30", "07:3", "07::30", "07:30:00:15", "07:30.5", "07:30:00.1.2",
            "07:30:5",
        ]
        let zones = [
            "", "Z", "+00", "-00", "+01", "-05", "+0530", "-0930", "+05:30", "-09:30", "+14:00", " +01", "UTC", " Z",
            "+5", "+05:", "+05:3", "+053", "z", "GMT", "+99:99", "Zx", "+05:30 ",
        ]
        var out = [date, date + " ", date + "T", date + "x"]
        for (n, time) in times.enumerated() {
            for (m, zone) in zones.enumerated() where (n + m) % 3 == 0 || zone.isEmpty || time.count == 8 {
                out.append(date + " " + time + zone)
                out.append(date + "T" + time + zone)
            }
        }
        out += [date + "  07:30:00", date + " 07:30:00\u{301}", date + "T07:30:00+01\u{0660}"]
        return out
    }

    /// Texts near the form: every day kind, impossible dates, lenient separators, other digits.
    static let oddities = [
        "2024-5-01 07:30:00", "2024--5-01 07:30", "2024-02-30 07:30:00+00", "2023-02-29 07:30:00", "2024-13-01 07:30",
        "2024-00-10 07:30", "2024-01-00 07:30", "2024-01-32 07:30", "+024-01-01 07:30", "2024-+1-01 07:30:00",
        "\u{0662}024-01-01 07:30", "2024-01-01\u{301} 07:30", "2024-01-0107:30", "2024-01-01_07:30", "2024/01/01 07:30",
        "20240101 07:30:00", "2024-01-01 07:30:00+00:00:00", "2024-01-01 07:30:00-", "2024-01-01 07:30:00+",
        "2024-01-01 ", "2024-01-0", "", "yesterday", "2024-01-01 07:30:00\t", "2024-01-01T07:30:00.000000+00",
    ]

    @Test func digitsReaderAgreesWithTheGeneralReader() {
        var texts = Self.oddities
        for (y, m, d) in [
            (1900, 1, 1), (1969, 12, 31), (1970, 1, 1), (2000, 2, 29), (2024, 2, 29), (2024, 2, 30), (2100, 2, 29),
            (2026, 12, 31), (9999, 12, 31), (1, 1, 1), (1582, 10, 10), (1899, 12, 31), (0, 6, 15),
        ] {
            texts += Self.forms(year: y, month: m, day: d)
        }
        // One-character changes of a canonical text, each position, each likely character.
        let canonical = Array("2024-05-01 07:30:00.123456+05:30")
        for i in canonical.indices {
            for c in "0912-:. TZ+x" {
                var a = canonical
                a[i] = c
                texts.append(String(a))
                var b = canonical
                b.insert(c, at: i)
                texts.append(String(b))
            }
            var drop = canonical
            drop.remove(at: i)
            texts.append(String(drop))
        }
        var readByDigits = 0
        for text in texts {
            let fast = LocalDateTime.iso(text)
            let general = LocalDateTime.isoGeneral(text)
            if LocalDateTime.isoDigits(text) != nil { readByDigits += 1 }
            #expect(fast?.parts == general?.parts, "\(text)")
            #expect(fast?.fraction == general?.fraction, "\(text)")
            #expect(fast?.offset == general?.offset, "\(text)")
            #expect((fast == nil) == (general == nil), "\(text)")
        }
        // The byte-level path reads thousands of them (else this compares the general reader with itself),
        // PostgreSQL's and SQLite's forms among them.
        #expect(readByDigits > 3_000, "\(readByDigits) of \(texts.count)")
        for text in ["2025-03-01 07:00:00.25+00", "2025-03-01 07:00:00.123456", "2025-03-01T07:00:00-05:30"] {
            #expect(LocalDateTime.isoDigits(text) != nil, "\(text)")
        }
    }

    /// Fractions of every length from 1 to 13 digits read by digits equal `Double(String)`'s reading.
    @Test func fractionsAreTheCorrectlyRoundedDoubles() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let places = Int.random(in: 1...13, using: &generator)
            let digits = String((0..<places).map { _ in "0123456789".randomElement(using: &generator)! })
            let second = Int.random(in: 0...60, using: &generator)
            let ss = second < 10 ? "0\(second)" : "\(second)"
            let text = "2025-03-01 07:00:\(ss).\(digits)+00"
            let fast = LocalDateTime.isoDigits(text)
            let general = LocalDateTime.isoGeneral(text)
            #expect(fast != nil && fast?.fraction == general?.fraction && fast?.parts == general?.parts, "\(text)")
        }
    }

    /// The old conversion: Foundation's calendar in UTC.
    static func calendarInstant(_ text: String) -> Date? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard t.utf8.count >= 16, let iso = LocalDateTime.isoGeneral(t) else { return nil }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        guard let base = utc.date(from: iso.parts) else { return nil }
        return base.addingTimeInterval(iso.fraction - Double(iso.offset ?? 0))
    }

    @Test func arithmeticInstantsEqualTheCalendars() {
        var texts: [String] = Self.oddities
        // Every month's days 1...31 (past the month's end too) across the arithmetic span and either side of it.
        for year in [1, 1582, 1600, 1899, 1900, 1901, 1970, 1999, 2000, 2023, 2024, 2099, 2100, 2400, 9998, 9999] {
            for month in 1...12 {
                for day in 1...31 {
                    let y = String(repeating: "0", count: 4 - String(year).count) + String(year)
                    let m = month < 10 ? "0\(month)" : "\(month)"
                    let d = day < 10 ? "0\(day)" : "\(day)"
                    texts.append("\(y)-\(m)-\(d) 23:59:60.5-09:30")
                    texts.append("\(y)-\(m)-\(d)T00:00:00Z")
                }
            }
        }
        texts += Self.forms(year: 2024, month: 2, day: 29) + Self.forms(year: 1900, month: 1, day: 1)
        texts += Self.forms(year: 1899, month: 12, day: 31).map { " \($0) " }
        // Random instants of 1900-2200 as PostgreSQL writes them.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let seconds = Int.random(in: -2_208_988_800...7_258_118_399, using: &generator)
            let date = LocalDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
            let s = ((seconds % 86_400) + 86_400) % 86_400
            func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
            let micro = String(Int.random(in: 0...999_999, using: &generator))
            texts.append(
                "\(date) \(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))."
                    + String(repeating: "0", count: 6 - micro.count) + micro + "+00")
        }
        var read = 0
        for text in texts {
            let new = SourceTime.instant(text)
            #expect(new == Self.calendarInstant(text), "\(text)")
            if new != nil { read += 1 }
        }
        #expect(read > 5_000)
    }
}
