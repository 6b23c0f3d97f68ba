import ForgeCore
import Foundation
import Testing

@testable import ForgeStore
@testable import ForgeTrain

/// `TrainingSessionStore.bulkLoad` (the forge-server move's path: indexes of
/// `sessions` and `sets` built after the rows, `lift_day_best` computed once)
/// against the row-by-row path it replaces, on the same generated history:
/// every table the same row for row, the same indexes and triggers, an intact
/// database, and nothing of a load that fails.
struct TrainingBulkLoadTests {
    typealias Generator = LiftDayBestTests.Generator
    static let now = Date(timeIntervalSince1970: 1_796_083_200)

    /// A migrated database with two members; Ben already has completed sessions (and so
    /// `lift_day_best` rows and records) written the live way, before any load.
    func withDatabase(_ body: (Database) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bulkload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = try Database(path: dir + "/forge.sqlite3", readers: 1)
        defer { db.close() }
        try ForgeSchema.migrator().migrate(db, now: Self.now)
        try db.write { conn in
            for id in ["ada", "ben"] {
                try conn.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, 'member', ?)",
                    [id, "\(id)@example.org", id.capitalized, "2026-07-20T09:00:00.000Z"])
            }
            var rng = Generator(state: 99)
            let history = Self.history(user: "ben", sessions: 20, prefix: "b", using: &rng)
            for s in history.sessions { _ = try TrainingSessionStore.insertKeepingID(s, in: conn) }
            try SetStore.insertRows(history.sets, in: conn)
            try TrainingSessionStore.completeMovedIn(
                history.sessions.filter { $0.status == "completed" }.map(\.id), in: conn)
        }
        try body(db)
    }

    /// Generated sessions (several a day now and then, all three statuses, completed ones written
    /// `active` first as the move writes them) and 0–10 sets each, in random id order.
    static func history(user: String, sessions: Int, prefix: String, using rng: inout Generator) -> (
        sessions: [SessionRow], sets: [SetRow]
    ) {
        let slugs = LiftDayBestTests.slugs
        var out: [SessionRow] = []
        var sets: [SetRow] = []
        for n in 0..<sessions {
            let day = LiftDayBestTests.start.adding(days: Int.random(in: 0..<60, using: &rng))
            var s = SessionRow(
                id: "\(prefix)\(rng.next() % 1_000_000_000)-\(n)", userID: user, day: day.description,
                startedAt: Date(timeIntervalSince1970: 1_736_150_400 + Double(n) * 3_600))
            s.status = ["completed", "completed", "completed", "unplanned", "active"].randomElement(using: &rng)!
            out.append(s)
            for k in 0..<Int.random(in: 0...10, using: &rng) {
                sets.append(
                    Self.set(
                        id: String(rng.next(), radix: 16), sessionID: s.id, userID: user,
                        slug: slugs.randomElement(using: &rng)!, setNo: k + 1,
                        weight: Double(Int.random(in: 0...600, using: &rng)) * 0.25,
                        reps: Int.random(in: 0...15, using: &rng), ts: s.startedAt.addingTimeInterval(Double(k) * 120)))
            }
        }
        return (out, sets)
    }

    /// A set as the move writes one (no marker, time, distance or note of its own).
    static func set(
        id: String, sessionID: String, userID: String, slug: String, setNo: Int, weight: Double, reps: Int, ts: Date
    ) -> SetRow {
        (
            id: id, sessionID: sessionID, userID: userID,
            set: ImportedSet(
                LoggedSet(
                    slug: slug, substitutedFor: nil, setNo: setNo, weight: weight, reps: reps, rpe: nil,
                    ts: Instant.storage(ts)))
        )
    }

    /// Writes a generated history of Ada's as the move does, through `bulkLoad` or row by row,
    /// then rebuilds her records.
    func load(_ db: Database, bulk: Bool, fail: Bool = false) throws {
        var rng = Generator(state: 7)
        let history = Self.history(user: "ada", sessions: 150, prefix: "a", using: &rng)
        try db.write { conn in
            func write() throws {
                var completeLater: [String] = []
                for s in history.sessions {
                    if try TrainingSessionStore.insertKeepingID(s, in: conn) { completeLater.append(s.id) }
                }
                for start in stride(from: 0, to: history.sets.count, by: 256) {
                    try SetStore.insertRows(
                        Array(history.sets[start..<min(start + 256, history.sets.count)]), in: conn)
                }
                try TrainingSessionStore.completeMovedIn(completeLater, in: conn)
                if fail { throw CancellationError() }
            }
            if bulk { try TrainingSessionStore.bulkLoad(in: conn, write) } else { try write() }
            try RecordStore.rebuild(
                userID: "ada", slugs: LiftDayBestTests.slugs, now: Self.now, dayBests: false, in: conn)
        }
    }

    /// Every table's rows in rowid order (`lift_day_best` by its key: the bulk path numbers its
    /// rows in key order, the triggers in the order the days were last completed), and the schema.
    static func contents(_ db: Database) throws -> [String: [[SQLValue]]] {
        try db.read { c in
            var tables: [String: [[SQLValue]]] = [:]
            let schema = try c.query("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
            tables["sqlite_schema"] = schema.map(\.values)
            for row in schema where try row.get("type") as String == "table" {
                let name: String = try row.get("name")
                // Each database's random household id (migration 0807) differs by design.
                if name == "household_identity" { continue }
                let order = name == "lift_day_best" ? "user_id, day, slug" : "rowid"
                tables[name] = try c.query("SELECT * FROM \(SQLIdentifier.quoted(name)) ORDER BY \(order)").map(
                    \.values)
            }
            return tables
        }
    }

    @Test func aBulkLoadLeavesWhatTheRowByRowPathLeaves() throws {
        try withDatabase { rowByRow in
            try withDatabase { bulk in
                let schemaBefore = try Self.contents(bulk)["sqlite_schema"]
                try load(rowByRow, bulk: false)
                try load(bulk, bulk: true)
                let expected = try Self.contents(rowByRow)
                let got = try Self.contents(bulk)
                #expect(got.keys.sorted() == expected.keys.sorted())
                for name in expected.keys.sorted() { #expect(got[name] == expected[name], "\(name) differs") }
                // What the comparison rests on: the history is there, both members have days and records.
                #expect((expected["sets"]?.count ?? 0) > 500)
                let best = expected["lift_day_best"] ?? []
                #expect(Set(best.map { $0[0] }) == [.text("ada"), .text("ben")])
                #expect((expected["records"]?.count ?? 0) > 0)
                #expect((expected["record_events"]?.count ?? 0) > 0)
                // The indexes and triggers are back, with their own SQL, and nothing else changed.
                #expect(got["sqlite_schema"] == schemaBefore)
                let names = (got["sqlite_schema"] ?? []).map { $0[1] }
                for name in [
                    "sets_session", "sets_user_slug", "sessions_user_day", "sessions_user_kind_start",
                    "lift_day_best_set_insert", "lift_day_best_session_update",
                ] {
                    #expect(names.contains(.text(name)), "\(name) missing")
                }
                for db in [rowByRow, bulk] {
                    #expect(try db.read { try $0.scalar("PRAGMA integrity_check") } == "ok")
                    #expect(try db.read { try $0.query("PRAGMA foreign_key_check") }.isEmpty)
                }
                // And the triggers work again after the load: a set logged later moves its day's best.
                for db in [rowByRow, bulk] {
                    try db.write { conn in
                        let session: String = try #require(
                            try conn.scalar("SELECT id FROM sessions WHERE user_id = 'ada' AND status = 'completed'"))
                        try SetStore.insertRows(
                            [
                                Self.set(
                                    id: "later", sessionID: session, userID: "ada", slug: "back-squat", setNo: 99,
                                    weight: 500, reps: 1, ts: Self.now)
                            ], in: conn)
                    }
                }
                let later = try Self.contents(bulk)["lift_day_best"]
                #expect(later == (try Self.contents(rowByRow)["lift_day_best"]))
                #expect(later?.contains { $0[1] == .text("back-squat") && $0[3] == .real(500) } == true)
            }
        }
    }

    @Test func aLoadThatFailsLeavesNothingBehind() throws {
        try withDatabase { db in
            let before = try Self.contents(db)
            #expect(throws: CancellationError.self) { try load(db, bulk: true, fail: true) }
            let after = try Self.contents(db)
            for name in before.keys.sorted() { #expect(after[name] == before[name], "\(name) changed") }
            #expect(try db.read { try $0.scalar("PRAGMA integrity_check") } == "ok")
        }
    }

    @Test func aBulkLoadOutsideATransactionIsRefused() throws {
        try withDatabase { db in
            var ran = false
            let refused = try db.withWriter { conn in
                Result { try TrainingSessionStore.bulkLoad(in: conn) { ran = true } }
            }
            #expect(throws: DatabaseError.self) { try refused.get() }
            #expect(!ran)
            #expect(
                try db.read { try $0.scalar("SELECT COUNT(*) FROM sqlite_schema WHERE name = 'sets_session'") } == 1)
        }
    }
}
