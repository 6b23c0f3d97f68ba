import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// `forged exercise merge FROM INTO` (issue 24 item 2) on imported history:
/// sets move, records are recomputed, the old name lands on INTO afterwards,
/// refusals write nothing, and the import can still be undone.
@Suite struct ExerciseMergeTests {
    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        return url
    }

    static let header = "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n"

    @Test func mergeMovesSetsRecomputesRecordsAndKeepsTheName() throws {
        let h = try ImportHarness()
        // "Low Bar Squat Thing" matches nothing: it becomes an imported exercise.
        // Its 150 kg single beats the squat record that plain squats set (120 kg).
        let first = try Self.file(
            Self.header + """
                2026-03-02 08:00:00,A,Squat (Barbell),1,100,5
                2026-03-02 08:00:00,A,Low Bar Squat Thing,1,150,1
                2026-03-02 08:00:00,A,Low Bar Squat Thing,2,140,2
                2026-03-04 08:00:00,B,Squat (Barbell),1,120,3
                2026-03-06 08:00:00,C,Low Bar Squat Thing,1,130,5

                """)
        defer { try? FileManager.default.removeItem(at: first) }
        let imported = try h.run(.strong, first)
        let from = "low-bar-squat-thing"
        #expect(imported.report?.lists["new_exercises"] == ["Low Bar Squat Thing → \(from)"])
        func record(_ slug: String, _ kind: RecordKind) throws -> StoredRecord? {
            try h.db.read { try RecordStore.all(userID: h.ada.id, in: $0) }.first { $0.slug == slug && $0.kind == kind }
        }
        #expect(try record("back-squat", .bestSet)?.value == 120)
        #expect(try record(from, .bestSet)?.value == 150)

        // Refusals write nothing.
        #expect(throws: ExerciseMergeError.unknown("nope")) {
            try ExerciseMerge.merge("nope", into: "back-squat", now: ImportHarness.now, in: h.db)
        }
        #expect(throws: ExerciseMergeError.unknown("nope")) {
            try ExerciseMerge.merge(from, into: "nope", now: ImportHarness.now, in: h.db)
        }
        #expect(throws: ExerciseMergeError.same("back-squat")) {
            try ExerciseMerge.merge("back-squat", into: "back-squat", now: ImportHarness.now, in: h.db)
        }
        #expect(throws: ExerciseMergeError.notImported("deadlift")) {
            try ExerciseMerge.merge("deadlift", into: "back-squat", now: ImportHarness.now, in: h.db)
        }
        #expect(try h.count("SELECT COUNT(*) FROM sets WHERE slug = ?", [from]) == 3)

        let merged = try ExerciseMerge.merge(from, into: "back-squat", now: ImportHarness.now, in: h.db)
        #expect(merged.from == from && merged.into == "back-squat" && merged.sets == 3 && merged.members == 1)
        #expect(try h.count("SELECT COUNT(*) FROM sets WHERE slug = ?", [from]) == 0)
        #expect(try h.count("SELECT COUNT(*) FROM sets WHERE slug = 'back-squat'") == 5)
        #expect(try h.count("SELECT COUNT(*) FROM exercises WHERE slug = ?", [from]) == 0)
        #expect(try h.count("SELECT COUNT(*) FROM records WHERE slug = ?", [from]) == 0)
        // Records as if the sets had been logged as squats: 150 × 1 on 2 March is the best set,
        // and the e1RM of 130 × 5 (Epley 151.7) on 6 March beats 150 × 1.
        let best = try #require(try record("back-squat", .bestSet))
        #expect(best.value == 150 && best.achievedOn == LocalDate(year: 2026, month: 3, day: 2))
        let e1rm = try #require(try record("back-squat", .e1rm))
        #expect(e1rm.value == OneRepMax.epley(weight: 130, reps: 5) && e1rm.value > 150)
        #expect(e1rm.achievedOn == LocalDate(year: 2026, month: 3, day: 6))
        // In the 2 March session the moved sets follow squat's own set 1.
        let numbers = try h.db.read {
            try $0.query(
                """
                SELECT st.set_no FROM sets st JOIN sessions se ON se.id = st.session_id
                WHERE se.day = '2026-03-02' AND st.slug = 'back-squat' ORDER BY st.set_no
                """
            ).map { try $0.get("set_no") as Int }
        }
        #expect(numbers == [1, 2, 3])

        // A later export still saying the old name lands on squat: no new exercise.
        let later = try Self.file(Self.header + "2026-03-09 08:00:00,D,Low Bar Squat Thing,1,135,3\n")
        defer { try? FileManager.default.removeItem(at: later) }
        let again = try h.run(.strong, later)
        #expect(again.report?.added["exercises"] == nil)
        #expect(try h.count("SELECT COUNT(*) FROM sets WHERE slug = 'back-squat'") == 6)

        // Undoing the first import removes its sets (now squats) and brings the records back down.
        try h.pipeline.undo(id: imported.id, userID: h.ada.id)
        #expect(try h.count("SELECT COUNT(*) FROM sets WHERE slug = 'back-squat'") == 1)
        #expect(try record("back-squat", .bestSet)?.value == 135)
    }
}
