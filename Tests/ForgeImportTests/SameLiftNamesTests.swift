import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// The same lift under another app's words is the library's lift (issue 38 item 4), and the report says
/// which name went where.
struct SameLiftNamesTests {
    @Test(arguments: [
        ("Squat", "back-squat"), ("Barbell Back Squat", "back-squat"), ("BB Back Squat", "back-squat"),
        ("Barbell Shoulder Press", "overhead-press"), ("Shoulder Press", "overhead-press"),
        ("Bent Over Row", "barbell-row"), ("Pendlay Row", "barbell-row"), ("Chin Ups", "chin-up"),
        ("Chest Dips", "dips"), ("Pullups", "pull-up"), ("DB Bench Press", "db-bench-press"),
        ("Dumbbell Shoulder Press", "db-shoulder-press"), ("OHP", "overhead-press"),
        ("Press, Bench (Barbell)", "bench-press"),
    ])
    func theSameLiftInOtherWordsIsTheLibrarysLift(_ c: (String, String)) throws {
        let h = try ImportHarness()
        let matcher = try h.db.read { try ExerciseNameMatcher(in: $0) }
        #expect(matcher.match(c.0) == c.1, "\(c.0)")
    }

    /// Equipment that changes the lift keeps a name apart: a machine or Smith squat is not the back squat.
    @Test(arguments: ["Squat (Smith Machine)", "Shoulder Press (Machine)", "Zercher Thing"])
    func otherEquipmentOrAnUnknownLiftStaysNew(_ name: String) throws {
        let h = try ImportHarness()
        let matcher = try h.db.read { try ExerciseNameMatcher(in: $0) }
        #expect(matcher.match(name) == nil, "\(name)")
    }

    @Test func theReportListsEveryNameThatMatchedAndEveryOneThatCreated() throws {
        let h = try ImportHarness()
        let text = """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2025-05-01 08:00:00,A,1h,Squat,1,100,5,,,
            2025-05-01 08:00:00,A,1h,Barbell Back Squat,1,100,5,,,
            2025-05-01 08:00:00,A,1h,Zercher Thing,1,60,5,,,

            """
        let file = URL(fileURLWithPath: h.dir + "/names.csv")
        try Data(text.utf8).write(to: file)
        let report = try #require(try h.run(.strong, file).report)
        #expect(report.lists["matched_exercises"] == ["Squat → back-squat", "Barbell Back Squat → back-squat"])
        #expect(report.lists["new_exercises"] == ["Zercher Thing → zercher-thing"])
        let squats = try h.count("SELECT COUNT(*) FROM sets WHERE user_id = ? AND slug = 'back-squat'", [h.ada.id])
        #expect(squats == 2)
    }
}
