import Foundation

/// One SQLite value in one of its five storage classes
/// (<https://sqlite.org/datatype3.html>).
package enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// Whether this is `.null`.
    package var isNull: Bool { if case .null = self { true } else { false } }
}

extension SQLValue: CustomStringConvertible {
    /// SQL-literal-like rendering for logs and error messages (blobs shown by size).
    package var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let v): String(v)
        case .real(let v): String(v)
        case .text(let v): "'" + v.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let v): "<blob \(v.count) bytes>"
        }
    }

    /// Short name of the storage class, for error messages.
    var typeName: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}
