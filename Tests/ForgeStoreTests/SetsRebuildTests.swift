import Foundation
import Testing

@testable import ForgeStore

/// Migration 0804 rebuilds `sets` (a `CHECK` without an `IN` list, the
/// `client_id` uniqueness as a partial unique index): every row keeps its
/// values and rowid, every index and trigger is back with the same text,
/// `lift_day_best` is untouched, and the constraints still refuse what they
/// refused before.
@Suite struct SetsRebuildTests {
    static func schemaObjects(_ c: Connection) throws -> [[SQLValue]] {
        try c.query(
            """
            SELECT type, name, sql FROM sqlite_schema
            WHERE type = 'trigger' OR (type = 'index' AND tbl_name = 'sets' AND sql IS NOT NULL) ORDER BY name
            """
        ).map(\.values)
    }

    @Test func rowsIndexesAndTriggersSurviveAndConstraintsHold() throws {
        try withTestDatabase { db, _ in
            _ = try ForgeSchema.migrator().through("0803-seed-marks").migrate(db, now: Date())
            try db.write { c in
                for user in ["ada", "ben"] {
                    try c.execute(
                        "INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, 'member', ?)",
                        [user, "\(user)@example.org", user, "2026-07-20T09:00:00.000Z"])
                }
                for (n, status) in ["completed", "active", "completed"].enumerated() {
                    try c.execute(
                        """
                        INSERT INTO sessions (id, user_id, day, name, kind, status, started_at)
                        VALUES (?, 'ada', ?, 'S', 'strength', ?, '2026-07-20T07:00:00.000Z')
                        """, ["s\(n)", "2026-07-2\(n)", status])
                }
                let kinds = ["normal", "warmup", "drop", "failure"]
                for k in 0..<24 {
                    try c.execute(
                        """
                        INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, ts, client_id, set_kind, note)
                        VALUES (?, ?, 'ada', ?, ?, ?, ?, '2026-07-20T07:00:00.000Z', ?, ?, ?)
                        """,
                        [
                            "set\(k)", "s\(k % 3)", k % 2 == 0 ? "deadlift" : "bench-press", k, 20.0 + Double(k) * 2.5,
                            k % 7 + 1, k % 3 == 0 ? "client-\(k)" : nil, kinds[k % 4], "note \(k)",
                        ])
                }
                // A gap in the rowids, which the rebuild must keep.
                try c.execute("DELETE FROM sets WHERE id = 'set5'")
            }
            let before = try db.read { c in
                (
                    rows: try c.query("SELECT rowid, * FROM sets ORDER BY rowid").map(\.values),
                    best: try c.query("SELECT * FROM lift_day_best ORDER BY user_id, slug, day").map(\.values),
                    objects: try Self.schemaObjects(c)
                )
            }
            #expect(before.rows.count == 23 && !before.best.isEmpty)
            #expect(try ForgeSchema.migrator().migrate(db, now: Date()).contains("0804-sets-rebuild"))
            try db.read { c in
                #expect(try c.query("SELECT rowid, * FROM sets ORDER BY rowid").map(\.values) == before.rows)
                #expect(
                    try c.query("SELECT * FROM lift_day_best ORDER BY user_id, slug, day").map(\.values) == before.best)
                let after = try Self.schemaObjects(c)
                let added = after.filter { !before.objects.contains($0) }
                #expect(added.map { $0[1] } == [.text("sets_user_client")])
                #expect(before.objects.allSatisfy { after.contains($0) })
                let autoIndexes: Int? = try c.scalar(
                    "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'sets' AND sql IS NULL")
                #expect(autoIndexes == 1)  // the primary key's only
                let check: Int? = try c.scalar(
                    "SELECT COUNT(*) FROM pragma_integrity_check WHERE integrity_check <> 'ok'")
                #expect(check == 0)
            }
            func insert(_ id: String, clientID: String?, kind: String = "normal", user: String = "ada") throws {
                try db.write { c in
                    try c.execute(
                        """
                        INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, ts, client_id, set_kind)
                        VALUES (?, 's0', ?, 'deadlift', 99, 100, 5, '2026-07-20T08:00:00.000Z', ?, ?)
                        """, [id, user, clientID, kind])
                }
            }
            // Still refused: an unknown set kind, a member's repeated client id.
            #expect(throws: DatabaseError.self) { try insert("bad-kind", clientID: nil, kind: "bogus") }
            #expect(throws: DatabaseError.self) { try insert("again", clientID: "client-0") }
            // Still allowed: sets without a client id, and another member's same client id.
            try insert("free-1", clientID: nil)
            try insert("free-2", clientID: nil)
            try insert("bens", clientID: "client-0", user: "ben")
            // The set triggers are back: a set in the completed session s0 moves its day's best.
            let best: Double? = try db.read {
                try $0.scalar(
                    "SELECT e1rm FROM lift_day_best WHERE user_id = 'ada' AND slug = 'deadlift' AND day = '2026-07-20'")
            }
            let epley: Double = 100.0 * (1.0 + 5.0 / 30.0)
            #expect(best == epley)
        }
    }
}
