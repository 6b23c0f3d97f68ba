/// The column names of one result set, shared by all its rows.
struct ColumnLayout: Sendable {
    let names: [String]
    private let index: [String: Int]

    init(names: [String]) {
        self.names = names
        var index: [String: Int] = [:]
        for (i, name) in names.enumerated() where index[name] == nil { index[name] = i }  // first wins, like SQLite
        self.index = index
    }

    /// Position of `column`: exact match first, then ASCII case-insensitive (SQLite names are).
    func position(of column: String) -> Int? {
        if let i = index[column] { return i }
        let lowered = column.lowercased()
        return names.firstIndex { $0.lowercased() == lowered }
    }
}

/// One result row: values by column name, copied out of SQLite so the row
/// outlives its statement and may cross threads.
package struct Row: Sendable {
    let layout: ColumnLayout
    /// The values in column order.
    package let values: [SQLValue]

    init(layout: ColumnLayout, values: [SQLValue]) {
        self.layout = layout
        self.values = values
    }

    /// Column names in result order (`AS` aliases where given).
    package var columnNames: [String] { layout.names }

    /// Whether the row has a column named `column` (case-insensitive).
    package func hasColumn(_ column: String) -> Bool { layout.position(of: column) != nil }

    /// The value of `column` (case-insensitive), `.null` when the row has no such column.
    /// Use `get` when a missing column should be an error.
    package subscript(_ column: String) -> SQLValue {
        layout.position(of: column).map { values[$0] } ?? .null
    }

    /// The value at zero-based `index` in result order.
    package subscript(index index: Int) -> SQLValue { values[index] }

    /// The value of `column` converted to `T`.
    /// - Throws: `DatabaseError` `.error` for a missing column, `.mismatch` for a NULL or wrong-type value
    ///   (ask for `T?` or use `optional` to allow NULL).
    package func get<T: SQLDecodableValue>(_ column: String) throws -> T {
        guard let i = layout.position(of: column) else {
            throw DatabaseError(code: .error, message: "no such column in row: \(column)")
        }
        do { return try T(sqlValue: values[i]) } catch let error as DatabaseError {
            throw DatabaseError(code: error.extendedCode, message: "column \(column): \(error.message)", sql: error.sql)
        }
    }

    /// The value of `column` converted to `T`, `nil` when it is NULL.
    /// - Throws: as `get`, except NULL is not an error.
    package func optional<T: SQLDecodableValue>(_ column: String) throws -> T? {
        guard hasColumn(column) else { return try get(column) }
        if self[column].isNull { return nil }
        return try get(column) as T
    }

    /// Decodes the row into `type`, one coding key per column; see `RowDecoder` for the rules
    /// (camelCase keys fall back to snake_case columns; nested `Decodable` values come from JSON text).
    /// - Throws: `DecodingError` for a missing column or a value of the wrong type.
    package func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try T(from: RowDecoder(row: self))
    }
}
