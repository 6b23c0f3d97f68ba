import ForgeCore
import ForgeEvents
import ForgeStore
import Foundation
import Synchronization

/// A migrated database in a fresh temporary directory; `body` gets the
/// database and the directory, both removed afterwards.
func withMigratedDatabase<T>(_ body: (Database, String) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forge-events-\(Identifier.make())").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let db = try Database(path: dir + "/forge.sqlite3")
    defer { db.close() }
    try ForgeSchema.migrator().migrate(db)
    return try body(db, dir)
}

/// Collects every event a scheduler emits.
final class EventRecorder: Sendable {
    private let events = Mutex<[TimerEvent]>([])
    var all: [TimerEvent] { events.withLock { $0 } }
    func record(_ e: TimerEvent) { events.withLock { $0.append(e) } }
}

/// 2026-07-20 18:00:00 UTC, a Monday evening.
let evening = Date(timeIntervalSince1970: 1_784_570_400)

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
