internal import CLibPQ
import Foundation

/// One read-only client connection to PostgreSQL through libpq, loaded with
/// `dlopen("libpq.so.5")` on its first use (Sources/CLibPQ/shim.h), so an idle
/// daemon never maps it. Used on one thread; closed on deinit.
package final class PostgresConnection {
    private var handle: OpaquePointer?

    /// Connects to `url`, a libpq connection URI (`postgresql://user:pass@host:5432/db`).
    /// The session is made read-only and UTF-8; a connection attempt gives up after
    /// `timeoutSeconds`.
    /// - Throws: ``PostgresError/libraryUnavailable(_:)``, ``PostgresError/connect(_:)``.
    package init(url: String, timeoutSeconds: Int = 10) throws {
        if let why = forge_pq_load() { throw PostgresError.libraryUnavailable(String(cString: why)) }
        let separator = url.contains("?") ? "&" : "?"
        let conninfo = url + "\(separator)connect_timeout=\(timeoutSeconds)&application_name=forged-import"
        guard let conn = forge_pq_connect(conninfo) else {
            throw PostgresError.connect("libpq could not allocate a connection")
        }
        guard forge_pq_ok(conn) == 1 else {
            let why = PostgresError.oneLine(String(cString: forge_pq_error(conn)))
            forge_pq_finish(conn)
            throw PostgresError.connect(why)
        }
        handle = conn
        _ = forge_pq_set_encoding(conn, "UTF8")
        try command("SET default_transaction_read_only = on")
        try command("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    }

    deinit { close() }

    /// Closes the connection. Idempotent.
    package func close() {
        if let handle { forge_pq_finish(handle) }
        handle = nil
    }

    /// Runs a statement that returns no rows.
    /// - Throws: ``PostgresError/query(_:)``.
    package func command(_ sql: String) throws {
        guard let handle else { throw PostgresError.query("the connection is closed") }
        let result = forge_pq_exec(handle, sql)
        defer { if let result { forge_pq_clear(result) } }
        guard let result, [PGRES_COMMAND_OK, PGRES_TUPLES_OK].contains(forge_pq_result_status(result)) else {
            throw PostgresError.query(PostgresError.oneLine(String(cString: forge_pq_error(handle))))
        }
    }

    /// Runs a query and returns its rows as text (NULL as nil), in the server's text format.
    /// - Throws: ``PostgresError/query(_:)``.
    package func query(_ sql: String) throws -> [[String?]] {
        guard let handle else { throw PostgresError.query("the connection is closed") }
        guard let result = forge_pq_exec(handle, sql) else {
            throw PostgresError.query(PostgresError.oneLine(String(cString: forge_pq_error(handle))))
        }
        defer { forge_pq_clear(result) }
        guard forge_pq_result_status(result) == PGRES_TUPLES_OK else {
            throw PostgresError.query(PostgresError.oneLine(String(cString: forge_pq_result_error(result))))
        }
        let rows = forge_pq_ntuples(result)
        let fields = forge_pq_nfields(result)
        return (0..<rows).map { r in
            (0..<fields).map { f in
                forge_pq_isnull(result, r, f) == 1 ? nil : String(cString: forge_pq_value(result, r, f))
            }
        }
    }

    /// Runs `COPY ... TO STDOUT` (text format) and hands each data line (without its
    /// newline) to `body`, as it arrives.
    /// - Throws: ``PostgresError/query(_:)``, or what `body` throws.
    package func copyOut(_ sql: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard let handle else { throw PostgresError.query("the connection is closed") }
        guard let started = forge_pq_exec(handle, sql) else {
            throw PostgresError.query(PostgresError.oneLine(String(cString: forge_pq_error(handle))))
        }
        let status = forge_pq_result_status(started)
        let startError = String(cString: forge_pq_result_error(started))
        forge_pq_clear(started)
        guard status == PGRES_COPY_OUT else { throw PostgresError.query(PostgresError.oneLine(startError)) }
        var failure: (any Error)?
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let n = forge_pq_copy_row(handle, &buffer)
            if n < 0 { break }
            guard let buffer else { continue }
            if failure == nil {
                var length = Int(n)
                if length > 0 && buffer[length - 1] == 0x0A { length -= 1 }
                do {
                    try buffer.withMemoryRebound(to: UInt8.self, capacity: Int(n)) {
                        try body(UnsafeBufferPointer(start: $0, count: length))
                    }
                } catch { failure = error }
            }
            forge_pq_freemem(buffer)
        }
        var serverError: String?
        while let result = forge_pq_next_result(handle) {
            // The COPY's closing result: PGRES_COMMAND_OK, or the server's error.
            if ![PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_COPY_OUT].contains(forge_pq_result_status(result)) {
                serverError = PostgresError.oneLine(String(cString: forge_pq_result_error(result)))
            }
            forge_pq_clear(result)
        }
        if let failure { throw failure }
        if let serverError, !serverError.isEmpty { throw PostgresError.query(serverError) }
    }
}
