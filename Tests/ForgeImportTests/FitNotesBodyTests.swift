import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// FitNotes' body-tracker export (issue 24): measurements with a metric type
/// become metrics in canonical units, the rest are counted as not kept,
/// impossible values are skipped; a re-import adds nothing and undo removes
/// exactly what was added.
@Suite struct FitNotesBodyTests {
    @Test func bodyTrackerRowsBecomeMetrics() throws {
        let h = try ImportHarness()
        let file = ImportHarness.fixture("fitnotes-body.csv")
        // Guessed as FitNotes from its header.
        let first = try h.pipeline.run(kind: .auto, file: file, source: "body.csv", userID: h.ada.id)
        #expect(first.kind == "fitnotes")
        let report = try #require(first.report)
        #expect(report.rowsRead == 8)
        #expect(report.added["metrics"] == 5)
        #expect(report.skipped == ["not_kept": 2, "impossible_value": 1])
        #expect(report.lists["not_kept"] == ["Waist", "Chest"])
        let rows = try h.db.read {
            try $0.query("SELECT type, value, unit, ts, source FROM metrics WHERE user_id = ? ORDER BY ts", [h.ada.id])
                .map { row -> String in
                    let value: Double = try row.get("value")
                    return "\(try row.get("type") as String) \((value * 1000).rounded() / 1000) "
                        + "\(try row.get("unit") as String) \(try row.get("ts") as String) \(try row.get("source") as String)"
                }
        }
        // Household zone Europe/London (GMT in winter); a row without a time is read at noon.
        #expect(
            rows == [
                "weight 82.4 kg 2024-01-06T07:15:00.000Z fitnotes",
                "weight 81.647 kg 2024-01-13T07:20:00.000Z fitnotes",  // 180 lb × 0.45359237
                "body_fat_pct 18.5 % 2024-01-13T07:21:00.000Z fitnotes",
                "weight 81.9 kg 2024-01-20T12:00:00.000Z fitnotes",
                "height 177.8 cm 2024-02-10T07:00:00.000Z fitnotes",  // 70 in
            ])
        let again = try h.run(.fitnotes, file)
        #expect(again.report?.added.isEmpty == true)
        #expect(again.report?.already["metrics"] == 5)
        try h.pipeline.undo(id: first.id, userID: h.ada.id)
        #expect(try h.count("SELECT COUNT(*) FROM metrics WHERE user_id = ?", [h.ada.id]) == 0)
    }
}
