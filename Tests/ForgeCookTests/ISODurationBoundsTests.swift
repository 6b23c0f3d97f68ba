import Testing

@testable import ForgeCook

/// A page's absurd duration reads as "no time", never a crash: the import
/// runs in a job, and a trap there would take the whole server down.
@Suite struct ISODurationBoundsTests {
    @Test(arguments: ["PT99999999999999999999M", "P99999999999999999999D", "PT1e300H"])
    func hugeISODurationsReadAsNone(_ text: String) {
        #expect(ISODuration.minutes(text) == nil)
    }

    @Test(arguments: ["99999999999999999999 hours", "1e300 minutes", "99999999999999999999"])
    func hugeHumanDurationsReadAsNone(_ text: String) {
        #expect(WrittenDuration.minutes(inField: text) == nil)
    }

    @Test func aYearIsTheLongest() {
        #expect(ISODuration.minutes("P365D") == 525_600)
        #expect(ISODuration.minutes("P366D") == nil)
        #expect(ISODuration.minutes("PT1H30M") == 90)
    }
}
