import Foundation
import Testing

@testable import ForgeStore

/// Migration 0805 cuts the workout keys earlier imports claimed to the minute
/// (what the lifting importers write since), keeps every other key as it was,
/// and keeps a key that would collide with another of the same member.
@Suite struct MinuteWorkoutKeysTests {
    @Test func workoutKeysAreCutToTheMinuteAndCollisionsKept() throws {
        try withTestDatabase { db, _ in
            _ = try ForgeSchema.migrator().through("0804-sets-rebuild").migrate(db, now: Date())
            try db.write { c in
                try c.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES ('ada', 'ada@example.org', 'Ada', 'member', ?)",
                    ["2026-07-20T09:00:00.000Z"])
                try c.execute(
                    """
                    INSERT INTO imports (id, user_id, kind, source, state, created_at)
                    VALUES ('imp', 'ada', 'strong', 'strong.csv', 'done', '2026-07-20T09:00:00.000Z')
                    """)
                for key in [
                    "workout:2024-11-28T17:36:08.000Z", "workout:2024-11-29T07:05:00.000Z",
                    "workout:2024-11-30T10:00:12.000Z", "workout:2024-11-30T10:00:41.000Z", "recipe:pancakes",
                ] {
                    try c.execute("INSERT INTO import_keys (user_id, key, import_id) VALUES ('ada', ?, 'imp')", [key])
                }
            }
            #expect(try ForgeSchema.migrator().migrate(db, now: Date()).contains("0805-minute-workout-keys"))
            let keys: [String] = try db.read { c in
                try c.query("SELECT key FROM import_keys ORDER BY key").map { try $0.get("key") }
            }
            #expect(
                keys == [
                    "recipe:pancakes", "workout:2024-11-28T17:36:00.000Z", "workout:2024-11-29T07:05:00.000Z",
                    "workout:2024-11-30T10:00:00.000Z", "workout:2024-11-30T10:00:41.000Z",
                ])
        }
    }
}
