extension Connection {
    /// Runs `body` inside the caller's write transaction with the secondary
    /// indexes of `tables` (those written with `CREATE INDEX`) dropped, then creates each again
    /// from the very SQL text `sqlite_schema` held for it, in the order it held
    /// them: the bulk loaders' path (a move of thousands of rows), which fills
    /// the tables first and sorts each index once afterwards, as `pg_dump`'s
    /// own script does, instead of maintaining every index row by row.
    ///
    /// - A `PRIMARY KEY` or `UNIQUE` constraint's own index stays (it cannot be
    ///   dropped, and it checks the rows as they arrive), and so does an index
    ///   written `CREATE UNIQUE INDEX` (`sets_user_client`, migration 0804): only
    ///   what no constraint needs is deferred.
    /// - Triggers are not touched: a loader whose triggers must not run per row
    ///   runs `body` inside ``withTriggersOff(_:)`` (the one way forged
    ///   suspends them) and brings the derived table up to date itself
    ///   afterwards (``ForgeSchema/rebuildLiftBests`` for `lift_day_best`).
    /// - Nothing half-done: when `body` throws, or a `CREATE` fails, the error
    ///   propagates and the caller's transaction rolls back, the drops with it
    ///   (SQLite's schema changes are transactional), so the schema stays as it
    ///   was. A reader of another connection never sees the schema without its
    ///   indexes: it reads the last committed state.
    /// - Throws: `DatabaseError` `.misuse` outside a transaction (a drop would be
    ///   committed on its own); what `body` throws; `DatabaseError` from SQLite.
    package func deferringIndexes<T>(on tables: [String], _ body: () throws -> T) throws -> T {
        guard isInTransaction else {
            throw DatabaseError(
                code: .misuse, message: "indexes are only deferred inside a write transaction")
        }
        let deferred: [(name: String, sql: String)] = try query(
            """
            SELECT name, sql FROM sqlite_schema
            WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (\(SQLPlaceholders.list(tables.count)))
              AND sql NOT LIKE 'CREATE UNIQUE %'
            ORDER BY rowid
            """, tables
        ).map { (try $0.get("name"), try $0.get("sql")) }
        for item in deferred { try execute("DROP INDEX \(SQLIdentifier.quoted(item.name))") }
        let result = try body()
        for item in deferred { try executeScript(item.sql) }
        return result
    }
}
