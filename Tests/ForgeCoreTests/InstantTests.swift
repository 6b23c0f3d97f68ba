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

    @Test func otherFormsStillParseAndAnUnparsableOneIsKept() {
        #expect(Instant.wire(stored: "2026-12-02T06:43:44Z") == "2026-12-02T06:43:44.000+00:00")
        #expect(Instant.wire(stored: "not a time") == "not a time")
    }
}
