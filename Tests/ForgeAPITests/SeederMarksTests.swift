import ForgeCook
import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeAPI

/// The Seeder's exercise, ingredient and recipe steps with their seed marks
/// (`SeedMarks`, docs/contract.md §4.28): a start whose compiled-in assets are
/// the ones marked at the last full seeding, with every key seeded then still
/// stored, decodes and writes nothing; a removed seed exercise or ingredient,
/// an emptied benefit or a changed asset (an upgrade, here a mark for other
/// bytes) runs the step in full again, as before the marks.
@Suite struct SeederMarksTests {
    static let config = AppConfiguration(
        devAuth: true, baseURL: "http://127.0.0.1", timeZone: TimeZone(identifier: "Europe/London")!,
        seedRecipes: true, allowedUsers: TestServer.household, passwordCost: .minimum, build: "test")

    /// Every row of the seeded tables, to compare starts.
    static func seeded(_ db: Database) throws -> [[SQLValue]] {
        try db.read { c in
            var rows: [[SQLValue]] = []
            for sql in [
                "SELECT * FROM exercises ORDER BY slug", "SELECT * FROM ingredients ORDER BY name",
                "SELECT * FROM recipes ORDER BY slug",
            ] {
                rows += try c.query(sql).map(\.values)
            }
            return rows
        }
    }

    static func marks(_ db: Database) throws -> [String: (digest: String, keys: Int, at: String)] {
        try db.read { c in
            var out: [String: (String, Int, String)] = [:]
            for row in try c.query("SELECT * FROM seed_marks") {
                let keys: String = try row.get("keys")
                out[try row.get("asset")] = (
                    try row.get("digest"), keys.split(separator: "\n").count, try row.get("marked_at")
                )
            }
            return out
        }
    }

    @Test func marksSkipUnchangedAssetsAndMissingRowsStillComeBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "forge-seedmarks-\(Identifier.make())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appendingPathComponent("forge.sqlite3").path)
        defer { db.close() }
        try ForgeSchema.migrator().migrate(db, now: Date())
        var now = Date(timeIntervalSince1970: 1_780_000_000)
        func start() throws {
            now = now.addingTimeInterval(3600)
            try Seeder(config: Self.config, now: now).run(db)
        }
        try start()
        let first = try Self.marks(db)
        // The food reference's mark is the recompute of imported recipes (RecipeRecompute), once per version;
        // unit_load the one-time fill of members' load units (MemberLoadUnit).
        #expect(
            Set(first.keys) == ["exercises.json", "ingredients.json", "recipes.json", "food_reference", "unit_load"])
        #expect(first["exercises.json"]?.keys == 65)
        #expect(first["ingredients.json"]?.keys == 102)
        #expect(first["recipes.json"]?.keys == 25)
        #expect(first.values.allSatisfy { $0.digest.count == 64 })

        // Nothing changed: a second start writes no seeded row and leaves the marks as they were.
        let before = try Self.seeded(db)
        try start()
        #expect(try Self.seeded(db) == before)
        #expect(try Self.marks(db).mapValues(\.at) == first.mapValues(\.at))

        // A removed seed exercise and an emptied benefit come back; so does a removed ingredient.
        try db.write { c in
            try c.execute("DELETE FROM exercises WHERE slug = 'chest-doorway-stretch'")
            try c.execute("UPDATE exercises SET benefit = '' WHERE slug = 'walk-easy'")
            try c.execute("DELETE FROM ingredients WHERE name = 'eggs'")
        }
        try start()
        try db.read { c in
            let restored: Int? = try c.scalar("SELECT COUNT(*) FROM exercises WHERE slug = 'chest-doorway-stretch'")
            #expect(restored == 1)
            let benefit: String? = try c.scalar("SELECT benefit FROM exercises WHERE slug = 'walk-easy'")
            #expect(benefit?.isEmpty == false)
            let eggs: Double? = try c.scalar("SELECT carbs_100 FROM ingredients WHERE name = 'eggs'")
            #expect(eggs == 0.4)
        }

        // A member's zero carbs on a seed ingredient stays while the reference is the marked one ...
        try db.write { c in try c.execute("UPDATE ingredients SET carbs_100 = 0 WHERE name = 'greek yogurt 0%'") }
        try start()
        let kept: Double? = try db.read {
            try $0.scalar("SELECT carbs_100 FROM ingredients WHERE name = 'greek yogurt 0%'")
        }
        #expect(kept == 0)
        // ... and a changed reference (an upgrade: the mark is for other bytes) fills it from the seed again.
        try db.write { c in try c.execute("UPDATE seed_marks SET digest = 'older' WHERE asset = 'ingredients.json'") }
        try start()
        let filled: Double? = try db.read {
            try $0.scalar("SELECT carbs_100 FROM ingredients WHERE name = 'greek yogurt 0%'")
        }
        #expect(filled == 3.6)
        #expect(try Self.marks(db)["ingredients.json"]?.digest == first["ingredients.json"]?.digest)

        // An exercise mark for other bytes: the full step runs (a missing exercise is added) and re-marks.
        try db.write { c in
            try c.execute("UPDATE seed_marks SET digest = 'older' WHERE asset IN ('exercises.json', 'recipes.json')")
            try c.execute("DELETE FROM exercises WHERE slug = 'ninety-ninety-hip'")
            try c.execute("DELETE FROM recipes WHERE slug = 'almonds-30'")
        }
        try start()
        try db.read { c in
            let back: Int? = try c.scalar("SELECT COUNT(*) FROM exercises WHERE slug = 'ninety-ninety-hip'")
            #expect(back == 1)
            let recipe: Int? = try c.scalar("SELECT COUNT(*) FROM recipes WHERE slug = 'almonds-30'")
            #expect(recipe == 1)
        }
        let last = try Self.marks(db)
        #expect(last.mapValues(\.digest) == first.mapValues(\.digest))
        #expect(last["exercises.json"]?.at == Instant.storage(now))
    }
}
