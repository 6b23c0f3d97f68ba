import ForgeStore

extension TrainingSessionStore {
    /// The tables whose secondary indexes ``bulkLoad(in:_:)`` builds after the rows.
    static let bulkLoadedTables = ["sessions", "sets"]

    /// Runs `body`, a writer of many sessions and sets inside the caller's one
    /// write transaction (the forge-server move), the way `pg_dump`'s script
    /// loads a table: the rows first, then each index sorted once, and the
    /// derived `lift_day_best` computed once at the end.
    ///
    /// - While `body` runs, the secondary indexes of `sessions` and `sets`
    ///   (`sets_session`, `sets_user_slug`, `sessions_user_day`,
    ///   `sessions_user_kind_start`) are dropped
    ///   (``Connection/deferringIndexes(on:_:)``) and the connection's
    ///   triggers are off (``Connection/withTriggersOff(_:)``, the `lift_day_best`
    ///   triggers' per-row programs); primary keys, unique constraints and
    ///   foreign keys still check every row as it arrives.
    /// - Afterwards each is created again from its own stored SQL, and
    ///   `lift_day_best` is rebuilt from `sets` and `sessions`
    ///   (``ForgeSchema/rebuildLiftBests``, the triggers' own definition), so
    ///   every table holds what the row-by-row path leaves
    ///   (TrainingBulkLoadTests compares the two).
    /// - `body` must not read through those indexes' order nor rely on
    ///   `lift_day_best` (both are rebuilt only at the end), nor delete sessions
    ///   or sets (their cascades would scan without `sets_session`).
    /// - Nothing half-written: when `body` or a rebuild throws, the caller's
    ///   transaction rolls back, the dropped indexes with it (the triggers are on
    ///   again either way).
    /// - Throws: what `body` throws; `DatabaseError` (`.misuse` outside a
    ///   write transaction).
    package static func bulkLoad<T>(in db: Connection, _ body: () throws -> T) throws -> T {
        let result = try db.deferringIndexes(on: bulkLoadedTables) { try db.withTriggersOff(body) }
        try db.executeScript(ForgeSchema.rebuildLiftBests)
        return result
    }
}
