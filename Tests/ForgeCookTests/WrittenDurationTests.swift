import Testing

@testable import ForgeCook

/// The one reader of a written duration (``WrittenDuration``): a time field as pages and apps print it,
/// beside the step prose of ``StatedTimeTests`` and the apps' fields of ``LibraryTextTests``.
@Suite struct WrittenDurationTests {
    @Test(arguments: [
        ("1:15 h", 75), ("30 minuter", 30), ("1 time 30 minutter", 90), ("10-15 minutes", 10), ("1h30", 90),
        ("1 Std. 20 Min.", 80), ("35 minuti", 35), ("2 days", 2880), ("90 seconds", 2), ("10 to 15", 10),
    ])
    func aFieldReadsItsTime(_ text: String, _ minutes: Int) {
        #expect(WrittenDuration.minutes(inField: text) == minutes, "\(text)")
    }

    @Test(arguments: ["2 eggs", "Serves 10 to 12", "1e300 minutes", "20 seconds", "every 5 minutes", "Cook Time"])
    func aFieldWithoutATimeReadsNone(_ text: String) {
        #expect(WrittenDuration.minutes(inField: text) == nil, "\(text)")
    }

    /// Prose reads no single-letter units and no days, which running text uses for other things.
    @Test func proseReadsNoSingleLettersNorDays() {
        #expect(WrittenDuration.times(inProse: "A 1px border, #D1D1D1, up to 1 day ahead, 2025's best").isEmpty)
        #expect(WrittenDuration.times(inProse: "Bake 8–10 minutes, then rest 1 ½ hours.") == [600, 5400])
    }
}
