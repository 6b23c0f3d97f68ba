import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeTrain

/// A record rebuild counts a session still in progress as live logging does (issue 38 item 9: a session
/// moved in from the original server while in progress shows its records at once), while the e1RM
/// series keeps to completed sessions.
struct RecordsInProgressTests {
    @Test func aSessionInProgressSetsRecordsButNoE1RMPoint() throws {
        try withAdaDatabase { db in
            try db.write { c in
                for (id, day, status, weight) in [
                    ("done", "2026-07-20", "completed", 90.0), ("now", "2026-07-22", "active", 100.0),
                ] {
                    try c.execute(
                        """
                        INSERT INTO sessions (id, user_id, day, name, kind, status, started_at)
                        VALUES (?, 'ada', ?, 'Lower', 'strength', ?, ?)
                        """, [id, day, status, "\(day)T07:00:00.000Z"])
                    try c.execute(
                        """
                        INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, ts)
                        VALUES (?, ?, 'ada', 'back-squat', 1, ?, 5, ?)
                        """, ["\(id)-1", id, weight, "\(day)T07:10:00.000Z"])
                }
                try RecordStore.rebuild(userID: "ada", slugs: ["back-squat"], now: Date(), dayBests: true, in: c)
            }
            let best: Double? = try db.read {
                try $0.scalar(
                    "SELECT weight FROM records WHERE user_id = 'ada' AND slug = 'back-squat' AND kind = 'e1rm'")
            }
            #expect(best == 100)
            let days: [String] = try db.read { c in
                try c.query("SELECT day FROM lift_day_best WHERE user_id = 'ada' ORDER BY day").map {
                    try $0.get("day")
                }
            }
            #expect(days == ["2026-07-20"])
        }
    }
}
