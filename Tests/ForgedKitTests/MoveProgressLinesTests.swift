import Testing

@testable import ForgedKit

/// The forge-server move's progress lines (issue 23): a dry run says what it checked, never
/// `wrote`; no rate is shown for a time too short to mean one.
@Suite struct MoveProgressLinesTests {
    @Test func aDryRunSummaryChecksAndCountsWhatWouldBeCarried() {
        #expect(
            MoveProgressLines.summary(rows: 7251, carried: 7093, seconds: 0.02, dryRun: true)
                == "checked 7251 rows in 0.0 s: 7093 would be carried")
        #expect(
            MoveProgressLines.summary(rows: 7251, carried: 7093, seconds: 2.0, dryRun: false)
                == "wrote 7093 rows in 2.0 s (3546 rows/s)")
        #expect(MoveProgressLines.summary(rows: 3, carried: 1, seconds: 0.01, dryRun: false) == "wrote 1 row in 0.0 s")
    }

    @Test func noRateUnderATenthOfASecond() {
        #expect(MoveProgressLines.rate(1218, seconds: 0.001) == nil)
        #expect(MoveProgressLines.rate(1218, seconds: 0.099) == nil)
        #expect(MoveProgressLines.rate(1000, seconds: 0.5) == "2000 rows/s")
        let quick = MoveProgressLines.line("users", rows: 2, seconds: 0.0)
        #expect(!quick.contains("rows/s"), "\(quick)")
        #expect(quick.hasSuffix("2 rows    0.0 s"), "\(quick)")
        #expect(MoveProgressLines.line("logged_sets", rows: 30000, seconds: 1.2).hasSuffix("25000 rows/s"))
    }
}
