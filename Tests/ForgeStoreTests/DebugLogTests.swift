import ForgeCore
import Foundation
import Synchronization
import Testing

@testable import ForgeStore

/// `--log-level debug` says something useful (issue 17, item 6): a slow
/// statement is logged with its time and SQL text, never its bound values.
@Suite(.serialized) struct DebugLogTests {
    @Test func aSlowQueryIsLoggedAtDebugWithItsTimeAndWithoutItsArguments() throws {
        let records = Mutex<[LogRecord]>([])
        let previous = Log.currentMinimum
        Log.setMinimum(.debug)
        Log.setSink { record in
            records.withLock { $0.append(record) }
            return true
        }
        defer {
            Log.setSink(nil)
            Log.setMinimum(previous)
        }
        try withTemporaryDirectory { dir in
            let db = try Database(path: dir + "/forge.sqlite3")
            defer { db.close() }
            let secret = "hunter2-not-logged"
            let _: Int? = try db.read {
                try $0.scalar(
                    """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000)
                    SELECT count(*) FROM n WHERE ? <> ''
                    """, [secret])
            }
            let _: Int? = try db.read { try $0.scalar("SELECT 1") }
        }
        let slow = records.withLock { $0 }.filter { $0.message.hasPrefix("slow query: ") }
        #expect(slow.count == 1, "\(slow.map(\.message))")
        let line = try #require(slow.first)
        #expect(line.priority == .debug && line.message.contains(" ms: WITH RECURSIVE n(i)"))
        #expect(!line.message.contains("hunter2"))
    }
}
