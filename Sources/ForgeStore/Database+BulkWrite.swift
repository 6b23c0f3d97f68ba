extension Database {
    /// Runs `body` in one write transaction (``write(_:)``) set up for a bulk
    /// write of many rows: a bulk page cache (``Connection/withBulkCache(_:)``)
    /// and statement journals held in memory (`PRAGMA temp_store = MEMORY`, set
    /// before `BEGIN`, as SQLite decides where a transaction's statement journals
    /// go when it begins). A statement that fires triggers (a set's
    /// `lift_day_best` triggers) keeps a statement journal; once one outgrows
    /// SQLite's 64 KiB spill threshold it lives in a temporary file, and every
    /// later statement of the transaction writes its journal pages there: about
    /// 400,000 `pwrite` calls for the forge-server move of a five-year household
    /// (docs/performance.md). A statement's journal holds the pages that one
    /// statement changes, so memory stays bounded by the largest statement. Both
    /// settings are restored afterwards.
    /// - Throws: what ``write(_:)`` throws.
    package func bulkWrite<T>(_ body: (Connection) throws -> T) throws -> T {
        try withWriter { try $0.execute("PRAGMA temp_store = MEMORY") }
        defer { _ = try? withWriter { try $0.execute("PRAGMA temp_store = DEFAULT") } }
        return try write { conn in try conn.withBulkCache { try body(conn) } }
    }
}
