import ForgeCore
import Foundation

/// One value of a source row: what the original server's database held, as
/// its reader saw it. PostgreSQL (a dump or a live database) gives text in
/// its text format (`t`/`f`, `2024-05-01 07:30:00+00`, `\x0a0b` for bytea);
/// SQLite gives text, numbers and blobs.
package enum SourceValue: Sendable, Equatable {
    case null
    case text(String)
    case bytes([UInt8])
}

/// One table of the original server's database: its columns as the source
/// has them (a database from before a column existed lacks it) and its rows.
package struct SourceTable: Sendable {
    package let name: String
    package let columns: [String]
    package var rows: [[SourceValue]]
    private let index: [String: Int]

    package init(name: String, columns: [String], rows: [[SourceValue]] = []) {
        self.name = name
        self.columns = columns
        self.rows = rows
        var index: [String: Int] = [:]
        for (i, c) in columns.enumerated() where index[c] == nil { index[c] = i }
        self.index = index
    }

    /// Whether the source has `column` (older databases lack later ones).
    package func has(_ column: String) -> Bool { index[column] != nil }

    /// The rows with named access.
    package var records: [SourceRow] { rows.indices.map { SourceRow(table: self, number: $0) } }
}

/// Why one source value could not be read as what forged needs: the row is
/// skipped and listed with this text.
package struct SourceValueError: Error, CustomStringConvertible {
    package let description: String
}

/// One row of a ``SourceTable``, read column by column. A column the source
/// lacks reads as the default the original server gives it when it adds the
/// column at start (`ALTER TABLE ... ADD COLUMN ... DEFAULT`), so an older
/// database imports without an error.
package struct SourceRow {
    let table: SourceTable
    /// 0-based row number in its table.
    package let number: Int

    package subscript(_ column: String) -> SourceValue {
        guard let i = table.columnIndex(column), i < table.rows[number].count else { return .null }
        return table.rows[number][i]
    }

    /// The text of `column`, nil for NULL or a missing column.
    package func text(_ column: String) -> String? {
        switch self[column] {
        case .null: nil
        case .text(let s): s
        case .bytes(let b): String(decoding: b, as: UTF8.self)
        }
    }

    /// Text, `fallback` for NULL or a missing column.
    package func string(_ column: String, _ fallback: String = "") -> String { text(column) ?? fallback }

    /// A number; `fallback` for NULL or a missing column.
    /// - Throws: ``SourceValueError`` for text that is not a finite number.
    package func double(_ column: String, _ fallback: Double = 0) throws -> Double {
        guard let t = text(column) else { return fallback }
        guard let v = Double(t.trimmedBlanks), v.isFinite else {
            throw SourceValueError(description: "\(column) \"\(t)\" is not a number")
        }
        return v
    }

    /// A number, nil for NULL or a missing column.
    package func optionalDouble(_ column: String) throws -> Double? {
        text(column) == nil ? nil : try double(column)
    }

    /// An integer (a whole-valued real is accepted); `fallback` for NULL or a missing column.
    package func int(_ column: String, _ fallback: Int = 0) throws -> Int {
        guard let t = text(column) else { return fallback }
        if let v = Int(t.trimmedBlanks) { return v }
        if let d = Double(t), d.isFinite, d == d.rounded(), abs(d) < 1e15 { return Int(d) }
        throw SourceValueError(description: "\(column) \"\(t)\" is not a whole number")
    }

    package func optionalInt(_ column: String) throws -> Int? { text(column) == nil ? nil : try int(column) }

    /// A boolean: PostgreSQL's `t`/`f`, SQLite's `1`/`0`; `fallback` for NULL or a missing column.
    package func bool(_ column: String, _ fallback: Bool = false) -> Bool {
        guard let t = text(column)?.lowercased() else { return fallback }
        return ["t", "true", "1", "y", "yes", "on"].contains(t)
    }

    /// An instant: PostgreSQL's `2024-05-01 07:30:00.123456+00` or SQLite's
    /// `2024-05-01 07:30:00.123456` (no offset: UTC, as SQLAlchemy stores it);
    /// nil for NULL or a missing column.
    /// - Throws: ``SourceValueError`` for text that is not a timestamp.
    package func instant(_ column: String) throws -> Date? {
        guard let t = text(column) else { return nil }
        guard let d = SourceTime.instant(t) else {
            throw SourceValueError(description: "\(column) \"\(t)\" is not a timestamp")
        }
        return d
    }

    /// A calendar date `YYYY-MM-DD` (a timestamp's date part is accepted); nil for NULL or missing.
    package func date(_ column: String) throws -> String? {
        guard let t = text(column) else { return nil }
        let head = String(t.prefix(10))
        guard SourceTime.isDate(head) else {
            throw SourceValueError(description: "\(column) \"\(t)\" is not a date")
        }
        return head
    }

    /// A JSON column's text, checked to parse; `fallback` for NULL or a missing column.
    /// - Throws: ``SourceValueError`` for text that is not JSON.
    package func json(_ column: String, _ fallback: String) throws -> String {
        guard let t = text(column) else { return fallback }
        guard (try? JSONSerialization.jsonObject(with: Data(t.utf8), options: [.fragmentsAllowed])) != nil else {
            throw SourceValueError(description: "\(column) is not JSON")
        }
        return t
    }

    /// A bytea/BLOB column: raw bytes (SQLite), PostgreSQL's hex form `\x...` or its escape form.
    /// - Throws: ``SourceValueError`` for a malformed hex form.
    package func bytes(_ column: String) throws -> [UInt8]? {
        switch self[column] {
        case .null: return nil
        case .bytes(let b): return b
        case .text(let t): return try SourceBytes.decode(t, column: column)
        }
    }
}

extension SourceTable {
    func columnIndex(_ column: String) -> Int? { index[column] }
}
