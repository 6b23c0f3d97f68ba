import ForgeCore
import ForgeEvents
import ForgeStore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A migrated database in a fresh temporary directory, and its cleanup.
func makeMigratedDatabase() throws -> (db: Database, dir: String, cleanUp: () -> Void) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forge-events-\(Identifier.make())").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let db = try Database(path: dir + "/forge.sqlite3")
    let cleanUp = {
        db.close()
        try? FileManager.default.removeItem(atPath: dir)
    }
    do { try ForgeSchema.migrator().migrate(db, now: Date()) } catch {
        cleanUp()
        throw error
    }
    return (db, dir, cleanUp)
}

/// `body` gets a migrated database and its directory, both removed afterwards.
func withMigratedDatabase<T>(_ body: (Database, String) throws -> T) throws -> T {
    let m = try makeMigratedDatabase()
    defer { m.cleanUp() }
    return try body(m.db, m.dir)
}

/// The async form of ``withMigratedDatabase(_:)``.
func withMigratedDatabaseAsync(_ body: (Database) async throws -> Void) async throws {
    let m = try makeMigratedDatabase()
    defer { m.cleanUp() }
    try await body(m.db)
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

/// Polls `condition` every 5 ms for up to 5 s.
/// - Throws: ``TestFailure`` naming `what` when it never holds.
func waitUntil(_ what: String, _ condition: () -> Bool) throws {
    for _ in 0..<1000 {
        if condition() { return }
        usleep(5_000)
    }
    throw TestFailure("timed out: \(what)")
}
