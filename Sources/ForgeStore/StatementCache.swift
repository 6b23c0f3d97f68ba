import CSQLite

/// Prepared statements of one connection keyed by their exact SQL text.
///
/// A statement is prepared once (`SQLITE_PREPARE_PERSISTENT`) and reused:
/// on reuse it is reset and its bindings cleared. When more than `capacity`
/// distinct texts accumulate (SQL built at run time, e.g. `IN (?, ?, ...)`
/// lists), the whole cache is finalized and starts over. Not thread-safe: it
/// lives inside a `Connection`, which is only used under its lock.
struct StatementCache {
    /// Most distinct SQL texts kept prepared at once.
    static let capacity = 256

    private var statements: [String: OpaquePointer] = [:]

    /// Number of prepared statements held.
    var count: Int { statements.count }

    /// The prepared, reset, unbound statement for `sql` on `db`.
    /// - Throws: `DatabaseError` from `sqlite3_prepare_v3`; `.misuse` when `sql` is empty or holds
    ///   more than one statement (use `Connection.executeScript` for scripts).
    mutating func statement(for sql: String, in db: OpaquePointer) throws -> OpaquePointer {
        if let cached = statements[sql] {
            sqlite3_reset(cached)
            sqlite3_clear_bindings(cached)
            return cached
        }
        var statement: OpaquePointer?
        var tailOffset = 0
        let rc = sql.withCString { start -> Int32 in
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v3(db, start, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            if let tail { tailOffset = start.distance(to: tail) }
            return rc
        }
        guard rc == SQLITE_OK else { throw DatabaseError.last(on: db, sql: sql, code: rc) }
        guard let statement else {
            throw DatabaseError(code: .misuse, message: "empty statement", sql: sql)
        }
        let rest = sql.utf8.dropFirst(tailOffset)
        if rest.contains(where: { !($0 == UInt8(ascii: ";") || $0 == 0x20 || (0x09...0x0D).contains($0)) }) {
            sqlite3_finalize(statement)
            throw DatabaseError(
                code: .misuse,
                message: "more than one statement; use executeScript for scripts", sql: sql)
        }
        if statements.count >= Self.capacity { finalizeAll() }
        statements[sql] = statement
        return statement
    }

    /// Finalizes every statement; required before `sqlite3_close`.
    mutating func finalizeAll() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
    }
}
