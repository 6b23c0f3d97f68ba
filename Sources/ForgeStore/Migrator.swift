import Foundation

/// Append-only, named schema migrations.
///
/// ```swift
/// var migrator = Migrator()
/// migrator.register("0001-users") { db in try db.executeScript("CREATE TABLE users (...);") }
/// migrator.register("0002-sessions") { db in ... }
/// let applied = try migrator.migrate(database, now: clock.now())   // ["0001-users", "0002-sessions"], then []
/// ```
///
/// Applied ids are recorded in `schema_migrations(id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`
/// (`applied_at`: the `now` given to ``migrate(_:now:)``, forged's clock's time, as ISO 8601
/// UTC text, see `SQLDateFormat`). Pending migrations run in
/// registration order, each in its own `BEGIN IMMEDIATE` transaction together with its
/// `schema_migrations` row. While a migration runs, `foreign_keys` is OFF (so tables can be
/// rebuilt the way <https://sqlite.org/lang_altertable.html> describes; note that `ON DELETE`
/// actions do not fire either); before commit `PRAGMA foreign_key_check` must return no rows,
/// otherwise the migration is rolled back. A migration never edits an earlier one.
package struct Migrator {
    private var migrations: [(id: String, migrate: (Connection) throws -> Void)] = []

    /// A migrator with nothing registered.
    package init() {}

    /// The registered ids, in order.
    package var ids: [String] { migrations.map(\.id) }

    /// Appends a migration. Ids are unique, conventionally `"NNNN-name"`.
    /// - Precondition: `id` is not registered yet.
    package mutating func register(_ id: String, _ migrate: @escaping (Connection) throws -> Void) {
        precondition(!migrations.contains { $0.id == id }, "migration \(id) registered twice")
        migrations.append((id, migrate))
    }

    /// The migrations up to and including `id`: the schema an earlier forged
    /// made (tests build "the previous version's" database with it).
    /// - Precondition: `id` is registered.
    package func through(_ id: String) -> Migrator {
        guard let end = migrations.firstIndex(where: { $0.id == id }) else { preconditionFailure("no migration \(id)") }
        var copy = Migrator()
        copy.migrations = Array(migrations[...end])
        return copy
    }

    /// The ids recorded in `db`'s `schema_migrations`, in order, read without
    /// writing anything (empty for a new database without that table).
    package func recorded(in db: Database) throws -> [String] {
        try db.read { connection in
            let exists: Int? = try connection.scalar(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
            guard exists == 1 else { return [] }
            return try connection.query("SELECT id FROM schema_migrations ORDER BY id").map { try $0.get("id") }
        }
    }

    /// The registered ids not recorded in `db`, in registration order.
    package func pending(in db: Database) throws -> [String] {
        let done = Set(try recorded(in: db))
        return ids.filter { !done.contains($0) }
    }

    /// Applies the migrations not yet recorded in `db`.
    /// - Parameter now: recorded as each applied migration's `applied_at`; forged's clock's
    ///   time (``SchemaUpgrade/run(_:migrator:now:)`` passes `ForgeApp.clock`'s).
    /// - Returns: the ids applied by this call, in order (empty when up to date).
    /// - Throws: `MigrationError.databaseIsNewer` (before applying anything) when the database
    ///   records an id this binary does not know; `MigrationError.foreignKeyViolation`; or
    ///   whatever a migration throws. A failed migration leaves no trace; the ones before it stay applied.
    @discardableResult
    package func migrate(_ db: Database, now: Date) throws -> [String] {
        let recorded: [String] = try db.write { connection in
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)
                """)
            return try connection.query("SELECT id FROM schema_migrations ORDER BY id").map { try $0.get("id") }
        }
        let known = Set(ids)
        let unknown = recorded.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw MigrationError.databaseIsNewer(unknownIDs: unknown) }

        let done = Set(recorded)
        var applied: [String] = []
        for migration in migrations where !done.contains(migration.id) {
            try db.withWriter { connection in
                try connection.execute("PRAGMA foreign_keys = OFF")
                defer { try? connection.execute("PRAGMA foreign_keys = ON") }
                try connection.transaction("IMMEDIATE") { connection in
                    try migration.migrate(connection)
                    try connection.execute(
                        "INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)",
                        [migration.id, now])
                    let violations = try connection.query("PRAGMA foreign_key_check")
                    if !violations.isEmpty {
                        throw MigrationError.foreignKeyViolation(
                            id: migration.id,
                            violations: violations.map { row in
                                "\(plain(row[index: 0]))(\(plain(row[index: 1]))) -> \(plain(row[index: 2]))"
                            })
                    }
                }
            }
            applied.append(migration.id)
        }
        return applied
    }
}

/// Text without SQL quotes, other values as `SQLValue.description`.
private func plain(_ value: SQLValue) -> String {
    if case .text(let text) = value { text } else { value.description }
}
