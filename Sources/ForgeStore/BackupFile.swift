import CSQLite
import Foundation

/// Checks on a database file that is not open anywhere else (a backup, or a
/// file about to be restored), and the fsync plumbing backups need.
package enum BackupFile {
    /// What ``inspect(_:knownMigrations:)`` found in a file.
    package struct Inspection: Sendable, Equatable {
        /// Row count of every table (`sqlite_*` tables excluded), by name.
        package let rowCounts: [String: Int]
        /// Ids recorded in `schema_migrations`, in order.
        package let migrations: [String]
    }

    /// Opens `path` read-only and immutable (no `-wal`/`-shm` created, nothing
    /// written), runs `PRAGMA integrity_check`, reads `schema_migrations` and
    /// counts the rows of every table.
    /// - Parameter knownMigrations: ids this binary knows; nil skips that check.
    /// - Throws: ``BackupError/unusable(_:)`` naming the first problem: the file
    ///   is missing or not a database, integrity_check is not `ok`, there is no
    ///   `schema_migrations` table, or it records an id not in `knownMigrations`.
    /// - Parameter live: the file may be in use by a running forged (`forged
    ///   check`): opened read-only through its WAL instead of immutable, so a
    ///   concurrent write or checkpoint is seen consistently (this may create
    ///   the `-shm` file, never changes the data).
    package static func inspect(_ path: String, knownMigrations: [String]? = nil, live: Bool = false) throws
        -> Inspection
    {
        guard FileManager.default.fileExists(atPath: path) else { throw BackupError.unusable("\(path): no such file") }
        var handle: OpaquePointer?
        let target = live ? String(uri(path).dropLast("&immutable=1".count)) : uri(path)
        let rc = sqlite3_open_v2(target, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        if live, rc == SQLITE_OK { sqlite3_busy_timeout(handle, 5000) }
        defer { sqlite3_close_v2(handle) }
        guard rc == SQLITE_OK, let db = handle else {
            throw BackupError.unusable("\(path): cannot open (\(String(cString: sqlite3_errstr(rc))))")
        }
        func rows(_ sql: String) throws -> [[String]] {
            do { return try query(db, sql) } catch { throw BackupError.unusable("\(path): \(error)") }
        }
        let check = try rows("PRAGMA integrity_check")
        guard check.count == 1, check[0].first == "ok" else {
            let first = check.first?.first ?? "no result"
            throw BackupError.unusable("\(path): integrity check failed (\(first))")
        }
        let tables = try rows(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        .compactMap(\.first)
        guard tables.contains("schema_migrations") else {
            throw BackupError.unusable("\(path): not a forged database (no schema_migrations table)")
        }
        let ids = try rows("SELECT id FROM schema_migrations ORDER BY id").compactMap(\.first)
        if let known = knownMigrations {
            let unknown = ids.filter { !known.contains($0) }
            guard unknown.isEmpty else {
                throw BackupError.unusable(
                    "\(path): written by a newer forged (unknown migrations: \(unknown.joined(separator: ", ")))")
            }
        }
        var counts: [String: Int] = [:]
        for table in tables {
            counts[table] =
                Int(try rows("SELECT count(*) FROM \(SQLIdentifier.quoted(table))").first?.first ?? "0") ?? 0
        }
        return Inspection(rowCounts: counts, migrations: ids)
    }

    /// A `file:` URI for `path`, read-only and immutable.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let absolute = absolutePath(path)
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute)
            + "?mode=ro&immutable=1"
    }

    /// `path` made absolute against the current directory, with `.`, `..` and
    /// repeated slashes folded away (symbolic links are left as they are). The
    /// backup ledger keeps paths in this form: a relative `--state-dir` means
    /// something else to the next forged started from another directory.
    /// - Returns: a path starting with `/`; `/` itself for an empty `path` at `/`.
    package static func absolutePath(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Every row of `sql` as text columns.
    private static func query(_ db: OpaquePointer, _ sql: String) throws -> [[String]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DatabaseError.last(on: db, sql: sql)
        }
        defer { sqlite3_finalize(statement) }
        var result: [[String]] = []
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return result }
            guard rc == SQLITE_ROW else { throw DatabaseError.last(on: db, sql: sql, code: rc) }
            result.append(
                (0..<sqlite3_column_count(statement)).map { i in
                    sqlite3_column_text(statement, i).map { String(cString: $0) } ?? ""
                })
        }
    }

    // MARK: durability

    /// fsync(2) of a file or directory.
    /// - Throws: ``BackupError/io(_:)`` when it cannot be opened or synced.
    package static func sync(_ path: String, directory: Bool = false) throws {
        let fd = open(path, (directory ? O_RDONLY | O_DIRECTORY : O_RDWR) | O_CLOEXEC)
        guard fd >= 0 else { throw BackupError.io("cannot open \(path) to sync: \(errorText())") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw BackupError.io("fsync \(path) failed: \(errorText())") }
    }

    /// Creates `path` (mode 0700) if missing and forces 0700.
    package static func makePrivateDirectory(_ path: String) throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw BackupError.io("cannot create \(path): \(errorText())")
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw BackupError.io("\(path) is not a directory")
        }
        chmod(path, 0o700)
        matchOwner(path, of: (path as NSString).deletingLastPathComponent)
    }

    /// When running as root (an operator's `forged backup` or `forged restore`),
    /// gives `path` the owner of `reference` (the state directory), so the
    /// service user can still read and write it. Otherwise does nothing.
    package static func matchOwner(_ path: String, of reference: String) {
        guard geteuid() == 0 else { return }
        var info = stat()
        guard stat(reference, &info) == 0 else { return }
        _ = chown(path, info.st_uid, info.st_gid)
    }

    /// Size of the file at `path` in bytes, 0 when it cannot be read.
    package static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}

/// Why a backup or restore did not happen.
package enum BackupError: Error, Equatable, CustomStringConvertible {
    /// A file is not a usable forged database (the reason, with the path).
    case unusable(String)
    /// A filesystem step failed (the reason, with the path).
    case io(String)
    /// `VACUUM INTO` failed (SQLite's message).
    case copy(String)
    /// The copy ran out of space (the reason, with SQLite's message).
    case diskFull(String)
    /// Another backup is running (only when the caller chose not to wait).
    case busy

    package var description: String {
        switch self {
        case .unusable(let why), .io(let why): why
        case .copy(let why): "copy failed: \(why)"
        case .diskFull(let why): "disk full: \(why)"
        case .busy: "a backup is already running; try again when it finishes"
        }
    }
}
