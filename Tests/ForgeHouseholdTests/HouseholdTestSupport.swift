import ForgeHousehold
import ForgeStore
import Foundation

/// A migrated database in a fresh temporary directory, closed and removed after `body`.
@discardableResult
func withHouseholdDatabase<T>(_ body: (Database) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forgehousehold-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let db = try Database(path: dir + "/forge.sqlite3", readers: 1)
    defer { db.close() }
    try ForgeSchema.migrator().migrate(db, now: Date())
    return try body(db)
}

/// A fixed instant: 2026-07-20 09:00 UTC.
let testNow = Date(timeIntervalSince1970: 1_784_538_000)

/// The package's `Sources` directory, found from this file's path.
let sourcesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")
