import Foundation
import Testing

@testable import ForgeStore

/// The bulk writers' helpers: ``Connection/deferringIndexes(on:_:)``
/// (indexes dropped for a load and created again from their own SQL; triggers
/// untouched, ``Connection/withTriggersOff(_:)`` suspends those)
/// and ``MultiRowInsert`` (runs of 64/16/4/1 rows, `RETURNING` rows handed back).
struct BulkWriteHelpersTests {
    func schema(_ c: Connection) throws -> [[SQLValue]] {
        try c.query("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name").map(\.values)
    }

    func names(_ c: Connection, _ type: String) throws -> [String] {
        try c.query("SELECT name FROM sqlite_schema WHERE type = ? ORDER BY name", [type]).map { try $0.get("name") }
    }

    /// A table with a primary key, a unique constraint, two indexes and two triggers; and a second
    /// table with its own index.
    func makeTables(_ db: Database) throws {
        try db.write { c in
            try c.executeScript(
                """
                CREATE TABLE t (id TEXT PRIMARY KEY, a INTEGER, b TEXT, UNIQUE (a, b));
                CREATE TABLE log (n INTEGER);
                CREATE TABLE other (x INTEGER);
                CREATE INDEX t_a ON t(a);
                CREATE INDEX "t b" ON t(b) WHERE b IS NOT NULL;
                CREATE INDEX other_x ON other(x);
                CREATE UNIQUE INDEX t_b_unique ON t(b) WHERE b IS NOT NULL;
                CREATE TRIGGER load_t_count AFTER INSERT ON t BEGIN INSERT INTO log VALUES (NEW.a); END;
                CREATE TRIGGER keep_t AFTER DELETE ON t BEGIN INSERT INTO log VALUES (-1); END;
                """)
        }
    }

    @Test func indexesAreDroppedForTheLoadAndComeBackAsTheyWere() throws {
        try withTestDatabase { db, _ in
            try makeTables(db)
            let before = try db.read { try schema($0) }
            let (inside, logged): ([String], Int?) = try db.write { c in
                try c.deferringIndexes(on: ["t"]) {
                    for i in 0..<100 { try c.execute("INSERT INTO t VALUES (?, ?, ?)", ["k\(i)", i % 7, "v\(i)"]) }
                    // The unique constraint still checks rows as they arrive.
                    #expect(throws: DatabaseError.self) { try c.execute("INSERT INTO t VALUES ('x', 0, 'v0')") }
                    return (try names(c, "index") + names(c, "trigger"), try c.scalar("SELECT COUNT(*) FROM log"))
                }
            }
            // Inside: the constraint indexes (a unique index too), the other table's index and both
            // triggers stay, and the insert trigger ran for every row.
            #expect(
                inside == [
                    "other_x", "sqlite_autoindex_t_1", "sqlite_autoindex_t_2", "t_b_unique", "keep_t", "load_t_count",
                ])
            #expect(logged == 100)
            #expect(try db.read { try schema($0) } == before)
            #expect(try db.read { try $0.scalar("PRAGMA integrity_check") } == "ok")
            // The index built after the rows holds every row (the partial one too).
            #expect(try db.read { try $0.scalar("SELECT COUNT(*) FROM t INDEXED BY t_a WHERE a >= 0") } == 100)
            let partial: Int? = try db.read {
                try $0.scalar("SELECT COUNT(*) FROM t INDEXED BY \"t b\" WHERE b IS NOT NULL")
            }
            #expect(partial == 100)
            // And the trigger still runs.
            try db.write { c in try c.execute("INSERT INTO t VALUES ('y', 1, 'w')") }
            #expect(try db.read { try $0.scalar("SELECT COUNT(*) FROM log") } == 101)
        }
    }

    @Test func aLoadThatThrowsLeavesSchemaAndRowsAsTheyWere() throws {
        try withTestDatabase { db, _ in
            try makeTables(db)
            let before = try db.read { try schema($0) }
            #expect(throws: Boom.self) {
                try db.write { c in
                    try c.deferringIndexes(on: ["t", "other"]) {
                        try c.execute("INSERT INTO t VALUES ('k', 1, 'v')")
                        throw Boom()
                    }
                }
            }
            #expect(try db.read { try schema($0) } == before)
            #expect(try db.read { try $0.scalar("SELECT COUNT(*) FROM t") } == 0)
        }
    }

    @Test func outsideATransactionNothingIsDropped() throws {
        try withTestDatabase { db, _ in
            try makeTables(db)
            let before = try db.read { try schema($0) }
            var ran = false
            let refused = try db.withWriter { c in Result { try c.deferringIndexes(on: ["t"]) { ran = true } } }
            #expect(throws: DatabaseError.self) { try refused.get() }
            #expect(!ran)
            #expect(try db.read { try schema($0) } == before)
        }
    }

    @Test func aMultiRowInsertWritesEveryRowInOrderAndHandsBackWhatItReturns() throws {
        try withTestDatabase { db, _ in
            try db.write { c in try c.execute("CREATE TABLE m (id TEXT PRIMARY KEY, k INTEGER UNIQUE)") }
            let insert = MultiRowInsert(
                "INSERT INTO m (id, k)", row: "(?, ?)", tail: " ON CONFLICT DO NOTHING RETURNING id")
            #expect(
                insert.text(rows: 4).hasSuffix(
                    "VALUES (?, ?), (?, ?), (?, ?), (?, ?) ON CONFLICT DO NOTHING RETURNING id"))
            // 89 rows: statements of 64, 16, 4, 4 and 1; every tenth repeats an earlier key.
            let rows = (0..<89).map { ("r\($0)", $0 % 10 == 9 ? $0 - 5 : $0) }
            let returned = try db.write { c in
                try insert.run(rows.count, in: c) { range, values in
                    for (id, k) in rows[range] { values += [.text(id), .integer(Int64(k))] }
                }
            }
            let ids = try returned.map { try String(sqlValue: $0[index: 0]) }
            // Each row whose key was taken is left out (ids r9, r19, … r79).
            #expect(ids.count == 81)
            #expect(Set(ids) == Set(rows.filter { $0.0.last != "9" }.map(\.0)))
            let stored: [String] = try db.read { c in
                try c.query("SELECT id FROM m ORDER BY rowid").map { try $0.get("id") }
            }
            #expect(stored == rows.filter { $0.0.last != "9" }.map(\.0))
        }
    }
}
