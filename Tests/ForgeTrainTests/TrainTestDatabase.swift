import ForgeStore
import Foundation

/// A migrated database in a temporary directory with the member `ada`, for the tests that write sessions,
/// sets and traces directly; removed when `body` returns.
func withAdaDatabase<T>(_ body: (Database) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("train-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let db = try Database(path: dir + "/forge.sqlite3", readers: 1)
    defer { db.close() }
    try ForgeSchema.migrator().migrate(db, now: Date())
    try db.write { c in
        try c.execute(
            "INSERT INTO users (id, email, name, role, created_at) VALUES ('ada', 'ada@example.org', 'Ada', 'member', ?)",
            ["2026-07-20T09:00:00.000Z"])
    }
    return try body(db)
}
