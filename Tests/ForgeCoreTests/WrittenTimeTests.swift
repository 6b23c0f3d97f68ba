import Testing

@testable import ForgeCore

/// The one reader of written date-times: each form, what each ``WrittenTime/Forms`` adds, each
/// rejection, and the one rule for the day in the written offset.
@Suite struct WrittenTimeTests {
    /// `2019-07-19 10:36:11.250 -25200`: the fields as read, the zone in seconds (`Z` for UTC, nothing
    /// for none), `compact` for the compact form.
    static func show(_ time: WrittenTime?) -> String? {
        guard let t = time else { return nil }
        func pad(_ v: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(v).count)) + String(v)
        }
        var text = "\(pad(t.year, 4))-\(pad(t.month, 2))-\(pad(t.day, 2))"
        if t.hasTime {
            text += " \(pad(t.hour, 2)):\(pad(t.minute, 2))"
            if t.hasSeconds { text += ":\(pad(t.second, 2))" }
            if t.fractionPlaces > 0 { text += "." + pad(t.fractionDigits, t.fractionPlaces) }
        }
        switch t.zone {
        case .none: break
        case .utc: text += " Z"
        case .offset(let seconds): text += " \(seconds >= 0 ? "+" : "")\(seconds)"
        }
        return text + (t.isCompact ? " compact" : "")
    }

    static let rfc: WrittenTime.Forms = []
    static let health: WrittenTime.Forms = [.relaxed, .compact]
    static let ingest: WrittenTime.Forms = [.relaxed, .zoneOptional]
    static let apps: WrittenTime.Forms = [.relaxed, .dateAlone, .zoneOptional, .namedUTC, .rollsOver]

    @Test(arguments: [
        // RFC 3339, always read.
        ("2026-07-20T09:15:27.104Z", rfc, "2026-07-20 09:15:27.104 Z"),
        ("2026-07-20T09:15:27z", rfc, "2026-07-20 09:15:27 Z"),
        ("2026-07-20T09:15:27+00:00", rfc, "2026-07-20 09:15:27 +0"),
        ("2026-07-20T09:15:27-0700", rfc, "2026-07-20 09:15:27 -25200"),
        ("2026-07-20T09:15:27+01", rfc, "2026-07-20 09:15:27 +3600"),
        ("2026-07-20T09:15:27.123456789+05:30", rfc, "2026-07-20 09:15:27.123456789 +19800"),
        ("2026-07-20T09:15:27.0000000000000000001Z", rfc, "2026-07-20 09:15:27.000000000000000000 Z"),
        ("2026-07-20T09:15:27-18:00", rfc, "2026-07-20 09:15:27 -64800"),
        ("2016-12-31T23:59:60Z", rfc, "2016-12-31 23:59:60 Z"),  // a leap second
        ("2024-02-29T12:00:00Z", rfc, "2024-02-29 12:00:00 Z"),  // leap days
        ("2000-02-29T12:00:00Z", rfc, "2000-02-29 12:00:00 Z"),
        ("0000-02-29T00:00:00Z", rfc, "0000-02-29 00:00:00 Z"),
        // Relaxed: as apps and exports write them.
        ("2019-07-19 10:36:11 -0700", health, "2019-07-19 10:36:11 -25200"),
        ("  2019-07-19 10:36:11 -0700  ", health, "2019-07-19 10:36:11 -25200"),
        ("\t2019-07-19t10:36:11,5\u{00A0}+01:00\u{3000}", health, "2019-07-19 10:36:11.5 +3600"),
        ("2019-07-19  7:36:11 Z", health, "2019-07-19 07:36:11 Z"),
        ("2019-07-19 10:36:11. Z", health, "2019-07-19 10:36:11 Z"),
        ("2019-07-19 10:36 +01", health, "2019-07-19 10:36 +3600"),
        ("2024-11-28 17:36:08\u{202F}+01:00", ingest, "2024-11-28 17:36:08 +3600"),
        ("2024-11-28 7:3:8", ingest, "2024-11-28 07:03:08"),
        // Compact.
        ("20140114084347-0800", health, "2014-01-14 08:43:47 -28800 compact"),
        ("20140114084347.25 Z", health, "2014-01-14 08:43:47.25 Z compact"),
        // A date alone, no zone, UTC and GMT, days past the month's end.
        ("2019-05-04", apps, "2019-05-04"),
        (" 2019-05-04 ", apps, "2019-05-04"),
        ("2026-07-15T00:30:00", ingest, "2026-07-15 00:30:00"),
        ("2024-01-01 07:30 UTC", apps, "2024-01-01 07:30 Z"),
        ("2024-01-01 07:30:00GMT", apps, "2024-01-01 07:30:00 Z"),
        ("2024-02-30 07:30", apps, "2024-02-30 07:30"),
        ("2024-01-01 07:30+99:99", apps, "2024-01-01 07:30 +362340"),
        ("2024-05-01 07:30:00.123456+00", apps, "2024-05-01 07:30:00.123456 +0"),
    ])
    func readsEachForm(text: String, forms: WrittenTime.Forms, fields: String) {
        #expect(Self.show(WrittenTime.read(text, forms: forms)) == fields)
    }

    @Test(arguments: [
        // Impossible fields.
        ("2019-13-01T10:00:00Z", apps), ("2019-00-01T10:00:00Z", apps), ("2019-01-00T10:00:00Z", apps),
        ("2019-01-32T10:00:00Z", apps), ("2023-02-29T10:00:00Z", rfc), ("1900-02-29T10:00:00Z", rfc),
        ("2026-04-31T10:00:00Z", health), ("2019-07-19T24:00:00Z", apps), ("2019-07-19T10:60:00Z", apps),
        ("2019-07-19T10:00:61Z", apps), ("2024-02-32 07:30", apps),
        // Bad offsets.
        ("2019-07-19T10:00:00+19:00", health), ("2019-07-19T10:00:00+01:60", health), ("2019-07-19T10:00:00+1", apps),
        ("2019-07-19T10:00:00+01:", apps), ("2019-07-19T10:00:00+01:5", apps), ("2019-07-19T10:00:00+015", apps),
        ("2019-07-19T10:00:00+ 01", apps), ("2019-07-19T10:00:00+", apps), ("2019-07-19T10:00:00-", apps),
        ("2019-07-19T10:00:00+01:00:00", apps), ("2019-07-19T10:00:00UTC", ingest), ("2019-07-19T10:00:00utc", apps),
        // Trailing text.
        ("2019-07-19T10:00:00Zjunk", apps), ("2019-07-19T10:00:00+0130x", apps), ("2019-07-19T10:00:00Z ", rfc),
        ("2019-07-19 10:00:00 pm", apps), ("2019-07-19T10:00:00.5.5Z", apps), ("2019-07-19x", apps),
        // Forms a caller did not ask for.
        ("2019-07-19 10:00:00Z", rfc), ("2019-07-19t10:00:00Z", rfc), ("2019-07-19T10:00Z", rfc),
        ("2019-07-19T10:00:00", rfc), ("2019-07-19", rfc), ("2019-07-19", ingest), ("2019-07-19T9:00:00Z", rfc),
        ("2019-07-19T10:00:00,5Z", rfc), ("2019-07-19T10:00:00 Z", rfc), ("2019-07-19T10:00:00.Z", rfc),
        (" 2019-07-19T10:00:00Z", rfc), ("20140114084347-0800", apps), ("2019-07-19 10:00:00", health),
        ("2024-02-30 07:30:00Z", health), ("2019-07-19T10:00:00+99:00", health),
        // Not a time.
        ("", apps), ("yesterday", apps), ("2019-07-19T", apps), ("2019-07-19 ", rfc), ("2019-7-19 10:00", apps),
        ("\u{0662}019-07-19T10:00:00Z", apps), ("2019-07-19T10:00:0\u{0660}Z", apps), ("201401140843-0800", health),
        ("2014011408434Z", health), ("2019-07-19T007:30Z", apps), ("2019-07-19T07::30Z", apps),
    ])
    func rejects(text: String, forms: WrittenTime.Forms) {
        #expect(WrittenTime.read(text, forms: forms) == nil, "\(text)")
    }

    /// With ``WrittenTime/Forms/trailingText`` the reading stops where a 12-hour `pm` starts.
    @Test func trailingTextEndsTheReading() throws {
        var text = "2025-01-30 12:34:56\u{202F}pm +01:00"
        let (time, end) = try #require(text.withUTF8 { WrittenTime.scan($0, forms: Self.apps.union(.trailingText)) })
        #expect(Self.show(time) == "2025-01-30 12:34:56")
        #expect(Array(text.utf8)[end...].starts(with: Array("pm".utf8)))
        var zoned = "2025-01-30 12:34:56+01:00 x"
        let after = try #require(zoned.withUTF8 { WrittenTime.scan($0, forms: Self.apps.union(.trailingText)) })
        #expect(Self.show(after.time) == "2025-01-30 12:34:56 +3600")
        #expect(after.end == zoned.utf8.count - 1)
    }

    @Test func blanksAreTheSpaceSeparatorsAndTab() {
        for scalar in [0x20, 0x09, 0xA0, 0x1680, 0x2000, 0x2005, 0x200A, 0x202F, 0x205F, 0x3000] {
            var text = String(UnicodeScalar(scalar)!) + "x"
            #expect(text.withUTF8 { WrittenTime.blank($0, at: 0) } == String(UnicodeScalar(scalar)!).utf8.count)
        }
        for scalar in [0x0A, 0x0D, 0x200B, 0x2028, 0x2060, 0xFEFF, 0x2010, 0xC0, 0x3001] {
            var text = String(UnicodeScalar(scalar)!)
            #expect(text.withUTF8 { WrittenTime.blank($0, at: 0) } == 0, "\(scalar)")
        }
    }

    /// The instant of a written time: its wall clock read as UTC, less the offset.
    @Test func wallSecondsAndFraction() throws {
        let t = try #require(WrittenTime.read("2019-07-19 10:36:11.25 -0700", forms: Self.health))
        #expect(t.wallSeconds - (t.zone.seconds ?? 0) == 1_563_557_771)
        #expect(t.fraction == 0.25)
        let early = try #require(WrittenTime.read("1969-12-31T23:59:59Z", forms: Self.rfc))
        #expect(early.wallSeconds == -1)
    }

    /// The day in the written offset: the written date for every time but a leap second, on both
    /// sides of midnight and of 1970.
    @Test(arguments: [
        (1_389_688_200, -28_800, "2014-01-14"),  // 2014-01-14T08:30Z is 00:30 at -08:00
        (1_389_771_000, -28_800, "2014-01-14"),  // 2014-01-15T07:30Z is 23:30 the day before at -08:00
        (1_804_203_000, 3_600, "2027-03-05"),  // 2027-03-04T23:30Z at +01:00
        (0, 0, "1970-01-01"), (-1, 0, "1969-12-31"), (-3_600, 3_600, "1970-01-01"), (-3_601, 3_600, "1969-12-31"),
        (-2_208_988_800, -1, "1899-12-31"),
    ])
    func dayInTheWrittenOffset(seconds: Int, offset: Int, day: String) {
        #expect(LocalDate(seconds: seconds, offset: offset).description == day)
    }

    @Test func dayInTheWrittenOffsetIsTheWrittenDate() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let date = LocalDate(dayNumber: Int.random(in: -25_567...2_932_896, using: &generator))
            let h = Int.random(in: 0...23, using: &generator)
            let m = Int.random(in: 0...59, using: &generator)
            let s = Int.random(in: 0...59, using: &generator)
            let oh = Int.random(in: -18...18, using: &generator)
            let om = abs(oh) == 18 ? 0 : Int.random(in: 0...59, using: &generator)
            func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
            let text = "\(date)T\(two(h)):\(two(m)):\(two(s))\(oh < 0 ? "-" : "+")\(two(abs(oh))):\(two(om))"
            let t = try #require(WrittenTime.read(text, forms: Self.rfc), "\(text)")
            let offset = try #require(t.zone.seconds)
            #expect(LocalDate(seconds: t.wallSeconds - offset, offset: offset) == date, "\(text)")
        }
    }
}
