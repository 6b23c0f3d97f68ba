import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeImport

/// The forge-server move writes metrics a few hundred rows at a time
/// (`MetricStore.insertRows`, multi-row inserts that return the ids they
/// wrote): each duplicate is still found and listed where its row was met,
/// among the rows skipped for other reasons, in both batches.
struct ForgeServerBatchTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/forge-server/older-household.sql")

    static func metricID(_ i: Int) -> String { String(format: "3200000000000000000000000000%04d", i) }

    /// The fixture with `count` more weights of Ada's, one a minute from 2024-01-01 00:00 UTC; the
    /// rows of `duplicates` repeat the instant of the row they name (written in another offset,
    /// as the same instant), the rows of `outOfBounds` weigh 9,000 kg.
    static func dump(count: Int, duplicates: [Int: Int], outOfBounds: Set<Int>) throws -> String {
        var text = try String(contentsOf: fixture, encoding: .utf8)
        let last = try #require(text.range(of: "\n30000000000000000000000000000003\t"))
        let end = try #require(text[last.upperBound...].firstIndex(of: "\n"))
        var rows = ""
        for i in 0..<count {
            // 2024-01-01 00:00 UTC plus `i` minutes, written at +01; a duplicate's at +00.
            let ts =
                duplicates[i].map { String(format: "2024-01-01 %02d:%02d:00+00", $0 / 60, $0 % 60) }
                ?? String(format: "2024-01-01 %02d:%02d:00+01", i / 60 + 1, i % 60)
            let value = outOfBounds.contains(i) ? "9000" : "\(70 + Double(i % 10) / 10)"
            rows += "\n\(metricID(i))\ta0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0\tweight\t\(value)\tkg\t\(ts)\tmanual"
        }
        text.insert(contentsOf: rows, at: end)
        return text
    }

    /// Moves the dump `text` into `harness`'s database through the pipeline (`--replace`) and answers
    /// the whole report.
    /// - Throws: what reading or moving throws; a move that does not end `done` fails the test.
    static func move(_ text: String, into harness: ImportHarness) throws -> ImportReport {
        let file = harness.dir + "/dump.sql"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let snapshot = try ForgeServerSnapshot(tables: PgDumpReader.read(file), source: file)
        var household = HouseholdSource(snapshot)
        household.replace = true
        let started = try harness.pipeline.start(.forgeServer, household: household)
        let record = try harness.pipeline.execute(started)
        guard record.state == "done", let report = record.report else {
            throw ImportError.unreadable("the move did not end done: \(record)")
        }
        return report
    }

    @Test func duplicatesAreListedWhereTheirRowsWereMetAcrossBatches() throws {
        let count = 300  // two batches of ForgeServerMove.rowsPerWrite (256)
        let duplicates = [10: 5, 11: 5, 270: 260, 299: 3]
        let outOfBounds: Set<Int> = [12, 271]
        let harness = try ImportHarness()
        let report = try Self.move(
            Self.dump(count: count, duplicates: duplicates, outOfBounds: outOfBounds), into: harness)
        // In source order: the fixture's own 7,150 kg weight, then the added rows as met.
        let listed = report.skippedRows.filter { $0.table == "metrics" }.map { "\($0.row ?? "") \($0.reason)" }
        #expect(
            listed == [
                "30000000000000000000000000000002 out_of_bounds", "\(Self.metricID(10)) duplicate",
                "\(Self.metricID(11)) duplicate", "\(Self.metricID(12)) out_of_bounds",
                "\(Self.metricID(270)) duplicate", "\(Self.metricID(271)) out_of_bounds",
                "\(Self.metricID(299)) duplicate",
            ])
        #expect(report.tables?["metrics"]?.skipped == ["out_of_bounds": 3, "duplicate": 4])
        #expect(report.tables?["metrics"]?.added == 2 + count - duplicates.count - outOfBounds.count)
        // The first row of each instant is the one kept, with its id.
        let ids: [String] = try harness.db.read { c in
            try c.query("SELECT id FROM metrics WHERE id LIKE '32%' ORDER BY id").map { try $0.get("id") }
        }
        let expected = (0..<count).filter { duplicates[$0] == nil && !outOfBounds.contains($0) }.map(Self.metricID)
        #expect(ids == expected)
        // The skipped rows keep their place among every table's skipped rows (a table's rows are adjacent).
        let tables = report.skippedRows.map(\.table)
        let metricRange =
            try #require(tables.firstIndex(of: "metrics"))...(try #require(tables.lastIndex(of: "metrics")))
        #expect(tables[metricRange].allSatisfy { $0 == "metrics" })
    }

    /// The large tables' rows are converted on a second thread (`ConvertedRows`), but a row whose
    /// member or session is not carried is listed for that first, as when the writer read it: the
    /// demo seat's unreadable weight is `member_not_carried`, a set of no carried session with an
    /// impossible load `session_not_carried`, and only a carried member's unreadable value is
    /// `unreadable_value`; every later row is still written (the two threads stay in step).
    @Test func aRowsFirstReasonIsListedThoughItWasConvertedAhead() throws {
        var text = try String(contentsOf: Self.fixture, encoding: .utf8)
        func add(after id: String, _ line: String) throws {
            let at = try #require(text.range(of: "\n\(id)\t"))
            let end = try #require(text[at.upperBound...].firstIndex(of: "\n"))
            text.insert(contentsOf: "\n" + line, at: end)
        }
        let ada = "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0"
        let demo = "d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0"
        try add(
            after: "30000000000000000000000000000003",
            [
                "33000000000000000000000000000001\t\(demo)\tweight\theavy\tkg\t2025-03-04 07:00:00+00\tmanual",
                "33000000000000000000000000000002\t\(ada)\tweight\theavy\tkg\t2025-03-04 07:00:00+00\tmanual",
                "33000000000000000000000000000003\t\(ada)\tweight\t70.5\tkg\t2025-03-05 07:00:00+00\tmanual",
            ].joined(separator: "\n"))
        try add(
            after: "40000000000000000000000000000004",
            "43000000000000000000000000000001\t5e55101100000000000000000000dead\t\(ada)\tback-squat\t\\N\t1\t"
                + "9000\t5\t\\N\t2025-03-03 17:25:00+00")
        let harness = try ImportHarness()
        let report = try Self.move(text, into: harness)
        let listed = Dictionary(
            report.skippedRows.map { ($0.row, $0.reason) }, uniquingKeysWith: { first, _ in first })
        #expect(listed["33000000000000000000000000000001"] == "member_not_carried")
        #expect(listed["33000000000000000000000000000002"] == "unreadable_value")
        #expect(listed["43000000000000000000000000000001"] == "session_not_carried")
        #expect(listed["33000000000000000000000000000003"] == nil)
        let written: Int = try harness.db.read { c in
            try c.scalar("SELECT COUNT(*) FROM metrics WHERE id = '33000000000000000000000000000003'") ?? 0
        }
        #expect(written == 1)
        #expect(report.tables?["meal_log"]?.added == 1)
    }
}
