import ForgePostgres
import ForgeStore
import Foundation

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
                let list = cols.map(SQLIdentifier.quoted).joined(separator: ", ")
                try conn.copyOut("COPY public.\(SQLIdentifier.quoted(name)) (\(list)) TO STDOUT") { line in
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
