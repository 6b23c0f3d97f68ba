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

extension Database {
    /// WAL pages at which the writer checkpoints while ``withImportCheckpoints(_:)``
    /// runs: 16,384 pages of 4 KiB (64 MiB of WAL at most), against SQLite's
    /// default of 1,000 pages.
    package static let importAutocheckpointPages = 16_384

    /// Runs `body` (an import's batches, each its own transaction) with the
    /// writer's automatic WAL checkpoint moved from SQLite's 1,000 pages to
    /// ``importAutocheckpointPages``, then sets the previous threshold back, so
    /// the next commit after it (the import's ledger update) checkpoints once.
    /// A checkpoint copies the WAL's pages into the database file and syncs it;
    /// between an import's batches it copied the same `sets` pages again every
    /// few batches (docs/performance.md). Commits stay as durable as before (the
    /// WAL is synced on each); the WAL stays bounded.
    /// - Throws: what `body` throws, or a ``DatabaseError`` from the pragma.
    package func withImportCheckpoints<T>(_ body: () throws -> T) throws -> T {
        let previous: Int = try withWriter { conn in
            let pages: Int = try conn.scalar("PRAGMA wal_autocheckpoint") ?? 1000
            _ = try conn.scalar("PRAGMA wal_autocheckpoint = \(Self.importAutocheckpointPages)") as Int?
            return pages
        }
        defer { _ = try? withWriter { try $0.scalar("PRAGMA wal_autocheckpoint = \(previous)") as Int? } }
        return try body()
    }
}
