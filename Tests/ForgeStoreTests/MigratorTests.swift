import Foundation
import Testing

@testable import ForgeStore

@Suite struct MigratorTests {
    static func baseMigrator() -> Migrator {
        var m = Migrator()
        m.register("0001-users") { db throws in
            try db.executeScript(
                """
                CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE);
                INSERT INTO users (email) VALUES ('ada@example.org');
                """)
        }
        m.register("0002-sessions") { db throws in
            try db.execute(
                "CREATE TABLE sessions (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id))")
        }
        return m
    }

    @Test func migrationsApplyOnceAndAreRecorded() throws {
        try withTestDatabase { db, _ throws in
            let migrator = Self.baseMigrator()
            // Far from the machine's time: applied_at is the `now` given, not the system clock's.
            let first = Date(timeIntervalSince1970: 1_784_514_600)  // 2026-07-20T02:30:00Z
            #expect(try migrator.migrate(db, now: first) == ["0001-users", "0002-sessions"])
            #expect(try migrator.migrate(db, now: first + 60) == [])
            #expect(try db.read { try $0.scalar("SELECT count(*) FROM users") as Int? } == 1)

            var later = Self.baseMigrator()
            later.register("0003-notes") { db in try db.execute("CREATE TABLE notes (body TEXT)") }
            #expect(try later.migrate(db, now: first + 86_400) == ["0003-notes"])
            let rows = try db.read { try $0.query("SELECT id, applied_at FROM schema_migrations ORDER BY id") }
            let applied = try rows.map { row throws in
                (try row.get("id") as String, try row.get("applied_at") as String)
            }
            #expect(applied.map(\.0) == ["0001-users", "0002-sessions", "0003-notes"])
            #expect(
                applied.map(\.1) == [
                    "2026-07-20T02:30:00.000Z", "2026-07-20T02:30:00.000Z", "2026-07-21T02:30:00.000Z",
                ])
        }
    }

    @Test func databaseFromANewerBinaryIsRefused() throws {
        try withTestDatabase { db, _ throws in
            var newer = Self.baseMigrator()
            newer.register("0003-notes") { db in try db.execute("CREATE TABLE notes (body TEXT)") }
            try newer.migrate(db, now: Date())
            var older = Migrator()
            older.register("0001-users") { _ in }
            older.register("0002-sessions") { _ in }
            older.register("0002b-extra") { db in try db.execute("CREATE TABLE extra (x)") }
            let error = #expect(throws: MigrationError.self) { try older.migrate(db, now: Date()) }
            #expect(error == .databaseIsNewer(unknownIDs: ["0003-notes"]))
            #expect(error?.description.hasPrefix("database is newer than this forged") == true)
            // Nothing was applied.
            #expect(
                try db.read { try $0.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") as Int? } == 0)
        }
    }

    @Test func failingMigrationLeavesNoTrace() throws {
        try withTestDatabase { db, _ throws in
            var m = Self.baseMigrator()
            m.register("0003-broken") { db throws in
                try db.execute("CREATE TABLE half (x INTEGER)")
                try db.execute("INSERT INTO users (email) VALUES ('ben@example.org')")
                try db.execute("INSERT INTO nowhere VALUES (1)")  // no such table
            }
            let error = #expect(throws: DatabaseError.self) { try m.migrate(db, now: Date()) }
            #expect(error?.message.contains("no such table") == true)
            try db.read { c throws in
                #expect(try c.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'half'") as Int? == 0)
                #expect(try c.scalar("SELECT count(*) FROM users") as Int? == 1)
                let ids = try c.query("SELECT id FROM schema_migrations ORDER BY id").map { try $0.get("id") as String }
                #expect(ids == ["0001-users", "0002-sessions"])
            }
        }
    }

    @Test func migrationLeavingForeignKeyViolationsIsRolledBack() throws {
        try withTestDatabase { db, _ throws in
            var m = Self.baseMigrator()
            m.register("0003-orphans") { db throws in
                try db.execute("INSERT INTO sessions (user_id) VALUES (99)")  // allowed while foreign_keys is off
            }
            let error = #expect(throws: MigrationError.self) { try m.migrate(db, now: Date()) }
            guard case .foreignKeyViolation(let id, let violations) = error else {
                Issue.record("expected a foreign key violation, got \(String(describing: error))")
                return
            }
            #expect(id == "0003-orphans")
            #expect(violations == ["sessions(1) -> users"])
            #expect(try db.read { try $0.scalar("SELECT count(*) FROM sessions") as Int? } == 0)
            // foreign_keys is back on for ordinary writes.
            #expect(try db.write { try $0.scalar("PRAGMA foreign_keys") as Int? } == 1)
        }
    }

    @Test func tableRebuildMigrationKeepsReferencesValid() throws {
        try withTestDatabase { db, _ throws in
            var m = Self.baseMigrator()
            m.register("0003-users-name") { db throws in
                try db.executeScript(
                    """
                    CREATE TABLE users_new (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL DEFAULT '');
                    INSERT INTO users_new (id, email) SELECT id, email FROM users;
                    DROP TABLE users;
                    ALTER TABLE users_new RENAME TO users;
                    """)
            }
            try db.write { _ in }
            _ = try Self.baseMigrator().migrate(db, now: Date())
            try db.write { try $0.execute("INSERT INTO sessions (user_id) VALUES (1)") }
            #expect(try m.migrate(db, now: Date()) == ["0003-users-name"])
            #expect(try db.read { try $0.scalar("SELECT count(*) FROM sessions") as Int? } == 1)
        }
    }
}
