import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// One logged set for ``TestServer/logSession``: slug, kg, reps, RPE, and whether it is a warm-up.
struct TestSet {
    let slug: String, weight: Double, reps: Int, rpe: Int?, warmup: Bool
    init(_ slug: String, _ weight: Double, _ reps: Int, rpe: Int? = 8, warmup: Bool = false) {
        self.slug = slug
        self.weight = weight
        self.reps = reps
        self.rpe = rpe
        self.warmup = warmup
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
                    INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, rpe, ts, set_kind)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        Identifier.make(), id, userID, s.slug, setNo, s.weight, s.reps, s.rpe,
                        day + String(format: "T09:%02d:00.000Z", i), s.warmup ? "warmup" : "normal",
                    ])
            }
        }
        return id
    }

    /// Backdates the member's starter plan (seeded when the test server started) so that it has
    /// been in force since `day` (a household date, `YYYY-MM-DD`): a week before the server's
    /// today is judged against it.
    func planInForce(_ userID: String, since day: String) throws {
        try app.db.write {
            try $0.execute(
                """
                UPDATE plan_revisions SET created_at = ?1, activated_at = ?1
                WHERE status = 'active' AND plan_id IN (SELECT id FROM plans WHERE user_id = ?2)
                """, [day + "T00:00:00.000Z", userID])
        }
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

extension TestServer {
    /// Stores a completed cardio session (a run) with its distance and zone-2 minutes, directly in the database.
    @discardableResult
    func logRun(_ userID: String, day: String, name: String = "Run", km: Double, zone2: Double) throws -> String {
        let id = Identifier.make()
        try app.db.write { db in
            try db.execute(
                """
                INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at, stats)
                VALUES (?, ?, ?, ?, 'cardio', 'completed', ?, ?, json_object('distance', ?, 'zone2_min', ?))
                """, [id, userID, day, name, day + "T07:00:00.000Z", day + "T07:45:00.000Z", km, zone2])
        }
        return id
    }

    /// Sends `text` as `cookie`'s chat message and returns the coach's reply.
    /// - Throws: when the post fails or the thread does not end in a coach reply, so a
    ///   check that the reply lacks a phrase never passes on a missing reply.
    func say(_ text: String, as cookie: String) async throws -> String {
        let post = try await request("POST", "/api/chat", json: ["text": .string(text)], cookie: cookie)
        guard post.status == 200 else { throw TestFailure("chat: \(post.status)") }
        let last = try await waitForReply(cookie)["messages"]?.arrayValue?.last
        guard last?["who"]?.stringValue == "coach", let reply = last?["text"]?.stringValue else {
            throw TestFailure("no coach reply to \"\(text)\"")
        }
        return reply
    }

    /// Approves the member's waiting proposal; returns the new revision number.
    @discardableResult
    func approveProposal(_ cookie: String) async throws -> Int? {
        let id = try await get("/api/proposal", cookie: cookie).json["proposal"]?["id"]?.stringValue ?? ""
        return try await request("POST", "/api/proposal/\(id)/approve", cookie: cookie).json["revision"]?.intValue
    }

    /// "Back Squat 3×5 at 55 kg" for each exercise `/api/today` prescribes on `date` (kg member);
    /// throws when the day has none.
    func todayLines(_ date: String, cookie: String) async throws -> [String] {
        let today = try await get("/api/today?date=\(date)", cookie: cookie).json
        let exercises = today["exercises"]?.arrayValue ?? []
        guard !exercises.isEmpty else { throw TestFailure("no exercises on \(date)") }
        return exercises.map { e in
            let weight = e["weight"]?.doubleValue ?? 0
            let load = weight > 0 ? " at \(NumberText.shortest(weight)) kg" : ""
            return "\(e["name"]?.stringValue ?? "") \(e["sets"]?.intValue ?? 0)×\(e["reps"]?.intValue ?? 0)\(load)"
        }
    }
}
