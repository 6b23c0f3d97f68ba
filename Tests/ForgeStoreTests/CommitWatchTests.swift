import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ForgeStore

/// ``Database/generation()`` with several watcher connections (``CommitWatch``):
/// whichever watcher a call takes, a call that begins after another
/// connection's commit answers a newer generation than every call that ended
/// before it, and calls with no commit in between agree.
@Suite struct CommitWatchTests {
    /// Generations read by `calls` concurrent calls (so several watchers are taken).
    static func concurrentGenerations(_ db: Database, calls: Int = 16) -> [Generation] {
        let seen = Mutex<[Generation]>([])
        DispatchQueue.concurrentPerform(iterations: calls) { _ in
            let generation = db.generation()
            seen.withLock { $0.append(generation) }
        }
        return seen.withLock { $0 }
    }

    @Test func everyWatcherSeesAnotherConnectionsCommit() throws {
        try withTestDatabase(readers: 4) { db, dir in
            try db.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
            // Another Database on the same file: what `forged user` beside the daemon is.
            let other = try Database(path: dir + "/forge.sqlite3", readers: 1)
            defer { other.close() }
            var previous = Self.concurrentGenerations(db)
            for round in 0..<30 {
                let quiet = Self.concurrentGenerations(db)
                #expect(Set(quiet.map(\.external)).count == 1, "round \(round): no commit, yet \(Set(quiet))")
                try other.write { try $0.execute("INSERT INTO t VALUES (?)", [round]) }
                let after = Self.concurrentGenerations(db)
                let newestBefore = (previous + quiet).map(\.external).max()!
                #expect(after.allSatisfy { $0.external > newestBefore }, "round \(round): \(after) after \(newestBefore)")
                #expect(after.allSatisfy { $0.local == quiet[0].local })
                previous = after
            }
        }
    }

    @Test func ownCommitsAdvanceTheLocalPartAndAClosedDatabaseIsClosed() throws {
        try withTestDatabase(readers: 3) { db, _ in
            let before = db.generation()
            try db.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
            let after = db.generation()
            #expect(after.local == before.local + 1)
            #expect(after != before)
            db.close()
            #expect(db.generation() == .closed)
        }
    }
}
