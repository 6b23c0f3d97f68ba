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
    /// (`SQLite format 3` or pg_dump's opening comment).
    /// - Throws: ``ImportError/unreadable(_:)`` for an unknown scheme, a missing file, or a
    ///   file that is neither (the message names the three forms SOURCE takes).
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
            throw ImportError.unreadable("\(text): not a source forged reads; " + Self.accepted)
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: text, isDirectory: &isDir) else {
            throw ImportError.unreadable("\(text): no such file")
        }
        guard !isDir.boolValue else {
            throw ImportError.unreadable("\(text): is a directory, not a file; " + Self.accepted)
        }
        let head = (FileHandle(forReadingAtPath: text)?.readData(ofLength: Self.headLength)).map { [UInt8]($0) } ?? []
        if head.starts(with: Array("SQLite format 3".utf8)) {
            self = .sqlite(path: text)
        } else if Self.looksLikeDump(head) {
            self = .dump(path: text)
        } else {
            throw ImportError.unreadable("\(text): \(Self.notASource(head))")
        }
    }

    /// How much of a file is read to tell a dump from something else.
    static let headLength = 65_536

    /// The three forms SOURCE takes, for messages.
    static let accepted =
        "--from takes the original's DATABASE_URL (postgresql://… or postgresql+psycopg://…), "
        + "a plain pg_dump file (pg_dump --clean --if-exists > forge.sql) or the original's SQLite file (forge.db or sqlite:///path)"

    /// A plain pg_dump file opens with pg_dump's `-- PostgreSQL database dump` comment
    /// (pg_dumpall's `-- PostgreSQL database cluster dump`) before any statement.
    static func looksLikeDump(_ head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("-- PostgreSQL database dump") || text.contains("-- PostgreSQL database cluster dump")
    }

    /// Why a file that is neither SQLite nor a plain dump is refused, naming what is accepted.
    static func notASource(_ head: [UInt8]) -> String {
        if head.starts(with: [0x1F, 0x8B]) {
            return "a gzip-compressed file; decompress it first (gunzip), then pass the plain pg_dump file"
        }
        if head.starts(with: Array("PGDMP".utf8)) {
            return "a pg_dump archive (custom or tar format); write a plain one with pg_restore -f forge.sql FILE, "
                + "or dump again without -Fc"
        }
        return "neither a plain pg_dump file nor a SQLite database; " + accepted
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
