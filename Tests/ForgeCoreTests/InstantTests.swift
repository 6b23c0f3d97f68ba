import Foundation
import Testing

@testable import ForgeCore

/// Stored instants read back to the same millisecond: a `Date` is a binary double,
/// and the fractional-seconds format style truncated `…44.255` parsed back
/// (`…44.25499…`) to `.254` (found by the round trip against the original server).
@Suite struct InstantTests {
    @Test func everyMillisecondOfASecondReadsBackUnchanged() throws {
        for ms in 0..<1000 {
            let digits = String(ms)
            let stored = "2026-12-02T06:43:44." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
            let date = try #require(Instant.parse(stored))
            #expect(Instant.storage(date) == stored)
            #expect(Instant.wire(date) == String(stored.dropLast()) + "+00:00")
            #expect(Instant.wire(stored: stored) == String(stored.dropLast()) + "+00:00")
        }
    }

    @Test func subMillisecondsAreTruncated() throws {
        let date = Date(timeIntervalSince1970: 1_796_107_424.255_245)
        #expect(Instant.storage(date) == "2026-12-01T06:43:44.255Z")
        #expect(Instant.storage(Date(timeIntervalSince1970: 1_796_107_424.999_9)) == "2026-12-01T06:43:44.999Z")
        #expect(Instant.storage(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
    }

    /// The arithmetic path against the format style it stands in for: every
    /// day of 1900...2400 at a varying time of day, and random instants up to 9999.
    @Test func civilArithmeticMatchesTheFormatStyle() throws {
        let plain = Date.ISO8601FormatStyle()
        func viaStyle(_ seconds: Double, _ ms: Int) -> String {
            let digits = String(ms)
            return String(plain.format(Date(timeIntervalSince1970: seconds)).dropLast()) + "."
                + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
        }
        var checked = 0
        var day = -2_208_988_800.0
        while day < 13_569_465_600 {
            let seconds = day + Double((checked * 7_919) % 86_400)
            let ms = checked % 1000
            #expect(Instant.civil(seconds: seconds, milliseconds: ms) == viaStyle(seconds, ms))
            #expect(Instant.civil(seconds: day, milliseconds: 0) == viaStyle(day, 0))
            day += 86_400
            checked += 1
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let seconds = Double(Int.random(in: -2_208_988_800...253_402_300_799, using: &generator))
            #expect(Instant.civil(seconds: seconds, milliseconds: 999) == viaStyle(seconds, 999))
        }
        #expect(Instant.civil(seconds: -2_208_988_801, milliseconds: 0) == nil)
        #expect(Instant.civil(seconds: 253_402_300_800, milliseconds: 0) == nil)
        #expect(Instant.storage(Date(timeIntervalSince1970: -2_208_988_800)) == "1900-01-01T00:00:00.000Z")
        #expect(Instant.storage(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
        #expect(checked > 180_000)
    }

    @Test func otherFormsStillParseAndAnUnparsableOneIsKept() {
        #expect(Instant.wire(stored: "2026-12-02T06:43:44Z") == "2026-12-02T06:43:44.000+00:00")
        #expect(Instant.wire(stored: "not a time") == "not a time")
    }
}
