import Foundation

/// Where `forged import forge-server --from SOURCE` reads the original Forge
/// server's database: its `DATABASE_URL` as it is (`postgresql+psycopg://`,
/// `postgresql://`, `postgres://`, `sqlite:///path`), a plain `pg_dump` file,
/// or the path of its SQLite file.
package enum ForgeServerSource: Sendable, Equatable, CustomStringConvertible {
    /// A live PostgreSQL database (a libpq URI, the driver suffix dropped).
    case postgres(url: String)
    /// A plain `pg_dump` file.
    case dump(path: String)
    /// The original's SQLite file.
    case sqlite(path: String)

    /// Reads SOURCE as given: a URL by its scheme, else a file by its first bytes
    /// (`SQLite format 3` or a dump's text).
    /// - Throws: ``ImportError/unreadable(_:)`` for an unknown scheme or a missing file.
    package init(_ text: String) throws {
        let lowered = text.lowercased()
        if let range = lowered.range(of: "://") {
            let scheme = lowered[..<range.lowerBound]
            let rest = String(text[range.upperBound...])
            if scheme == "postgresql" || scheme == "postgres" || scheme.hasPrefix("postgresql+")
                || scheme.hasPrefix("postgres+")
            {
                self = .postgres(url: "postgresql://" + rest)
                return
            }
            if scheme == "sqlite" || scheme.hasPrefix("sqlite+") {
                // sqlite:///relative.db and sqlite:////absolute.db (SQLAlchemy's forms)
                guard rest.hasPrefix("/") else {
                    throw ImportError.unreadable("\(text): a SQLite URL is sqlite:///path")
                }
                self = .sqlite(path: String(rest.dropFirst()))
                return
            }
            throw ImportError.unreadable(
                "\(text): not a source forged reads (a postgresql:// URL, a sqlite:/// URL, a pg_dump file or a SQLite file)"
            )
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: text, isDirectory: &isDir), !isDir.boolValue else {
            throw ImportError.unreadable("\(text): no such file")
        }
        let head = (FileHandle(forReadingAtPath: text)?.readData(ofLength: 16)).map { [UInt8]($0) } ?? []
        self = head.starts(with: Array("SQLite format 3".utf8)) ? .sqlite(path: text) : .dump(path: text)
    }

    /// The source for people: a URL without its password.
    package var description: String {
        switch self {
        case .dump(let path), .sqlite(let path): path
        case .postgres(let url): Self.redacted(url)
        }
    }

    /// The URL without its password: `postgresql://user:secret@host/db` →
    /// `postgresql://user@host/db`, and a `password=` query parameter (libpq
    /// reads one, `postgresql://user@host/db?password=secret`) dropped.
    static func redacted(_ url: String) -> String {
        var shown = url
        if let scheme = shown.range(of: "://") {
            let end = shown[scheme.upperBound...].firstIndex(of: "?") ?? shown.endIndex
            if let at = shown[scheme.upperBound..<end].lastIndex(of: "@"),
                let colon = shown[scheme.upperBound..<at].firstIndex(of: ":")
            {
                shown.removeSubrange(colon..<at)
            }
        }
        guard let query = shown.firstIndex(of: "?") else { return shown }
        let kept = shown[shown.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
            .filter { !$0.lowercased().hasPrefix("password=") }
        return String(shown[..<query]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    /// Every table of the source, read whole before anything is written.
    /// - Parameter onTable: called after each table with its name and row count (progress).
    /// - Throws: ``ImportError/unreadable(_:)`` with a one-line reason naming the source.
    package func read(onTable: ((String, Int) -> Void)? = nil) throws -> ForgeServerSnapshot {
        let tables: [String: SourceTable]
        switch self {
        case .dump(let path): tables = try PgDumpReader.read(path, onTable: onTable)
        case .sqlite(let path): tables = try SQLiteSourceReader.read(path, onTable: onTable)
        case .postgres(let url): tables = try PostgresSourceReader.read(url, shown: description, onTable: onTable)
        }
        return try ForgeServerSnapshot(tables: tables, source: description)
    }
}
