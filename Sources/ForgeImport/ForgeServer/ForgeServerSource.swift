import ForgePostgres
import ForgeStore
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

    /// `postgresql://user:secret@host/db` → `postgresql://user@host/db`.
    static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].lastIndex(of: "@") else {
            return url
        }
        let userinfo = url[scheme.upperBound..<at]
        guard let colon = userinfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + String(url[at...])
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

/// Reads the original's SQLite file, table by table, read-only.
enum SQLiteSourceReader {
    static func read(_ path: String, onTable: ((String, Int) -> Void)?) throws -> [String: SourceTable] {
        do {
            let db = try ForeignDatabase(path: path)
            defer { db.close() }
            return try db.read { conn in
                let names: [String] = try conn.query(
                    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
                ).map { try $0.get("name") }
                var tables: [String: SourceTable] = [:]
                for name in names where ForgeServerSnapshot.wanted.contains(name) {
                    let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                    let columns: [String] = try conn.query("SELECT name FROM pragma_table_info(?)", [name])
                        .map { try $0.get("name") }
                    var table = SourceTable(name: name, columns: columns)
                    for row in try conn.query("SELECT * FROM \(quoted)") {
                        table.rows.append(
                            row.values.map { value in
                                switch value {
                                case .null: .null
                                case .integer(let v): .text(String(v))
                                case .real(let v): .text(String(v))
                                case .text(let v): .text(v)
                                case .blob(let v): .bytes([UInt8](v))
                                }
                            })
                    }
                    onTable?(name, table.rows.count)
                    tables[name] = table
                }
                return tables
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.unreadable("\(path): cannot read it as a SQLite database (\(error))")
        }
    }
}

/// Reads a live PostgreSQL database through libpq: the public schema's tables
/// and columns, then each table with `COPY ... TO STDOUT` in one read-only,
/// repeatable-read transaction (a consistent snapshot while the original runs).
enum PostgresSourceReader {
    static func read(_ url: String, shown: String, onTable: ((String, Int) -> Void)?) throws -> [String: SourceTable] {
        do {
            let conn = try PostgresConnection(url: url)
            defer { conn.close() }
            let columnRows = try conn.query(
                """
                SELECT table_name, column_name FROM information_schema.columns
                WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
                """)
            var columns: [String: [String]] = [:]
            for row in columnRows {
                guard let table = row[0], let column = row[1] else { continue }
                columns[table, default: []].append(column)
            }
            var tables: [String: SourceTable] = [:]
            for (name, cols) in columns.sorted(by: { $0.key < $1.key }) where ForgeServerSnapshot.wanted.contains(name)
            {
                var table = SourceTable(name: name, columns: cols)
                let list = cols.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(
                    separator: ", ")
                try conn.copyOut("COPY public.\"\(name)\" (\(list)) TO STDOUT") { line in
                    let values = CopyText.fields(line)
                    guard values.count == cols.count else {
                        throw ImportError.unreadable("\(shown): a row of \(name) has \(values.count) values")
                    }
                    table.rows.append(values)
                }
                onTable?(name, table.rows.count)
                tables[name] = table
            }
            return tables
        } catch let error as PostgresError {
            throw ImportError.unreadable("\(shown): \(error)")
        }
    }
}
