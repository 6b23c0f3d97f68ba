import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// A file cut off in the middle of a workout (an interrupted download, an export taken during the
/// workout) stores part of it; the whole file imported later completes that workout instead of
/// counting its missing sets as "already imported", and undo of the later import takes back just
/// those sets.
struct PartialWorkoutTests {
    static let header =
        "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    static let monday = [
        "2024-01-01 07:30:00,Legs,1h,Squat (Barbell),1,100,5,0,0,,,",
        "2024-01-01 07:30:00,Legs,1h,Squat (Barbell),2,100,5,0,0,,,",
    ]
    static let wednesday = [
        "2024-01-03 07:30:00,Push,1h,Bench Press (Barbell),1,80,5,0,0,,,",
        "2024-01-03 07:30:00,Push,1h,Bench Press (Barbell),2,80,5,0,0,,,",
        "2024-01-03 07:30:00,Push,1h,Bench Press (Barbell),3,85,3,0,0,,,",
        "2024-01-03 07:30:00,Push,1h,Overhead Press (Barbell),1,50,5,0,0,,,",
        "2024-01-03 07:30:00,Push,1h,Overhead Press (Barbell),2,50,5,0,0,,,",
        "2024-01-03 07:30:00,Push,1h,Bicep Curl (Dumbbell),1,15,10,0,0,,,",
    ]

    func write(_ lines: [String], _ name: String, in h: ImportHarness) throws -> URL {
        let url = URL(fileURLWithPath: h.dir).appendingPathComponent(name)
        try Data((Self.header + lines.joined(separator: "\n")).utf8).write(to: url)
        return url
    }

    func wednesdaySets(_ h: ImportHarness) throws -> [String] {
        try h.db.read { conn in
            try conn.query(
                """
                SELECT st.slug || ' ' || st.set_no AS s FROM sets st JOIN sessions se ON se.id = st.session_id
                WHERE se.user_id = ? AND se.day = '2024-01-03' ORDER BY st.ts, st.rowid
                """, [h.ada.id]
            ).map { try $0.get("s") }
        }
    }

    func wednesdayStats(_ h: ImportHarness) throws -> String? {
        try h.db.read {
            try $0.scalar("SELECT stats FROM sessions WHERE user_id = ? AND day = '2024-01-03'", [h.ada.id])
        }
    }

    @Test func theWholeFileCompletesAWorkoutACutFileLeftHalfDone() throws {
        let h = try ImportHarness()
        // Cut after Wednesday's third row, in the middle of the fourth.
        let cut = try write(Self.monday + Self.wednesday.prefix(3) + ["2024-01-03 07:30:00,Push,1h"], "cut.csv", in: h)
        let first = try h.run(.strong, cut)
        #expect(first.report?.added["sets"] == 5)
        #expect(first.report?.warnings == [LiftHistoryWriter.cutOff(line: 7)])
        #expect(try wednesdaySets(h) == ["bench-press 1", "bench-press 2", "bench-press 3"])
        let statsAfterCut = try wednesdayStats(h)

        let whole = try write(Self.monday + Self.wednesday, "whole.csv", in: h)
        let secondImport = try h.run(.strong, whole)
        let second = try #require(secondImport.report)
        #expect(second.added["sessions"] == nil)
        #expect(second.added["sets"] == 3)
        #expect(second.already["sessions"] == 2 && second.already["sets"] == 5)
        #expect(second.lists["completed_workouts"]?.count == 1)
        #expect(h.sessions == 2)
        #expect(
            try wednesdaySets(h) == [
                "bench-press 1", "bench-press 2", "bench-press 3", "overhead-press 1", "overhead-press 2",
                "db-curl 1",
            ])
        #expect(try wednesdayStats(h) != statsAfterCut)

        // Once more: nothing is missing any more.
        let again = try #require(try h.run(.strong, whole).report)
        #expect(again.added.isEmpty)
        #expect(again.already["sets"] == 8)
        // A whole file that simply has no line break after its last row is not cut off.
        #expect(again.warnings.isEmpty)

        // Undo of the completing import takes back its three sets and the session's stats.
        try h.pipeline.undo(id: secondImport.id, userID: h.ada.id)
        #expect(try wednesdaySets(h) == ["bench-press 1", "bench-press 2", "bench-press 3"])
        #expect(try wednesdayStats(h) == statsAfterCut)
        #expect(h.sessions == 2)
    }

    /// A row cut inside a number (`10` reps cut to `1`) or inside a quoted note is not stored half:
    /// it is skipped as `cut_off`, and the whole file later adds it.
    @Test(arguments: [
        "2024-01-03 07:30:00,Push,1h,Overhead Press (Barbell),1,50,1",
        "2024-01-03 07:30:00,Push,1h,Overhead Press (Barbell),1,50,5,0,0,\"belt on,\nthen o",
    ])
    func aRowTheFileEndsInsideIsSkippedNotStoredHalf(lastRow: String) throws {
        let h = try ImportHarness()
        let cut = try write(Self.monday + Self.wednesday.prefix(3) + [lastRow], "cut.csv", in: h)
        let report = try #require(try h.run(.strong, cut).report)
        #expect(report.added["sets"] == 5)
        #expect(report.skipped["cut_off"] == 1)
        #expect(report.warnings == [LiftHistoryWriter.cutOff(line: 7)])
        #expect(try wednesdaySets(h) == ["bench-press 1", "bench-press 2", "bench-press 3"])
        let whole = try #require(try h.run(.strong, try write(Self.monday + Self.wednesday, "whole.csv", in: h)).report)
        #expect(whole.added["sets"] == 3)
        let ohp: Double? = try h.db.read {
            try $0.scalar(
                "SELECT reps FROM sets WHERE user_id = ? AND slug = 'overhead-press' AND set_no = 1", [h.ada.id])
        }
        #expect(ohp == 5)
    }

    /// Undoing the cut-off import first would take the sets the completing import added with its
    /// workouts: it is refused, naming the import to undo first, and nothing changes; in that order
    /// both undo and leave nothing.
    @Test func theCutImportIsUndoneAfterTheImportThatCompletedIt() throws {
        let h = try ImportHarness()
        let cut = try h.run(.strong, try write(Self.monday + Self.wednesday.prefix(3), "cut.csv", in: h))
        let whole = try h.run(.strong, try write(Self.monday + Self.wednesday, "whole.csv", in: h))
        #expect(whole.report?.added["sets"] == 3)
        #expect(throws: ImportError.completedLater(id: cut.id, by: [whole.id])) {
            try h.pipeline.undo(id: cut.id, userID: h.ada.id)
        }
        #expect(try wednesdaySets(h).count == 6)
        #expect(try h.pipeline.find(cut.id, userID: nil)?.state == "done")
        try h.pipeline.undo(id: whole.id, userID: h.ada.id)
        try h.pipeline.undo(id: cut.id, userID: h.ada.id)
        #expect(h.sessions == 0 && h.sets == 0)
    }

    /// A workout the member edited after its import (a set deleted in the middle) is not a cut-off
    /// version of the file's: a later file leaves it as it is.
    @Test func anEditedWorkoutIsLeftAlone() throws {
        let h = try ImportHarness()
        let whole = try write(Self.monday + Self.wednesday, "whole.csv", in: h)
        try h.run(.strong, whole)
        try h.db.write { conn in
            try conn.execute(
                """
                DELETE FROM sets WHERE user_id = ? AND slug = 'bench-press' AND set_no = 2
                  AND session_id IN (SELECT id FROM sessions WHERE day = '2024-01-03')
                """, [h.ada.id])
        }
        let again = try #require(try h.run(.strong, whole).report)
        #expect(again.added.isEmpty)
        #expect(try wednesdaySets(h).count == 5)
    }
}
