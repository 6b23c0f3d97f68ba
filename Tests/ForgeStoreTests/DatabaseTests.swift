import Foundation
import Synchronization
import Testing

@testable import ForgeStore

@Suite struct DatabaseTests {
    @Test func pragmasAreInEffectOnWriterAndReaders() throws {
        try withTestDatabase { db, _ throws in
            try db.write { c throws in
                #expect(try c.scalar("PRAGMA journal_mode") as String? == "wal")
                #expect(try c.scalar("PRAGMA synchronous") as Int? == 2)
                #expect(try c.scalar("PRAGMA foreign_keys") as Int? == 1)
                #expect(try c.scalar("PRAGMA busy_timeout") as Int? == 5000)
            }
            try db.read { c throws in
                #expect(try c.scalar("PRAGMA journal_mode") as String? == "wal")
                #expect(try c.scalar("PRAGMA foreign_keys") as Int? == 1)
                #expect(try c.scalar("PRAGMA busy_timeout") as Int? == 5000)
            }
        }
    }

    /// What one-off work left in the connections' page caches goes back: after a scan of 1 MB of rows the
    /// reader holds hundreds of KiB of pages; ``Database/releaseMemory()`` frees them, and reads go on.
    @Test func releasingMemoryEmptiesThePageCaches() throws {
        try withTestDatabase { db, _ throws in
            try db.write { c throws in
                try c.execute("CREATE TABLE filler(id INTEGER PRIMARY KEY, body TEXT)")
                for i in 0..<1_000 {
                    try c.execute(
                        "INSERT INTO filler(body) VALUES (?)", [String(repeating: "x", count: 1_000) + "\(i)"])
                }
            }
            let cached = try db.read { c throws -> Int in
                _ = try c.scalar("SELECT sum(length(body)) FROM filler") as Int?
                return c.pageCacheBytes
            }
            #expect(cached > 256 * 1_024, "\(cached) bytes cached after the scan")
            db.releaseMemory()
            let after = try db.read { $0.pageCacheBytes }
            #expect(after < cached / 4, "\(after) of \(cached) bytes still cached")
            #expect(try db.read { try $0.scalar("SELECT count(*) FROM filler") as Int? } == 1_000)
        }
    }

    /// `bulkWrite` (an import's batch): inside, the writer keeps temporary
    /// storage (statement journals) in memory and has the bulk page cache;
    /// afterwards, and after a body that throws (rolled back as `write`
    /// rolls back), both are as before.
    @Test func bulkWriteSetsItsSettingsForTheTransactionOnly() throws {
        try withTestDatabase { db, _ throws in
            try db.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
            func expectUsual() throws {
                try db.write { c throws in
                    #expect(try c.scalar("PRAGMA temp_store") as Int? == 0)
                    #expect(try c.scalar("PRAGMA cache_size") as Int? == -Connection.pageCacheKiB)
                }
            }
            try db.bulkWrite { c throws in
                #expect(c.isInTransaction)
                #expect(try c.scalar("PRAGMA temp_store") as Int? == 2)
                #expect(try c.scalar("PRAGMA cache_size") as Int? == -Connection.bulkPageCacheKiB)
                try c.execute("INSERT INTO t VALUES (?)", [1])
            }
            try expectUsual()
            #expect(throws: Boom.self) {
                try db.bulkWrite { c throws in
                    try c.execute("INSERT INTO t VALUES (?)", [2])
                    throw Boom()
                }
            }
            try expectUsual()
            #expect(try db.read { try $0.scalar("SELECT sum(x) FROM t") as Int? } == 1)
        }
    }

    /// `bulkWrite(syncingCommit: false)` (an import's batches): that transaction
    /// commits with `synchronous = NORMAL` (1); every write before and after it,
    /// also after one that throws, has `FULL` (2), and its rows are committed.
    @Test func anUnsyncedBulkWriteLeavesOtherWritesSynced() throws {
        try withTestDatabase { db, _ throws in
            try db.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
            func expectSynced() throws {
                try db.write { c throws in #expect(try c.scalar("PRAGMA synchronous") as Int? == 2) }
                try db.bulkWrite { c throws in #expect(try c.scalar("PRAGMA synchronous") as Int? == 2) }
            }
            try expectSynced()
            try db.bulkWrite(syncingCommit: false) { c throws in
                #expect(try c.scalar("PRAGMA synchronous") as Int? == 1)
                #expect(try c.scalar("PRAGMA temp_store") as Int? == 2)
                try c.execute("INSERT INTO t VALUES (?)", [1])
            }
            try expectSynced()
            #expect(throws: Boom.self) {
                try db.bulkWrite(syncingCommit: false) { c throws in
                    try c.execute("INSERT INTO t VALUES (?)", [2])
                    throw Boom()
                }
            }
            try expectSynced()
            #expect(try db.read { try $0.scalar("SELECT sum(x) FROM t") as Int? } == 1)
        }
    }

    /// `withImportSettings` (an import's whole run): the bulk page cache and the
    /// raised checkpoint threshold hold across the batches inside (a batch's
    /// `bulkWrite` keeps the cache instead of setting it back), and both are as
    /// before afterwards, also when the body throws.
    @Test func importSettingsHoldAcrossBatchesAndAreSetBack() throws {
        try withTestDatabase { db, _ throws in
            try db.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
            func settings() throws -> (cache: Int?, checkpoint: Int?) {
                try db.write { c in (try c.scalar("PRAGMA cache_size"), try c.scalar("PRAGMA wal_autocheckpoint")) }
            }
            let usual = try settings()
            #expect(usual.cache == -Connection.pageCacheKiB)
            try db.withImportSettings {
                for x in 1...3 {
                    try db.bulkWrite(syncingCommit: false) { c throws in
                        #expect(try c.scalar("PRAGMA cache_size") as Int? == -Connection.bulkPageCacheKiB)
                        try c.execute("INSERT INTO t VALUES (?)", [x])
                    }
                    let between = try settings()
                    #expect(between.cache == -Connection.bulkPageCacheKiB)
                    #expect(between.checkpoint == Database.importAutocheckpointPages)
                }
            }
            #expect(try settings() == usual)
            #expect(throws: Boom.self) { try db.withImportSettings { throw Boom() } }
            #expect(try settings() == usual)
            #expect(try db.read { try $0.scalar("SELECT sum(x) FROM t") as Int? } == 6)
        }
    }

    @Test func filesAreCreatedWithMode0600() throws {
        try withTestDatabase { db, dir throws in
            try db.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
            for name in ["forge.sqlite3", "forge.sqlite3-wal", "forge.sqlite3-shm"] {
                #expect(try fileMode(dir + "/" + name) == 0o600, "\(name)")
            }
        }
    }

    @Test func writeRollsBackEverythingWhenTheClosureThrows() throws {
        try withTestDatabase { db, _ throws in
            try db.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
            #expect(throws: Boom.self) {
                try db.write { c throws in
                    try c.execute("INSERT INTO t VALUES (?)", [1])
                    try c.execute("INSERT INTO t VALUES (?)", [2])
                    throw Boom()
                }
            }
            #expect(try db.read { try $0.scalar("SELECT count(*) FROM t") as Int? } == 0)
            // The writer is usable again afterwards, not stuck in a transaction.
            try db.write { try $0.execute("INSERT INTO t VALUES (?)", [3]) }
            #expect(try db.read { try $0.scalar("SELECT sum(x) FROM t") as Int? } == 3)
        }
    }

    @Test func constraintViolationsCarryTheConstraintCode() throws {
        try withTestDatabase { db, _ throws in
            try db.write { c throws in
                try c.executeScript(
                    """
                    CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE);
                    CREATE TABLE sessions (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id));
                    INSERT INTO users (email) VALUES ('ada@example.org');
                    """)
            }
            let unique = #expect(throws: DatabaseError.self) {
                try db.write { try $0.execute("INSERT INTO users (email) VALUES (?)", ["ada@example.org"]) }
            }
            #expect(unique?.code == .constraint)
            #expect(unique?.extendedCode == .constraintUnique)
            #expect(unique?.code.isConstraint == true)
            #expect(unique?.message.contains("users.email") == true)
            let foreign = #expect(throws: DatabaseError.self) {
                try db.write { try $0.execute("INSERT INTO sessions (user_id) VALUES (?)", [42]) }
            }
            #expect(foreign?.code == .constraint)
            #expect(foreign?.extendedCode == .constraintForeignKey)
            // A primary pattern matches its extended codes in a switch.
            switch foreign?.extendedCode ?? .ok {
            case .constraintUnique: Issue.record("matched the wrong extended code")
            case .constraint: break
            default: Issue.record("primary pattern did not match extended code")
            }
        }
    }

    @Test func cachedStatementsRebindCorrectly() throws {
        try withTestDatabase { db, _ throws in
            try db.write { c throws in
                try c.execute("CREATE TABLE lifts (name TEXT, kg REAL)")
                for (name, kg) in [("squat", 140.0), ("bench", 97.5), ("deadlift", 180.0)] {
                    try c.execute("INSERT INTO lifts (name, kg) VALUES (?, ?)", [name, kg])
                }
            }
            try db.read { c throws in
                let sql = "SELECT kg FROM lifts WHERE name = ?"
                #expect(try c.scalar(sql, ["squat"]) as Double? == 140.0)
                let cached = c.cachedStatementCount
                #expect(try c.scalar(sql, ["bench"]) as Double? == 97.5)
                #expect(try c.scalar(sql, ["deadlift"]) as Double? == 180.0)
                #expect(try c.scalar(sql, ["press"]) as Double? == nil)
                #expect(c.cachedStatementCount == cached)
            }
        }
    }

    @Test func statementCacheStaysBoundedAndCorrectPastCapacity() throws {
        try withTestDatabase { db, _ in
            try db.read { c throws in
                for i in 0..<(StatementCache.capacity + 10) {
                    #expect(try c.scalar("SELECT \(i) + ?", [1]) as Int? == i + 1)
                }
                #expect(c.cachedStatementCount <= StatementCache.capacity)
                #expect(try c.scalar("SELECT 1 + ?", [41]) as Int? == 42)
            }
        }
    }

    @Test func integersConvertToDoubleAndBool() throws {
        try withTestDatabase { db, _ in
            let row = try #require(try db.read { try $0.queryOne("SELECT 3 AS n, 0 AS no, 2.0 AS whole") })
            #expect(try row.get("n") as Double == 3.0)
            #expect(try row.get("n") as Bool == true)
            #expect(try row.get("no") as Bool == false)
            #expect(try row.get("whole") as Int == 2)
        }
    }

    @Test func wrongArgumentCountIsARangeError() throws {
        try withTestDatabase { db, _ throws in
            let error = #expect(throws: DatabaseError.self) {
                try db.read { try $0.query("SELECT ? + ?", [1]) }
            }
            #expect(error?.code == .range)
        }
    }

    /// `execute(_:values:)` (the bulk writers' path) stores what `execute(_:_:)` stores for the same Swift values.
    @Test func valuesBindAsTheirBindableCounterparts() throws {
        try withTestDatabase { db, _ throws in
            try db.write { c in
                try c.execute("CREATE TABLE t (k INTEGER, a, b, c, d, e)")
                let note: String? = nil
                let seconds: Double? = 90.5
                try c.execute("INSERT INTO t VALUES (1, ?, ?, ?, ?, ?)", ["é text", 5, 62.5, note, seconds])
                try c.execute(
                    "INSERT INTO t VALUES (2, ?, ?, ?, ?, ?)",
                    values: [.text("é text"), .integer(5), .real(62.5), .null, .real(90.5)])
                let error = #expect(throws: DatabaseError.self) {
                    try c.execute("INSERT INTO t VALUES (3, ?, ?, ?, ?, ?)", values: [.integer(1)])
                }
                #expect(error?.code == .range)
            }
            let rows = try db.read {
                try $0.query(
                    "SELECT typeof(a), a, typeof(b), b, typeof(c), c, typeof(d), typeof(e), e FROM t ORDER BY k")
            }
            #expect(rows.count == 2 && rows[0].values == rows[1].values)
            #expect(rows[1].values[0] == .text("text") && rows[1].values[1] == .text("é text"))
        }
    }

    @Test func executeRefusesSeveralStatements() throws {
        try withTestDatabase { db, _ throws in
            let error = #expect(throws: DatabaseError.self) {
                try db.write { try $0.execute("CREATE TABLE a (x); CREATE TABLE b (y)") }
            }
            #expect(error?.code == .misuse)
            #expect(try db.read { try $0.scalar("SELECT count(*) FROM sqlite_schema") as Int? } == 0)
        }
    }

    @Test func valuesRoundTrip() throws {
        try withTestDatabase { db, _ throws in
            let date = Date(timeIntervalSince1970: 1_784_538_927.104)  // 2026-07-20T09:15:27.104Z
            let blob = Data([0, 1, 2, 255])
            let row = try db.write { c throws -> Row? in
                try c.execute("CREATE TABLE v (i INTEGER, r REAL, t TEXT, b BLOB, d TEXT, f INTEGER, n TEXT, e BLOB)")
                try c.execute(
                    "INSERT INTO v VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [Int64.max, 2.5, "żółw\u{0}tail", blob, date, true, String?.none, Data()])
                #expect(c.changes == 1)
                #expect(c.lastInsertRowID == 1)
                return try c.queryOne("SELECT * FROM v")
            }
            let r = try #require(row)
            #expect(try r.get("i") as Int64 == .max)
            #expect(try r.get("r") as Double == 2.5)
            #expect(try r.get("t") as String == "żółw\u{0}tail")
            #expect(try r.get("b") as Data == blob)
            #expect(r["d"] == .text("2026-07-20T09:15:27.104Z"))
            #expect(abs(try (r.get("d") as Date).timeIntervalSince(date)) < 0.0005)  // millisecond precision
            #expect(try r.get("f") as Bool == true)
            #expect(try r.optional("n") as String? == nil)
            #expect(try r.get("e") as Data == Data())
            #expect(r["missing"] == .null)
            #expect(throws: DatabaseError.self) { try r.get("missing") as Int }
            let mismatch = #expect(throws: DatabaseError.self) { try r.get("t") as Int }
            #expect(mismatch?.code == .mismatch)
        }
    }

    @Test func readsSeeWritesCommittedOnAnotherThread() throws {
        try withTestDatabase { db, _ throws in
            try db.write { try $0.execute("CREATE TABLE events (n INTEGER)") }
            let done = DispatchSemaphore(value: 0)
            let failures = Mutex(0)
            let thread = Thread {
                for n in 1...20 {
                    do { try db.write { try $0.execute("INSERT INTO events VALUES (?)", [n]) } } catch {
                        failures.withLock { $0 += 1 }
                    }
                }
                done.signal()
            }
            thread.start()
            done.wait()
            #expect(failures.withLock { $0 } == 0)
            #expect(try db.read { try $0.scalar("SELECT sum(n) FROM events") as Int? } == 210)
        }
    }

    @Test func readersDoNotSeeUncommittedWrites() throws {
        try withTestDatabase { db, _ throws in
            try db.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
            try db.write { c throws in
                try c.execute("INSERT INTO t VALUES (1)")
                #expect(try c.scalar("SELECT count(*) FROM t") as Int? == 1)
                #expect(try db.read { try $0.scalar("SELECT count(*) FROM t") as Int? } == 0)
            }
            #expect(try db.read { try $0.scalar("SELECT count(*) FROM t") as Int? } == 1)
        }
    }

    @Test func readersAreReadOnly() throws {
        try withTestDatabase { db, _ throws in
            try db.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
            let error = #expect(throws: DatabaseError.self) {
                try db.read { try $0.execute("INSERT INTO t VALUES (1)") }
            }
            #expect(error?.code == .readOnly)
        }
    }

    @Test func vacuumIntoProducesAHealthyPrivateCopy() throws {
        try withTestDatabase { db, dir throws in
            try db.write { c throws in
                try c.execute("CREATE TABLE t (x TEXT)")
                for i in 0..<100 { try c.execute("INSERT INTO t VALUES (?)", ["row \(i)"]) }
            }
            #expect(try db.integrityCheck())
            let copyPath = dir + "/backup.sqlite3"
            try db.vacuum(into: copyPath)
            #expect(try fileMode(copyPath) == 0o600)
            let copy = try Database(path: copyPath)
            defer { copy.close() }
            #expect(try copy.integrityCheck())
            #expect(try copy.read { try $0.scalar("SELECT count(*) FROM t") as Int? } == 100)
            // A second vacuum into the now non-empty file is refused.
            #expect(throws: DatabaseError.self) { try db.vacuum(into: copyPath) }
        }
    }

    @Test func checkpointTruncatesTheWAL() throws {
        try withTestDatabase { db, dir throws in
            try db.write { c throws in
                try c.execute("CREATE TABLE t (x INTEGER)")
                try c.execute("INSERT INTO t VALUES (1)")
            }
            let wal = dir + "/forge.sqlite3-wal"
            #expect(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int ?? 0 > 0)
            try db.checkpoint()
            #expect(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int == 0)
            #expect(try db.read { try $0.scalar("SELECT x FROM t") as Int? } == 1)
        }
    }

    @Test func closedDatabaseRefusesWork() throws {
        try withTestDatabase { db, _ throws in
            db.close()
            let error = #expect(throws: DatabaseError.self) { try db.read { _ in 1 } }
            #expect(error?.code == .misuse)
        }
    }
}
