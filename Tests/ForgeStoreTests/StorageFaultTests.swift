import ForgeCore
import Foundation
import Testing

@testable import ForgeStore

/// When a storage fault started is forged's clock's time (the one the
/// database was opened with), as `/healthz` and `STATUS=` report it.
@Suite struct StorageFaultTests {
    @Test func aFaultStartsAtTheDatabaseClocksTimeAndEndsWithTheNextCommit() throws {
        try withTemporaryDirectory { dir in
            // Far from the machine's time, so the system clock cannot pass for it.
            let clock = FixedClock(Date(timeIntervalSince1970: 1_784_514_600))  // 2026-07-20T02:30:00Z
            let db = try Database(path: dir + "/forge.sqlite3", readers: 1, clock: clock)
            defer { db.close() }
            try db.write { try $0.execute("CREATE TABLE notes (body TEXT NOT NULL)") }
            let pages: Int = try db.read { try $0.scalar("PRAGMA page_count") } ?? 0
            try db.withWriter { try $0.execute("PRAGMA max_page_count = \(pages)") }
            let body = String(repeating: "x", count: 8_192)
            var full: DatabaseError?
            for _ in 0..<100 where full == nil {
                do { try db.write { try $0.execute("INSERT INTO notes (body) VALUES (?)", [body]) } } catch let
                    error as DatabaseError
                { full = error }
            }
            #expect(full?.code == .full)
            clock.advance(90)  // later failures keep the first instant
            #expect(throws: DatabaseError.self) {
                try db.write { try $0.execute("INSERT INTO notes (body) VALUES (?)", [body]) }
            }
            let fault = try #require(db.storageFault)
            #expect(fault.since == Date(timeIntervalSince1970: 1_784_514_600))
            #expect(fault.summary == "disk full since 2026-07-20T02:30:00.000Z: changes cannot be saved")

            try db.withWriter { try $0.execute("PRAGMA max_page_count = 1073741823") }
            try db.write { try $0.execute("INSERT INTO notes (body) VALUES ('fits')") }
            #expect(db.storageFault == nil)
        }
    }
}
