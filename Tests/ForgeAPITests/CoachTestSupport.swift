import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// One logged set for ``TestServer/logSession``: slug, kg, reps, RPE.
struct TestSet {
    let slug: String, weight: Double, reps: Int, rpe: Int?
    init(_ slug: String, _ weight: Double, _ reps: Int, rpe: Int? = 8) {
        self.slug = slug
        self.weight = weight
        self.reps = reps
        self.rpe = rpe
    }
}

extension TestServer {
    /// Stores a completed strength session with its sets, directly in the database.
    @discardableResult
    func logSession(_ userID: String, day: String, name: String, sets: [TestSet]) throws -> String {
        let id = Identifier.make()
        try app.db.write { db in
            try db.execute(
                """
                INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at)
                VALUES (?, ?, ?, ?, 'strength', 'completed', ?, ?)
                """, [id, userID, day, name, day + "T09:00:00.000Z", day + "T10:00:00.000Z"])
            for (i, s) in sets.enumerated() {
                let setNo = sets[..<i].filter { $0.slug == s.slug }.count + 1
                try db.execute(
                    """
                    INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, rpe, ts)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        Identifier.make(), id, userID, s.slug, setNo, s.weight, s.reps, s.rpe,
                        day + String(format: "T09:%02d:00.000Z", i),
                    ])
            }
        }
        return id
    }

    /// Marks the member as past intake (`prefs.onboarded = true`).
    func onboard(_ userID: String) throws {
        try app.db.write {
            try $0.execute(
                "UPDATE users SET prefs = json_set(prefs, '$.onboarded', json('true')) WHERE id = ?", [userID])
        }
    }

    /// The member's active plan content.
    func activePlan(_ userID: String) throws -> PlanContent? {
        try app.db.read { try PlanStore.active(userID: userID, in: $0)?.content }
    }

    /// The member row as the coach reads it.
    func member(_ userID: String) throws -> Member {
        try app.db.read { try Member.find(userID, in: $0)! }
    }

    /// Polls `GET /api/chat` until `pending` is false (at most ~10 s).
    func waitForReply(_ cookie: String) async throws -> JSONValue {
        for _ in 0..<200 {
            let chat = try await get("/api/chat", cookie: cookie).json
            if chat["pending"]?.boolValue == false { return chat }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw TestFailure("coach reply never arrived")
    }
}

extension PlanContent {
    /// The entry of `slug` on `weekday`.
    func entry(_ weekday: Int, _ slug: String) -> PlanExercise? {
        days[weekday]?.strength?.exercises.first { $0.slug == slug }
    }
}
