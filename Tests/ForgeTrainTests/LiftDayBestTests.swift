import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeTrain

/// `lift_day_best` (ForgeSchema+LiftBests.swift) against the computation it
/// replaced: every set of the member, best `OneRepMax.epley` per lift and
/// trained day. Generated histories, then every kind of write that can move
/// a point (new, edited, moved and deleted sets; sessions completed, reopened,
/// moved to another day, deleted; a rolled-back transaction; a member deleted).
struct LiftDayBestTests {
    /// The e1RM series as `ProgressQueries.e1rmSeries` computed it from `sets`
    /// before the aggregate existed (kept here as the reference).
    static func reference(userID: String, in db: Connection) throws -> [String: [SeriesPoint]] {
        var best: [String: [LocalDate: Double]] = [:]
        for row in try db.query(
            """
            SELECT st.slug, st.weight, st.reps, se.day FROM sets st JOIN sessions se ON se.id = st.session_id
            WHERE st.user_id = ? AND se.user_id = ? AND se.status = 'completed' AND st.weight > 0
              AND st.set_kind <> 'warmup'
            """, [userID, userID])
        {
            let dayText: String = try row.get("day")
            guard let day = LocalDate(dayText) else { continue }
            let slug: String = try row.get("slug")
            let e = OneRepMax.epley(weight: try row.get("weight"), reps: try row.get("reps"))
            best[slug, default: [:]][day] = max(best[slug]?[day] ?? e, e)
        }
        return best.mapValues { days in
            days.map { SeriesPoint(day: $0.key, value: $0.value) }.sorted { $0.day < $1.day }
        }
    }

    /// A seeded generator, so a failure reproduces.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let users = ["ada", "ben"]
    static let slugs = ["back-squat", "bench-press", "deadlift", "overhead-press", "barbell-row", "pull-up"]
    static let start = LocalDate(year: 2025, month: 1, day: 6)

    /// A migrated database with two members and `sessions` generated sessions of 1–12 sets each.
    func withHistory(sessions: Int, seed: UInt64, _ body: (Database, inout Generator) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("liftbest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = try Database(path: dir + "/forge.sqlite3", readers: 1)
        defer { db.close() }
        try ForgeSchema.migrator().migrate(db, now: Date())
        var rng = Generator(state: seed)
        try db.write { conn in
            for id in Self.users {
                try conn.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, 'member', ?)",
                    [id, "\(id)@example.org", id.capitalized, "2026-07-20T09:00:00.000Z"])
            }
            for n in 0..<sessions { try insertSession(n, in: conn, using: &rng) }
        }
        try body(db, &rng)
    }

    func insertSession(_ n: Int, in conn: Connection, using rng: inout Generator) throws {
        let user = Self.users.randomElement(using: &rng)!
        // Several sessions share a day now and then (two a day, or a cardio and a strength).
        let day = Self.start.adding(days: Int.random(in: 0..<200, using: &rng))
        let status = ["completed", "completed", "completed", "unplanned", "active"].randomElement(using: &rng)!
        let id = "s\(n)-\(rng.next() % 100_000)"
        try conn.execute(
            """
            INSERT INTO sessions (id, user_id, day, name, kind, status, started_at) VALUES (?, ?, ?, 'S', 'strength', ?, ?)
            """, [id, user, day.description, status, "\(day.description)T07:00:00.000Z"])
        for k in 0..<Int.random(in: 1...12, using: &rng) {
            try insertSet(session: id, user: user, number: k, in: conn, using: &rng)
        }
    }

    func insertSet(session: String, user: String, number: Int, in conn: Connection, using rng: inout Generator) throws {
        // Loads on a 0.25 kg grid plus odd pound conversions; reps 0…15 (0 = a failed set).
        let weight =
            Bool.random(using: &rng)
            ? Double(Int.random(in: 0...800, using: &rng)) * 0.25
            : Double(Int.random(in: 5...600, using: &rng)) * 0.45359237
        try conn.execute(
            """
            INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                "\(session)-\(number)-\(rng.next() % 1_000_000)", session, user, Self.slugs.randomElement(using: &rng)!,
                number, weight, Int.random(in: 0...15, using: &rng), "2026-01-01T07:00:00.000Z",
            ])
    }

    func expectInStep(_ db: Database, _ comment: Comment) throws {
        try db.read { conn in
            for user in Self.users {
                let stored = try ProgressQueries.e1rmSeries(userID: user, in: conn)
                let computed = try Self.reference(userID: user, in: conn)
                #expect(!computed.isEmpty, comment)
                #expect(stored == computed, comment)
            }
        }
    }

    @Test func generatedHistoriesMatchTheSetByComputation() throws {
        for seed: UInt64 in [1, 2, 3] {
            try withHistory(sessions: 300, seed: seed) { db, _ in try expectInStep(db, "seed \(seed)") }
        }
    }

    /// Imported workouts go in as one batch (`TrainingSessionStore.createImported`), whose
    /// sets are written with the connection's triggers off, and the importer then rebuilds
    /// the lifts' records and days from one read (`RecordStore.rebuild` with `dayBests`):
    /// the aggregate matches the definition, on days shared with sessions already stored,
    /// warm-ups and empty loads included; and the triggers are on again afterwards, so a
    /// set logged next into a completed session moves its day.
    @Test func anImportedBatchKeepsTheAggregateInStepAndTriggersOn() throws {
        try withHistory(sessions: 120, seed: 11) { db, rng in
            let sharedDays: [LocalDate] = try db.read { conn in
                try conn.query("SELECT DISTINCT day FROM sessions WHERE user_id = 'ada' AND status = 'completed'")
                    .compactMap { LocalDate(try $0.get("day") as String) }
            }
            #expect(sharedDays.count > 5)
            var workouts: [ImportedWorkout] = []
            for n in 0..<30 {
                // Half on days ada already trained, half on new days.
                let day = n % 2 == 0 ? sharedDays[n % sharedDays.count] : Self.start.adding(days: 300 + n)
                let start = Date(timeIntervalSince1970: 1_750_000_000 + Double(n) * 86_400)
                var sets: [ImportedSet] = []
                for k in 0..<Int.random(in: 1...20, using: &rng) {
                    let slug = Self.slugs.randomElement(using: &rng)!
                    let weight = Double(Int.random(in: 0...600, using: &rng)) * 0.25
                    let logged = LoggedSet(
                        slug: slug, substitutedFor: nil, setNo: k + 1, weight: weight,
                        reps: Int.random(in: 0...15, using: &rng), rpe: nil, ts: Instant.storage(start))
                    let marker: SetMarker = k == 0 ? .warmup : .normal
                    sets.append(
                        ImportedSet(
                            logged: logged, marker: marker, seconds: nil, distanceM: nil, note: "", rpeSource: nil))
                }
                workouts.append(
                    ImportedWorkout(
                        day: day, name: "Imported", startedAt: start, completedAt: start.addingTimeInterval(3600),
                        notes: "", sets: sets))
            }
            var ids = IdentifierRun()
            let sessionIDs = try db.write { conn in
                let made = try TrainingSessionStore.createImported(workouts, userID: "ada", ids: &ids, in: conn)
                #expect(try conn.triggersEnabled())
                try RecordStore.rebuild(
                    userID: "ada", slugs: Self.slugs, now: Date(timeIntervalSince1970: 1_800_000_000), dayBests: true,
                    in: conn)
                return made
            }
            #expect(sessionIDs.count == 30 && Set(sessionIDs).count == 30)
            try db.read { conn in
                let completed: Int? = try conn.scalar(
                    "SELECT COUNT(*) FROM sessions WHERE status = 'completed' AND name = 'Imported'")
                #expect(completed == 30)
                let stored: Int? = try conn.scalar(
                    "SELECT COUNT(*) FROM sets WHERE session_id IN (SELECT id FROM sessions WHERE name = 'Imported')")
                #expect(stored == workouts.reduce(0) { $0 + $1.sets.count })
            }
            try expectInStep(db, "after the imported batch")
            // Exactly, not only to 0.1: the rows the import's rebuild wrote (for its slugs, ada only)
            // are the doubles the table's SQL definition gives, and every other row (ben's, other
            // lifts) is as the triggers left it.
            let table = "SELECT user_id, slug, day, e1rm FROM lift_day_best ORDER BY user_id, slug, day"
            let written = try db.read { try $0.query(table).map(\.values) }
            let defined = try db.write { conn in
                try conn.executeScript(ForgeSchema.rebuildLiftBests)
                return try conn.query(table).map(\.values)
            }
            #expect(written.count > 100)
            #expect(written == defined)
            // A heavy set logged into an imported, completed session moves that day's best.
            try db.write { conn in
                try conn.execute(
                    """
                    INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, ts)
                    VALUES ('late-set', ?, 'ada', 'deadlift', 99, 400, 3, '2026-01-01T07:00:00.000Z')
                    """, [sessionIDs[1]])
            }
            try expectInStep(db, "after a set logged into an imported session")
            let series = try db.read { try ProgressQueries.e1rmSeries(userID: "ada", in: $0) }
            let best = series["deadlift"]?.first { $0.day == workouts[1].day }?.value
            #expect(best == OneRepMax.epley(weight: 400, reps: 3))
        }
    }

    @Test func everyWriteKeepsTheAggregateInStep() throws {
        try withHistory(sessions: 200, seed: 7) { db, rng in
            func ids(_ sql: String, _ conn: Connection) throws -> [String] {
                try conn.query(sql).map { try $0.get("id") as String }
            }
            // New sets in existing sessions (a workout being logged).
            try db.write { conn in
                let sessions = try conn.query("SELECT id, user_id FROM sessions LIMIT 40")
                for (i, s) in sessions.enumerated() {
                    try insertSet(
                        session: try s.get("id"), user: try s.get("user_id"), number: 100 + i, in: conn, using: &rng)
                }
            }
            try expectInStep(db, "after inserting sets")
            // Edited loads and reps, a set moved to another lift, a set moved to another session.
            try db.write { conn in
                for id in try ids("SELECT id FROM sets ORDER BY id LIMIT 60", conn) {
                    try conn.execute("UPDATE sets SET weight = weight + 2.5, reps = (reps + 3) % 16 WHERE id = ?", [id])
                }
                for id in try ids("SELECT id FROM sets ORDER BY id DESC LIMIT 20", conn) {
                    try conn.execute("UPDATE sets SET slug = 'front-squat' WHERE id = ?", [id])
                }
                try conn.execute(
                    """
                    UPDATE sets SET session_id = (SELECT id FROM sessions se WHERE se.user_id = sets.user_id ORDER BY se.id DESC LIMIT 1)
                    WHERE id IN (SELECT id FROM sets ORDER BY ts, id LIMIT 15)
                    """)
            }
            try expectInStep(db, "after editing sets")
            // Warm-ups (not records): sets marked warm-up and back, warm-ups added to completed and
            // active sessions and removed, a warm-up's load edited (migration 0316's WHEN clauses).
            try db.write { conn in
                for id in try ids("SELECT id FROM sets ORDER BY weight DESC LIMIT 30", conn) {
                    try conn.execute("UPDATE sets SET set_kind = 'warmup' WHERE id = ?", [id])
                }
                for id in try ids("SELECT id FROM sets WHERE set_kind = 'warmup' ORDER BY id LIMIT 10", conn) {
                    try conn.execute("UPDATE sets SET set_kind = 'normal' WHERE id = ?", [id])
                }
                try conn.execute("UPDATE sets SET weight = weight * 4 WHERE set_kind = 'warmup'")
                for (i, s) in try conn.query("SELECT id, user_id FROM sessions ORDER BY day LIMIT 25").enumerated() {
                    try conn.execute(
                        """
                        INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, ts, set_kind)
                        VALUES (?, ?, ?, 'deadlift', ?, 400, 5, '2026-01-01T07:00:00.000Z', 'warmup')
                        """, ["w\(i)", try s.get("id") as String, try s.get("user_id") as String, 500 + i])
                }
                try conn.execute("DELETE FROM sets WHERE id IN ('w0', 'w1', 'w2')")
            }
            try expectInStep(db, "after warm-ups")
            // Sessions completed, reopened, moved to another day.
            try db.write { conn in
                try conn.execute("UPDATE sessions SET status = 'completed' WHERE status = 'active'")
                try conn.execute(
                    "UPDATE sessions SET status = 'active' WHERE id IN (SELECT id FROM sessions ORDER BY id LIMIT 10)")
                try conn.execute(
                    "UPDATE sessions SET day = '2025-03-03' WHERE id IN (SELECT id FROM sessions ORDER BY id DESC LIMIT 10)"
                )
            }
            try expectInStep(db, "after changing sessions")
            // Completed sessions handed to the other member, reopened and moved in one update,
            // moved while staying completed, and active ones completed (migration 0802: the old
            // day is recomputed only when a completed session leaves it).
            try db.write { conn in
                try conn.execute(
                    """
                    UPDATE sessions SET user_id = CASE user_id WHEN 'ada' THEN 'ben' ELSE 'ada' END
                    WHERE id IN (SELECT id FROM sessions WHERE status = 'completed' ORDER BY id LIMIT 8)
                    """)
                try conn.execute(
                    """
                    UPDATE sessions SET status = 'active', day = '2025-02-02'
                    WHERE id IN (SELECT id FROM sessions WHERE status = 'completed' ORDER BY id DESC LIMIT 6)
                    """)
                try conn.execute(
                    """
                    UPDATE sessions SET day = '2025-04-04'
                    WHERE id IN (SELECT id FROM sessions WHERE status = 'completed' ORDER BY day DESC LIMIT 6)
                    """)
                try conn.execute("UPDATE sessions SET status = 'completed' WHERE status = 'active'")
            }
            try expectInStep(db, "after moving sessions between members and days")
            // Deleted sets, deleted sessions (their sets cascade).
            try db.write { conn in
                try conn.execute("DELETE FROM sets WHERE id IN (SELECT id FROM sets ORDER BY id LIMIT 50)")
                try conn.execute("DELETE FROM sessions WHERE id IN (SELECT id FROM sessions ORDER BY day LIMIT 20)")
            }
            try expectInStep(db, "after deleting")
            // A transaction that fails half-way leaves both the sets and the aggregate as they were.
            let before = try db.read { try ProgressQueries.e1rmSeries(userID: "ada", in: $0) }
            struct Abort: Error {}
            #expect(throws: Abort.self) {
                try db.write { conn in
                    try conn.execute("UPDATE sets SET weight = weight * 3 WHERE user_id = 'ada'")
                    throw Abort()
                }
            }
            #expect(try db.read { try ProgressQueries.e1rmSeries(userID: "ada", in: $0) } == before)
            try expectInStep(db, "after a rollback")
            // The migration's full rebuild gives exactly what the triggers maintained.
            let maintained = try db.read {
                try $0.query("SELECT user_id, slug, day, e1rm FROM lift_day_best ORDER BY 1, 2, 3")
            }
            try db.write { try $0.executeScript(ForgeSchema.rebuildLiftBests) }
            let rebuilt = try db.read {
                try $0.query("SELECT user_id, slug, day, e1rm FROM lift_day_best ORDER BY 1, 2, 3")
            }
            #expect(maintained.map(\.values) == rebuilt.map(\.values))
            // A deleted member's rows go with them.
            try db.write { try $0.execute("DELETE FROM users WHERE id = 'ben'") }
            #expect(
                try db.read { try $0.scalar("SELECT COUNT(*) FROM lift_day_best WHERE user_id = 'ben'") as Int? } == 0)
        }
    }
}
