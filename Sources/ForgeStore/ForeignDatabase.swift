import Foundation

/// Another program's SQLite file, opened read-only (`SQLITE_OPEN_READONLY`):
/// the original Forge server's database that `forged import forge-server`
/// reads. Nothing is ever written to it, and its journal mode is left as it is.
/// Used on one thread.
package final class ForeignDatabase {
    private let connection: Connection

    /// Opens `path` read-only.
    /// - Throws: `DatabaseError` when the file does not exist or is not a database
    ///   (SQLite says so at the first read).
    package init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw DatabaseError(code: .cantOpen, message: "no such file")
        }
        connection = try Connection(path: path, role: .reader)
    }

    /// Runs `body` with the read-only connection.
    package func read<T>(_ body: (Connection) throws -> T) throws -> T { try body(connection) }

    /// Closes the file. Idempotent.
    package func close() { connection.close() }
}
