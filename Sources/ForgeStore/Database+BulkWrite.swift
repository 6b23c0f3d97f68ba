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
    /// statement changes, so memory stays bounded by the largest statement. The
    /// settings are made and restored while holding the writer lock, so no other
    /// write runs with them.
    ///
    /// - Parameter syncingCommit: false commits without syncing the WAL
    ///   (`PRAGMA synchronous = NORMAL` for this transaction only; every other
    ///   write keeps `FULL`). The commit is atomic and survives the process
    ///   ending, but a power loss or system crash before the next synced commit
    ///   may take it back (never a part of it: the database stays consistent).
    ///   Only for work that counts once a later synced commit says so, and that
    ///   is undone whole when it does not: an import's batches, whose final
    ///   ledger commit (synced) syncs the WAL with every batch before it, and
    ///   which are rolled back from the ledger when the import never finishes
    ///   (docs/performance.md).
    /// - Throws: what ``write(_:)`` throws.
    package func bulkWrite<T>(syncingCommit: Bool = true, _ body: (Connection) throws -> T) throws -> T {
        let unsynced = syncingCommit ? [] : ["PRAGMA synchronous = NORMAL"]
        let synced = syncingCommit ? [] : ["PRAGMA synchronous = FULL"]
        return try write(
            settings: ["PRAGMA temp_store = MEMORY"] + unsynced, restoring: ["PRAGMA temp_store = DEFAULT"] + synced
        ) { conn in try conn.withBulkCache { try body(conn) } }
    }
}

extension Database {
    /// WAL pages at which the writer checkpoints while ``withImportSettings(_:)``
    /// runs: 16,384 pages of 4 KiB (64 MiB of WAL at most), against SQLite's
    /// default of 1,000 pages.
    package static let importAutocheckpointPages = 16_384

    /// Runs `body` (an import's batches, each its own transaction) with two
    /// settings of the writer connection, both set back afterwards:
    ///
    /// - The automatic WAL checkpoint moved from SQLite's 1,000 pages to
    ///   ``importAutocheckpointPages``, so the next commit after `body` (the
    ///   import's ledger update) checkpoints once. A checkpoint copies the
    ///   WAL's pages into the database file and syncs it; between an import's
    ///   batches it copied the same `sets` pages again every few batches
    ///   (docs/performance.md). The WAL stays bounded.
    /// - The bulk page cache (``Connection/bulkPageCacheKiB``) for the whole
    ///   import instead of each batch (``Connection/withBulkCache(_:)`` keeps
    ///   it): the pages a batch wrote stay cached for the next batch and for
    ///   the record rebuild at the end, instead of being read again from the
    ///   file (about 4,000 `pread` calls for a 25,000-row Strong CSV). The
    ///   resident set returns to its usual bound when `body` ends.
    /// - Throws: what `body` throws, or a ``DatabaseError`` from a pragma.
    package func withImportSettings<T>(_ body: () throws -> T) throws -> T {
        let previous: Int = try withWriter { conn in
            let pages: Int = try conn.scalar("PRAGMA wal_autocheckpoint") ?? 1000
            _ = try conn.scalar("PRAGMA wal_autocheckpoint = \(Self.importAutocheckpointPages)") as Int?
            try conn.execute("PRAGMA cache_size = -\(Connection.bulkPageCacheKiB)")
            return pages
        }
        defer {
            _ = try? withWriter { conn in
                _ = try conn.scalar("PRAGMA wal_autocheckpoint = \(previous)") as Int?
                try conn.execute("PRAGMA cache_size = -\(Connection.pageCacheKiB)")
            }
        }
        return try body()
    }
}
