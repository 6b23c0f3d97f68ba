import CSQLite
import Dispatch
import ForgeCore
import Foundation

/// One SQLite connection, handed to the closures of `Database.read` and
/// `Database.write`.
///
/// Not `Sendable` and only valid inside the closure it was passed to: the
/// database's lock for it is held exactly that long. Statements are prepared
/// once per connection and cached by SQL text (see `StatementCache`).
/// Arguments bind to `?` placeholders in order; their count must match.
package final class Connection {
    /// Which end of the pool a connection serves; decides open flags and pragmas.
    /// `immutableReader` opens the file with SQLite's `immutable=1` URI
    /// parameter: no locks, no `-shm` and no `-wal` are touched, so it reads a
    /// database on a filesystem with no space left for them (the
    /// read-only start of ``Database/openReadOnly(path:readers:clock:)``); it sees
    /// the main file only, as of the last checkpoint.
    enum Role { case writer, reader, immutableReader }

    private var handle: OpaquePointer?
    private var cache = StatementCache()
    let role: Role

    /// Inside `Database.read`: the database ``Generation`` read just before this
    /// read transaction began, so everything the closure reads is at least that
    /// new; a cache may keep what it computes here under this generation.
    /// `.closed` (never current) inside `write` and outside any closure.
    package internal(set) var generation: Generation = .closed

    /// Page cache per connection, KiB (`PRAGMA cache_size = -N`): 1 MiB, so
    /// the SQLite part of the resident set is bounded by the connection count
    /// (writer + readers + the generation watcher), not by the data. The
    /// operating system's file cache holds the database besides; a page this
    /// cache misses costs a `pread`, not a disk read (docs/performance.md).
    static let pageCacheKiB = 1_024

    /// Page cache of a bulk write, KiB (``withBulkCache(_:)``): 32 MiB, more
    /// than an import batch dirties, so nothing spills before the commit.
    package static let bulkPageCacheKiB = 32 * 1_024

    /// Runs `body` (inside a write transaction) with this connection's page
    /// cache raised to ``bulkPageCacheKiB``, then set back to ``pageCacheKiB``.
    /// For writers of thousands of rows in one transaction (an import's
    /// batch): with the 1 MiB cache SQLite spills dirty pages to the WAL
    /// mid-transaction and writes the same index pages again and again
    /// (bench/movein-strong.sh: 189,000 `pwrite` calls for a 25,000-row
    /// CSV). The pages are freed again once the transaction ends, so the
    /// resident set returns to its usual bound (docs/performance.md).
    /// When the cache is already that large (inside ``Database/withImportSettings(_:)``),
    /// it is left as it is.
    package func withBulkCache<T>(_ body: () throws -> T) throws -> T {
        let current: Int? = try scalar("PRAGMA cache_size")
        if current == -Self.bulkPageCacheKiB { return try body() }
        try execute("PRAGMA cache_size = -\(Self.bulkPageCacheKiB)")
        defer { try? execute("PRAGMA cache_size = -\(Self.pageCacheKiB)") }
        return try body()
    }

    /// Opens `path` (which must exist for readers) and applies the per-connection settings:
    /// extended result codes, 5 s busy timeout, `foreign_keys=ON`, `synchronous=FULL`,
    /// double-quoted string literals off, defensive mode on, a ``pageCacheKiB`` page
    /// cache, and memory-mapped I/O off (`mmap_size=0`): mapped pages would count in
    /// the resident set in proportion to the data read, and a read error on a mapped
    /// page is a SIGBUS instead of an error code (docs/performance.md).
    init(path: String, role: Role) throws {
        self.role = role
        var flags =
            (role == .writer ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY)
            | SQLITE_OPEN_NOMUTEX  // each connection is used under its own lock
        var name = path
        if role == .immutableReader {
            flags |= SQLITE_OPEN_URI
            name = "file:" + Self.uriPath(path) + "?immutable=1"
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let error = DatabaseError.last(on: db, code: rc)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(Database.busyTimeoutMilliseconds))
        for op in [SQLITE_DBCONFIG_DQS_DML, SQLITE_DBCONFIG_DQS_DDL] { _ = forge_sqlite_db_config_int(db, op, 0, nil) }
        _ = forge_sqlite_db_config_int(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nil)
        do {
            try execute("PRAGMA foreign_keys = ON")
            try execute("PRAGMA synchronous = FULL")
            try execute("PRAGMA cache_size = -\(Self.pageCacheKiB)")
            try execute("PRAGMA mmap_size = 0")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// `path` escaped for a `file:` URI (RFC 3986: `%`, `?` and `#` and
    /// anything outside printable ASCII percent-encoded).
    static func uriPath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "?")
                && byte != UInt8(ascii: "#")
            {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// Finalizes cached statements and closes the handle. Idempotent.
    func close() {
        cache.finalizeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// The open SQLite handle.
    /// - Throws: `DatabaseError` (`.misuse`) after ``close()``.
    func open() throws -> OpaquePointer {
        guard let handle else { throw DatabaseError(code: .misuse, message: "connection is closed") }
        return handle
    }

    /// Bytes this connection's page cache holds now (`SQLITE_DBSTATUS_CACHE_USED`); 0 when closed.
    var pageCacheBytes: Int {
        guard let handle else { return 0 }
        var current: Int32 = 0
        var highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
        return Int(current)
    }

    // MARK: statements

    /// Runs one statement (any result rows are stepped through and dropped).
    /// - Throws: `DatabaseError` (e.g. `.constraint`, `.readOnly` on a read connection,
    ///   `.range` for a wrong argument count, `.misuse` for several statements).
    package func execute(_ sql: String, _ arguments: [any SQLBindable] = []) throws {
        try withStatement(sql, arguments) { statement, db in
            while try step(statement, db, sql) {}
        }
    }

    /// Runs one statement whose arguments are already ``SQLValue``s: the bulk
    /// writers' path (a multi-row `INSERT` binds hundreds of values), without an
    /// existential box and a conformance lookup per value. Otherwise as
    /// ``execute(_:_:)``.
    /// - Throws: `DatabaseError`, as ``execute(_:_:)``.
    package func execute(_ sql: String, values: [SQLValue]) throws {
        try withValues(sql, values) { statement, db in
            while try step(statement, db, sql) {}
        }
    }

    /// All rows of one statement whose arguments are already ``SQLValue``s (a
    /// multi-row `INSERT … RETURNING`); otherwise as ``query(_:_:)``.
    /// - Throws: `DatabaseError`, as ``execute(_:_:)``.
    package func query(_ sql: String, values: [SQLValue]) throws -> [Row] {
        try withValues(sql, values) { statement, db in
            guard try step(statement, db, sql) else { return [] }
            let layout = Self.layout(of: statement)
            var rows = [Self.row(statement, layout)]
            while try step(statement, db, sql) { rows.append(Self.row(statement, layout)) }
            return rows
        }
    }

    /// The cached statement of `sql` with `values` bound, handed to `body`, then reset.
    private func withValues<R>(
        _ sql: String, _ values: [SQLValue], _ body: (OpaquePointer, OpaquePointer) throws -> R
    ) throws -> R {
        let db = try open()
        let statement = try cache.statement(for: sql, in: db)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try checkCount(values.count, statement, sql)
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1), statement, db, sql) }
        return try body(statement, db)
    }

    /// Runs a script of several `;`-separated statements without arguments (`sqlite3_exec`),
    /// for migrations. Statements are not cached.
    /// - Throws: `DatabaseError` for the first statement that fails; earlier ones stay applied
    ///   unless the surrounding transaction rolls back.
    package func executeScript(_ sql: String) throws {
        let db = try open()
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &message)
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(message)
            throw DatabaseError(code: ResultCode(rawValue: sqlite3_extended_errcode(db)), message: text, sql: sql)
        }
    }

    /// All rows of one statement, values copied out.
    package func query(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> [Row] {
        try withStatement(sql, arguments) { statement, db in
            let layout = Self.layout(of: statement)
            var rows: [Row] = []
            while try step(statement, db, sql) { rows.append(Self.row(statement, layout)) }
            return rows
        }
    }

    /// The first row of one statement, or `nil` when there is none. Later rows are not computed.
    package func queryOne(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> Row? {
        try withStatement(sql, arguments) { statement, db in
            try step(statement, db, sql) ? Self.row(statement, Self.layout(of: statement)) : nil
        }
    }

    /// The first column of the first row converted to `T`; `nil` when there is no row or the value is NULL.
    /// - Throws: `DatabaseError` `.mismatch` when the value cannot convert to `T`.
    package func scalar<T: SQLDecodableValue>(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> T? {
        guard let row = try queryOne(sql, arguments), let value = row.values.first, !value.isNull else { return nil }
        return try T(sqlValue: value)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE on this connection (`sqlite3_changes64`).
    package var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

    /// Row id of the last successful INSERT on this connection (`sqlite3_last_insert_rowid`); 0 if none.
    package var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// Whether a transaction is open (`sqlite3_get_autocommit` is off).
    package var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// Number of statements currently held in this connection's cache (for tests and diagnostics).
    package var cachedStatementCount: Int { cache.count }

    // MARK: transactions

    /// Runs `body` between `BEGIN <kind>` and `COMMIT`; rolls back and rethrows the original
    /// error when `body` throws, and rolls back when `COMMIT` itself fails.
    func transaction<T>(_ kind: String, _ body: (Connection) throws -> T) throws -> T {
        try execute("BEGIN \(kind)")
        let result: T
        do {
            result = try body(self)
        } catch {
            rollbackIfNeeded()
            throw error
        }
        guard isInTransaction else { return result }  // body ended it itself
        do {
            try execute("COMMIT")
        } catch {
            rollbackIfNeeded()
            throw error
        }
        return result
    }

    private func rollbackIfNeeded() {
        if isInTransaction { try? execute("ROLLBACK") }
    }

    // MARK: C plumbing

    private func withStatement<R>(
        _ sql: String, _ arguments: [any SQLBindable],
        _ body: (OpaquePointer, OpaquePointer) throws -> R
    ) throws -> R {
        let db = try open()
        let statement = try cache.statement(for: sql, in: db)
        defer {
            // Reset at once so a half-read statement never holds a read snapshot open.
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(arguments, to: statement, db, sql)
        let started = DispatchTime.now().uptimeNanoseconds
        defer {
            let elapsed = DispatchTime.now().uptimeNanoseconds - started
            if elapsed >= Self.slowStatementNanoseconds {
                // The SQL text only: bound values (which may be personal) are never logged.
                Log.debug("slow query: \(elapsed / 1_000_000) ms: \(sql.prefix(300))")
            }
        }
        return try body(statement, db)
    }

    /// A statement running at least this long (50 ms) is logged at debug priority with its time.
    static let slowStatementNanoseconds: UInt64 = 50_000_000

    /// Steps once: `true` for a row, `false` when done.
    private func step(_ statement: OpaquePointer, _ db: OpaquePointer, _ sql: String) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw DatabaseError.last(on: db, sql: sql, code: rc)
        }
    }

    private func bind(_ arguments: [any SQLBindable], to statement: OpaquePointer, _ db: OpaquePointer, _ sql: String)
        throws
    {
        try checkCount(arguments.count, statement, sql)
        for (offset, argument) in arguments.enumerated() {
            try bind(argument.sqlValue, at: Int32(offset + 1), statement, db, sql)
        }
    }

    private func checkCount(_ count: Int, _ statement: OpaquePointer, _ sql: String) throws {
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == count else {
            throw DatabaseError(code: .range, message: "statement takes \(expected) arguments, got \(count)", sql: sql)
        }
    }

    private func bind(
        _ value: SQLValue, at index: Int32, _ statement: OpaquePointer, _ db: OpaquePointer, _ sql: String
    )
        throws
    {
        let rc: Int32 =
            switch value {
            case .null: sqlite3_bind_null(statement, index)
            case .integer(let v): sqlite3_bind_int64(statement, index, v)
            case .real(let v): sqlite3_bind_double(statement, index, v)
            case .text(let v):
                v.withCString {
                    sqlite3_bind_text(statement, index, $0, Int32(v.utf8.count), forge_sqlite_transient())
                }
            case .blob(let v) where v.isEmpty: sqlite3_bind_zeroblob(statement, index, 0)
            case .blob(let v):
                v.withUnsafeBytes {
                    sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), forge_sqlite_transient())
                }
            }
        guard rc == SQLITE_OK else { throw DatabaseError.last(on: db, sql: sql, code: rc) }
    }

    private static func layout(of statement: OpaquePointer) -> ColumnLayout {
        ColumnLayout(
            names: (0..<sqlite3_column_count(statement)).map { i in
                sqlite3_column_name(statement, i).map { String(cString: $0) } ?? "column\(i)"
            })
    }

    private static func row(_ statement: OpaquePointer, _ layout: ColumnLayout) -> Row {
        let values = (0..<Int32(layout.names.count)).map { i -> SQLValue in
            switch sqlite3_column_type(statement, i) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, i))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, i))
            case SQLITE_TEXT:
                guard let text = sqlite3_column_text(statement, i) else { return .text("") }
                let count = Int(sqlite3_column_bytes(statement, i))
                return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(statement, i))
                guard let bytes = sqlite3_column_blob(statement, i), count > 0 else { return .blob(Data()) }
                return .blob(Data(bytes: bytes, count: count))
            default: return .null
            }
        }
        return Row(layout: layout, values: values)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
