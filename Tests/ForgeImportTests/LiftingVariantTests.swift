import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// Every export variant the moving-in README describes, as small fixtures of
/// our own (Tests/Fixtures/movein): header generations, separators, units,
/// markers, durations, date styles, spreadsheet re-saves, FitNotes' unquoted commas.
struct LiftingVariantTests {
    /// (slug, kg, reps, set_kind, seconds, distance_m, rpe, rpe_source, note) of Ada's sets in logging order.
    static func sets(_ h: ImportHarness) throws -> [Row] {
        try h.db.read {
            try $0.query(
                """
                SELECT st.*, se.name AS session_name, se.day, se.started_at, se.completed_at, se.notes AS session_notes,
                       se.stats
                FROM sets st JOIN sessions se ON se.id = st.session_id WHERE st.user_id = ?
                ORDER BY se.started_at, st.ts, st.rowid
                """, [h.ada.id])
        }
    }

    static func kg(_ row: Row) throws -> Double { try row.get("weight") }

    static func stats(_ row: Row) throws -> JSONValue {
        try JSONValue.parse(Data((try row.get("stats") as String).utf8))
    }

    @Test func strong2016UnitInColumnNameCRLFAndSetOrderFromZero() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.strong, ImportHarness.fixture("strong-2016.csv")).report)
        #expect(report.added["sessions"] == 2 && report.added["sets"] == 5)
        let rows = try Self.sets(h)
        #expect(try rows.map { try $0.get("set_no") as Int } == [1, 2, 1, 1, 1])
        #expect(try rows.map { try $0.get("slug") as String }.prefix(2) == ["back-squat", "back-squat"])
        #expect(try rows[1].get("note") as String == "felt good")
        #expect(try rows[2].get("seconds") as Double? == 60)
        #expect(try rows[4].get("distance_m") as Double? == 2500)
        #expect(try rows[4].get("seconds") as Double? == 600)
        // 10:12 in London in March is 10:12 UTC.
        #expect(try rows[0].get("started_at") as String == "2016-03-05T10:12:00.000Z")
    }

    @Test func strong2016ImperialColumnsConvertExactly() throws {
        let h = try ImportHarness()
        try h.run(.strong, ImportHarness.fixture("strong-2016-lbs.csv"))
        let rows = try Self.sets(h)
        #expect(try Self.kg(rows[0]) == 315 * 0.45359237)
        #expect(try rows[1].get("distance_m") as Double? == 1.5 * 1609.344)
    }

    @Test func strong2018NoDurationNoRPEQuotedCommasAndWorkoutNotes() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.strong, ImportHarness.fixture("strong-2018.csv")).report)
        #expect(report.added["sessions"] == 1 && report.added["sets"] == 3)
        let rows = try Self.sets(h)
        #expect(try rows[0].get("session_name") as String == "Upper, heavy")
        #expect(try rows[0].get("session_notes") as String == "first \"real\" day")
        #expect(try rows.map { try $0.get("slug") as String } == ["overhead-press", "overhead-press", "chin-up"])
        // Summer time: 09:30 in London is 08:30 UTC.
        #expect(try rows[0].get("started_at") as String == "2018-06-02T08:30:00.000Z")
    }

    @Test func strongSemicolonWithPerRowUnitsAndDecimalRPE() throws {
        let h = try ImportHarness()
        try h.run(.strong, ImportHarness.fixture("strong-semicolon.csv"))
        let rows = try Self.sets(h)
        #expect(rows.count == 3)
        #expect(try Self.kg(rows[0]) == 135 * 0.45359237)
        #expect(try Self.kg(rows[1]) == 60)
        #expect(try rows[2].get("distance_m") as Double? == 3 * 1609.344)
        #expect(try rows[0].get("rpe") as Int? == 8)
        #expect(try rows[1].get("rpe") as Int? == 8)  // 8.5 half-to-even
        #expect(try rows[1].get("rpe_source") as Double? == 8.5)
        #expect(try rows[0].get("session_name") as String == "Évening pump")
        let stats = try Self.stats(rows[0])
        #expect(stats["duration_s"]?.doubleValue == 3900)
    }

    @Test func strongAllQuotedSemicolonWorkoutNumberAndDurationSeconds() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.strong, ImportHarness.fixture("strong-quoted.csv")).report)
        #expect(report.added["sessions"] == 2 && report.added["sets"] == 3)
        let rows = try Self.sets(h)
        #expect(try Self.kg(rows[0]) == 225 * 0.45359237)
        #expect(try rows[2].get("session_name") as String == "Workout 2")
        #expect(try rows[0].get("completed_at") as String == "2025-01-15T07:23:00.000Z")
    }

    @Test func strong2025MarkersRestTimerDurationsNotesAndWarmupsAreNotRecords() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.strong, ImportHarness.fixture("strong-2025.csv")).report)
        #expect(report.rowsRead == 12)
        #expect(report.added["sessions"] == 4 && report.added["sets"] == 10)
        #expect(report.skipped == ["rest_timer": 1, "no_reps_time_or_distance": 1])
        let rows = try Self.sets(h)
        let kinds = try rows.prefix(5).map { try $0.get("set_kind") as String }
        #expect(kinds == ["warmup", "normal", "normal", "drop", "failure"])
        #expect(try rows[1].get("note") as String == "depth ok\nnext time more")
        #expect(try rows[0].get("session_name") as String == "Leg day, München")
        #expect(try rows[5].get("seconds") as Double? == 55)
        // A lb user's load written as a long kg float is kept as it is (15 lb).
        #expect(try Self.kg(rows[6]) == 6.80388555)
        let durations = try Set(rows.map { try Self.stats($0)["duration_s"]?.doubleValue ?? -1 })
        #expect(durations == [3900, 55, 31620, 2280])
        // The 200 kg warm-up single is heavier than any working set: not a record, not an e1RM point.
        let records = try h.db.read { try RecordStore.all(userID: h.ada.id, in: $0) }
        #expect(records.first { $0.slug == "deadlift" && $0.kind == .bestSet }?.value == 140)
        #expect(records.first { $0.slug == "deadlift" && $0.kind == .e1rm }?.value == 163.3)
        #expect(try h.count("SELECT COUNT(*) FROM lift_day_best WHERE slug = 'deadlift' AND e1rm > 170") == 0)
        // The squat's record is the 105 × 3 (e1RM 115.5) against 100 × 5 (116.7): 116.7 wins, best set 105.
        #expect(records.first { $0.slug == "back-squat" && $0.kind == .e1rm }?.value == 116.7)
        #expect(records.first { $0.slug == "back-squat" && $0.kind == .bestSet }?.value == 105)
        // Names that match nothing became imported library exercises, listed in the report.
        #expect(report.lists["new_exercises"]?.contains("Rowing (Machine) → rowing-machine") == true)
        #expect(try h.count("SELECT COUNT(*) FROM exercises WHERE slug = 'rowing-machine' AND origin = 'import'") == 1)
    }

    @Test func spreadsheetResaveWithBOMDecimalCommasAndReorderedColumns() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.strong, ImportHarness.fixture("strong-spreadsheet.csv")).report)
        #expect(report.added["sets"] == 2)
        let rows = try Self.sets(h)
        #expect(try rows.map(Self.kg) == [102.5, 107.5])
        #expect(try rows.map { try $0.get("reps") as Int } == [5, 3])
    }

    @Test func impossibleRowsAreSkippedOneByOneAndListed() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.strong, ImportHarness.fixture("strong-impossible.csv")).report)
        #expect(report.added["sets"] == 1 && h.sets == 1)
        #expect(report.skipped == ["impossible_value": 4, "unreadable_row": 1])
        #expect(report.skippedRows.map(\.line) == [3, 4, 5, 6, 7])
        #expect(report.skippedRows[1].detail.contains("877777"))
    }

    @Test func hevyNewerTwelveHourDatesPoundsBodyweightAndSupersets() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.hevy, ImportHarness.fixture("hevy-2026.csv")).report)
        #expect(report.added["sessions"] == 2 && report.added["sets"] == 6)
        let rows = try Self.sets(h)
        #expect(try rows[0].get("started_at") as String == "2026-06-11T12:01:00.000Z")
        #expect(try rows[0].get("session_name") as String == "Push 💪")
        #expect(try rows[0].get("session_notes") as String == "Felt strong\nsecond line")
        #expect(try rows[0].get("note") as String == "pause reps")
        #expect(try rows[1].get("note") as String == "")
        #expect(
            try rows.map { try $0.get("set_kind") as String } == [
                "warmup", "normal", "normal", "drop", "normal", "failure",
            ])
        #expect(try Self.kg(rows[1]) == 185 * 0.45359237)
        #expect(try Self.kg(rows[2]) == 0)
        #expect(try rows[1].get("rpe") as Int? == 8 && rows[1].get("rpe_source") as Double? == 7.5)
        #expect(try rows[4].get("distance_m") as Double? == 1.25 * 1609.344)
        #expect(try rows[5].get("day") as String == "2026-06-12")  // 12:30 AM local
        let stats = try Self.stats(rows[0])
        #expect(stats["duration_s"]?.doubleValue == 4500)
    }

    /// ICU 72 and later (Node 20, iOS 17) write U+202F, a narrow no-break space, before AM/PM: before
    /// the fix every row of such a file was skipped as an unreadable date.
    @Test func hevyTwelveHourDatesWithANarrowNoBreakSpaceBeforePM() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.hevy, ImportHarness.fixture("hevy-icu72.csv")).report)
        #expect(report.skipped.isEmpty)
        #expect(report.added["sessions"] == 1 && report.added["sets"] == 2)
        let rows = try Self.sets(h)
        #expect(try rows[0].get("started_at") as String == "2026-06-11T12:01:00.000Z")
        #expect(try rows[0].get("completed_at") as String == "2026-06-11T13:16:00.000Z")
        #expect(try rows.map(Self.kg) == [100, 102.5])
    }

    /// A spreadsheet in a day-first, decimal-comma locale re-saves the date column as `01.03.2025 08:00`
    /// (or `15.07.25 18:30:15`) beside its BOM and decimal commas: before the fix every row was skipped.
    @Test func spreadsheetResaveWithDottedDayFirstDates() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.strong, ImportHarness.fixture("strong-excel-de.csv")).report)
        #expect(report.skipped.isEmpty)
        #expect(report.added["sessions"] == 2 && report.added["sets"] == 2)
        let rows = try Self.sets(h)
        // London: 08:00 GMT on 1 March, 18:30:15 BST on 15 July 2025.
        #expect(
            try rows.map { try $0.get("started_at") as String } == [
                "2025-03-01T08:00:00.000Z", "2025-07-15T17:30:15.000Z",
            ])
        #expect(try rows.map(Self.kg) == [102.5, 60])
        #expect(try rows[0].get("rpe_source") as Double? == 8.5)
        #expect(try rows[1].get("set_kind") as String == "warmup")
    }

    /// A spreadsheet in a US locale re-saves the date column as `1/14/2021 18:05` (month first, no
    /// seconds): a second number above 12 in the column decides, and `1/4/2021` is then 4 January.
    /// Before the fix every row was skipped as `unreadable_row`.
    @Test func spreadsheetResaveWithMonthFirstSlashedDates() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.strong, ImportHarness.fixture("strong-excel-us.csv")).report)
        #expect(report.skipped.isEmpty)
        #expect(report.added["sessions"] == 2 && report.added["sets"] == 3)
        let rows = try Self.sets(h)
        // London is on GMT in January.
        #expect(
            try rows.map { try $0.get("started_at") as String } == [
                "2021-01-04T07:30:00.000Z", "2021-01-04T07:30:00.000Z", "2021-01-14T18:05:00.000Z",
            ])
    }

    /// A spreadsheet's re-save drops the seconds (`1/14/2021 18:05` for `2021-01-14 18:05:37`): the
    /// workouts an import of the full export wrote are found already imported, not written twice.
    @Test func aResaveWithoutSecondsFindsTheWorkoutsAlreadyImported() throws {
        let h = try ImportHarness()
        let first = try #require(try h.run(.strong, ImportHarness.fixture("strong-seconds.csv")).report)
        #expect(first.added["sessions"] == 2 && first.added["sets"] == 3)
        let again = try #require(try h.run(.strong, ImportHarness.fixture("strong-excel-us.csv")).report)
        #expect(again.added.isEmpty)
        #expect(again.already["sessions"] == 2 && again.already["sets"] == 3)
        #expect(h.sessions == 2 && h.sets == 3)
    }

    /// The UK form (`14/01/2021 18:05:00`, a two-digit year, a 12-hour time with PM) reads day first.
    @Test func spreadsheetResaveWithDayFirstSlashedDates() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.strong, ImportHarness.fixture("strong-excel-uk.csv")).report)
        #expect(report.skipped.isEmpty)
        let rows = try Self.sets(h)
        // 3 July 2021 21:15 BST is 20:15 UTC.
        #expect(
            try rows.map { try $0.get("started_at") as String } == [
                "2021-01-04T07:30:00.000Z", "2021-01-14T18:05:00.000Z", "2021-07-03T20:15:00.000Z",
            ])
        let h2 = try ImportHarness()
        let fitnotes = try #require(try h2.run(.fitnotes, ImportHarness.fixture("fitnotes-excel-uk.csv")).report)
        #expect(fitnotes.skipped.isEmpty)
        #expect(try Self.sets(h2).map { try $0.get("day") as String } == ["2021-09-13", "2021-10-02"])
    }

    /// A column whose slashed dates never show their order (no number above 12), or show both
    /// orders, is refused whole with a sentence naming the column and writes nothing.
    @Test func slashedDatesThatNeverTellTheirOrderAreRefused() throws {
        for (fixture, sample) in [
            ("strong-excel-ambiguous.csv", "1/4/2021 7:30"), ("strong-excel-mixed.csv", "14/1/2021"),
        ] {
            let h = try ImportHarness()
            var message = ""
            do {
                try h.run(.strong, ImportHarness.fixture(fixture))
            } catch let error as ImportError {
                message = error.description
            }
            #expect(message.contains("the Date column") && message.contains(sample), "\(fixture): \(message)")
            #expect(message.contains("YYYY-MM-DD"))
            #expect(h.sessions == 0 && h.sets == 0)
        }
    }

    @Test func fitNotesOldHeaderRejoinsUnquotedCommaNames() throws {
        let h = try ImportHarness()
        let report = try #require(try h.run(.fitnotes, ImportHarness.fixture("fitnotes-old.csv")).report)
        #expect(report.added["sessions"] == 2 && report.added["sets"] == 4)
        #expect(report.skipped.isEmpty)
        let rows = try Self.sets(h)
        #expect(try rows[0].get("slug") as String == "bench-press")
        #expect(try Self.kg(rows[1]) == 135 * 0.45359237)
        // The rejoined name puts its variant after the comma: read as Incline Bench Press, not a new exercise.
        #expect(try rows[1].get("slug") as String == "incline-bench-press")
        #expect(report.lists["new_exercises"]?.contains { $0.hasPrefix("Bench Press, Incline") } != true)
        #expect(try rows[2].get("distance_m") as Double? == 2 * 1609.344)
        #expect(try rows[2].get("seconds") as Double? == 1200)
    }

    @Test(
        arguments: [
            ("Bench Press, Incline", "Incline Bench Press"), (" Curl ,Hammer ", "Hammer Curl"), ("Bench Press", nil),
            ("Row, Seated, Cable", nil), ("Row, ", nil),
        ] as [(String, String?)])
    func commaInvertedNamesReadInReadingOrder(name: String, reading: String?) {
        #expect(ExerciseNameMatcher.uninverted(name) == reading)
    }

    @Test func fitNotesNewHeaderWithUnitColumnAndComment() throws {
        let h = try ImportHarness()
        try h.run(.fitnotes, ImportHarness.fixture("fitnotes-new.csv"))
        let rows = try Self.sets(h)
        #expect(rows.count == 4)
        #expect(try rows.map(Self.kg).prefix(2) == [100, 225 * 0.45359237])
        #expect(try rows[0].get("note") as String == "belt on")
        #expect(try rows[2].get("seconds") as Double? == 90)
        #expect(try rows[3].get("distance_m") as Double? == 2000)
        #expect(try rows[0].get("slug") as String == "back-squat")
    }

    @Test(arguments: [
        ("strong-2016.csv", ImportKind.strong), ("strong-semicolon.csv", .strong), ("strong-quoted.csv", .strong),
        ("strong-spreadsheet.csv", .strong), ("hevy-2026.csv", .hevy), ("fitnotes-old.csv", .fitnotes),
        ("fitnotes-new.csv", .fitnotes),
    ])
    func autoNamesItsGuess(_ name: String, _ kind: ImportKind) throws {
        let h = try ImportHarness()
        let record = try h.run(.auto, ImportHarness.fixture(name))
        #expect(record.kind == kind.rawValue)
        #expect(record.report?.guessed == true)
        #expect(h.sets > 0)
    }
}
