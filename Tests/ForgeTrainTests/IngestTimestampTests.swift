import ForgeCore
import Foundation
import Testing

@testable import ForgeTrain

/// Payload timestamps (docs/contract.md §4.14) and the day they file a workout on.
struct IngestTimestampTests {
    static let london = TimeZone(identifier: "Europe/London")!
    static let calendar = HouseholdCalendar(timeZone: london)

    @Test(arguments: [
        ("2031-03-05 00:30:00 +0100", "2031-03-04T23:30:00.000Z", "2031-03-05"),
        ("2031-03-05T00:30:00+0100", "2031-03-04T23:30:00.000Z", "2031-03-05"),
        ("2031-03-05T00:30:00.250+01:00", "2031-03-04T23:30:00.250Z", "2031-03-05"),
        ("2031-03-05T23:30:00-05:00", "2031-03-06T04:30:00.000Z", "2031-03-05"),
        // Z: the household date (London is on GMT in March).
        ("2031-03-04T23:30:00Z", "2031-03-04T23:30:00.000Z", "2031-03-04"),
        // Z in summer: 23:30Z is 00:30 BST the next day.
        ("2026-07-14T23:30:00Z", "2026-07-14T23:30:00.000Z", "2026-07-15"),
        // No zone: read in the household zone (BST).
        ("2026-07-15T00:30:00", "2026-07-14T23:30:00.000Z", "2026-07-15"),
        ("2031-03-05 10:00:00 +01", "2031-03-05T09:00:00.000Z", "2031-03-05"),
    ])
    func acceptedForms(text: String, instant: String, day: String) throws {
        let ts = try #require(IngestTimestamp.parse(text, zone: Self.london))
        #expect(Instant.storage(ts.instant) == instant)
        #expect(ts.day(in: Self.calendar).description == day)
    }

    @Test(arguments: [
        "", "yesterday", "2031-02-30 10:00:00 +0000", "2031-03-05", "2031-03-05 25:00:00 +0000",
        "2031-03-05 10:00:00 UTC", "2031-03-05 10:00:00 +01:5",
    ])
    func rejectedForms(text: String) {
        #expect(IngestTimestamp.parse(text, zone: Self.london) == nil)
    }
}
