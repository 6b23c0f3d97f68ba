import Foundation
import Testing

@testable import ForgeStore

/// `Connection.withTriggersOff`: the connection's triggers do not fire inside,
/// fire again afterwards (also after a throw), and foreign keys are still checked.
@Suite struct TriggersOffTests {
    static let schema = """
        CREATE TABLE items (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
        CREATE TABLE counts (id INTEGER PRIMARY KEY CHECK (id = 1), fired INTEGER NOT NULL);
        INSERT INTO counts VALUES (1, 0);
        CREATE TRIGGER items_count AFTER INSERT ON items BEGIN
          UPDATE counts SET fired = fired + 1;
        END;
        """

    static func fired(_ c: Connection) throws -> Int? { try c.scalar("SELECT fired FROM counts") }

    @Test func triggersStayQuietInsideAndFireAgainAfter() throws {
        try withTestDatabase { db, _ in
            try db.write { c in
                try c.executeScript(Self.schema)
                // The same prepared text before, inside and after: each switch expires it.
                let insert = "INSERT INTO items (n) VALUES (?), (?)"
                try c.execute(insert, [1, 2])
                #expect(try Self.fired(c) == 2)
                #expect(try c.triggersEnabled())
                try c.withTriggersOff {
                    #expect(try !c.triggersEnabled())
                    try c.execute(insert, [3, 4])
                }
                #expect(try Self.fired(c) == 2)
                #expect(try c.triggersEnabled())
                try c.execute(insert, [5, 6])
                #expect(try Self.fired(c) == 4)
                let stored: Int? = try c.scalar("SELECT COUNT(*) FROM items")
                #expect(stored == 6)
            }
        }
    }

    /// A call inside another (a bulk load around an importer's own call) leaves the triggers off
    /// until the outer call ends.
    @Test func aNestedCallLeavesThemOffUntilTheOuterEnds() throws {
        try withTestDatabase { db, _ in
            try db.write { c in
                try c.executeScript(Self.schema)
                try c.withTriggersOff {
                    try c.withTriggersOff { try c.execute("INSERT INTO items (n) VALUES (1)") }
                    #expect(try !c.triggersEnabled())
                    try c.execute("INSERT INTO items (n) VALUES (2)")
                }
                #expect(try c.triggersEnabled())
                #expect(try Self.fired(c) == 0)
                try c.execute("INSERT INTO items (n) VALUES (3)")
                #expect(try Self.fired(c) == 1)
            }
        }
    }

    @Test func aThrowingBodyLeavesTriggersOn() throws {
        try withTestDatabase { db, _ in
            try db.write { c in try c.executeScript(Self.schema) }
            #expect(throws: Boom.self) {
                try db.write { c in
                    try c.withTriggersOff {
                        try c.execute("INSERT INTO items (n) VALUES (1)")
                        throw Boom()
                    }
                }
            }
            try db.write { c in
                #expect(try c.triggersEnabled())
                try c.execute("INSERT INTO items (n) VALUES (2)")
                #expect(try Self.fired(c) == 1)
            }
        }
    }

    @Test func foreignKeysAreStillChecked() throws {
        try withTestDatabase { db, _ in
            try db.write { c in
                try c.executeScript(
                    """
                    CREATE TABLE parents (id INTEGER PRIMARY KEY);
                    CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES parents(id));
                    """)
            }
            #expect(throws: DatabaseError.self) {
                try db.write { c in try c.withTriggersOff { try c.execute("INSERT INTO children VALUES (1, 42)") } }
            }
        }
    }
}
