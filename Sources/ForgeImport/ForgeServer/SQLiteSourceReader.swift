import ForgeStore
import Foundation

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
                    let columns: [String] = try conn.query("SELECT name FROM pragma_table_info(?)", [name])
                        .map { try $0.get("name") }
                    var table = SourceTable(name: name, columns: columns)
                    for row in try conn.query("SELECT * FROM \(SQLIdentifier.quoted(name))") {
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
