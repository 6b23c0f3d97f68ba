import ForgeCore
import Foundation

/// A Swift value that can be bound to a `?` parameter.
///
/// Conforming types and how they are stored:
/// - `Int`, `Int64`, `Int32`: INTEGER.
/// - `Bool`: INTEGER 0 or 1.
/// - `Double`: REAL.
/// - `String`: TEXT (UTF-8).
/// - `Data`: BLOB.
/// - `Date`: TEXT, ISO 8601 in UTC with millisecond precision,
///   `"2026-07-20T09:15:27.104Z"` (see `SQLDateFormat`). Such text sorts
///   chronologically, so `ORDER BY` and range comparisons work on it.
/// - `Optional<Wrapped>`: NULL when `nil`, else the wrapped value.
/// - `SQLValue`: itself.
package protocol SQLBindable {
    /// The value to bind.
    var sqlValue: SQLValue { get }
}

/// A Swift value that can be built from a column value.
///
/// Conversions are strict except where noted: `Int`/`Int64`/`Int32` from
/// INTEGER (or a REAL holding an exact integer), `Bool` from INTEGER (0 is
/// false, anything else true), `Double` from REAL or INTEGER, `String` from
/// TEXT, `Data` from BLOB or TEXT (its UTF-8 bytes), `Date` from ISO 8601 TEXT
/// with or without fractional seconds, `Optional` from NULL (→ `nil`) or the
/// wrapped type's conversion, `SQLValue` from anything.
package protocol SQLDecodableValue {
    /// - Throws: `DatabaseError` with code `.mismatch` when the value has the wrong storage class
    ///   (NULL included, unless `Self` is an `Optional` or `SQLValue`).
    init(sqlValue: SQLValue) throws
}

extension SQLValue {
    /// The `.mismatch` error for converting `self` to `type`.
    func mismatch(_ type: Any.Type) -> DatabaseError {
        DatabaseError(code: .mismatch, message: "cannot convert \(typeName) value \(self) to \(type)")
    }
}

extension SQLValue: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { self }
    package init(sqlValue: SQLValue) { self = sqlValue }
}

extension Int64: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { .integer(self) }
    package init(sqlValue: SQLValue) throws {
        switch sqlValue {
        case .integer(let v): self = v
        case .real(let v) where v.rounded() == v && abs(v) < 9.2e18: self = Int64(v)
        default: throw sqlValue.mismatch(Int64.self)
        }
    }
}

extension Int: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { .integer(Int64(self)) }
    package init(sqlValue: SQLValue) throws {
        guard let v = Int(exactly: try Int64(sqlValue: sqlValue)) else { throw sqlValue.mismatch(Int.self) }
        self = v
    }
}

extension Int32: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { .integer(Int64(self)) }
    package init(sqlValue: SQLValue) throws {
        guard let v = Int32(exactly: try Int64(sqlValue: sqlValue)) else { throw sqlValue.mismatch(Int32.self) }
        self = v
    }
}

extension Bool: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    package init(sqlValue: SQLValue) throws {
        guard case .integer(let v) = sqlValue else { throw sqlValue.mismatch(Bool.self) }
        self = v != 0
    }
}

extension Double: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { .real(self) }
    package init(sqlValue: SQLValue) throws {
        switch sqlValue {
        case .real(let v): self = v
        case .integer(let v): self = Double(v)
        default: throw sqlValue.mismatch(Double.self)
        }
    }
}

extension String: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { .text(self) }
    package init(sqlValue: SQLValue) throws {
        guard case .text(let v) = sqlValue else { throw sqlValue.mismatch(String.self) }
        self = v
    }
}

extension Data: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { .blob(self) }
    package init(sqlValue: SQLValue) throws {
        switch sqlValue {
        case .blob(let v): self = v
        case .text(let v): self = Data(v.utf8)
        default: throw sqlValue.mismatch(Data.self)
        }
    }
}

extension Date: SQLBindable, SQLDecodableValue {
    /// TEXT `"2026-07-20T09:15:27.104Z"`: ISO 8601, UTC, milliseconds.
    package var sqlValue: SQLValue { .text(SQLDateFormat.string(from: self)) }
    package init(sqlValue: SQLValue) throws {
        guard case .text(let v) = sqlValue, let date = SQLDateFormat.date(from: v) else {
            throw sqlValue.mismatch(Date.self)
        }
        self = date
    }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    package var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension Optional: SQLDecodableValue where Wrapped: SQLDecodableValue {
    package init(sqlValue: SQLValue) throws {
        self = sqlValue.isNull ? nil : try Wrapped(sqlValue: sqlValue)
    }
}

/// How `Date` is stored: ISO 8601 in UTC with millisecond precision,
/// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`, e.g. `"2026-07-20T09:15:27.104Z"`: the
/// stored form of ``Instant``, so a value stored is the value an answer gave
/// (the format style alone writes `…49.73499…` as `.734`, a millisecond
/// before the `.735` the answer said). Parsing also accepts whole seconds
/// (`"2026-07-20T09:15:27Z"`) and offsets (``Instant/parse(_:)``).
package enum SQLDateFormat {
    /// The stored text for `date`: its millisecond (``Instant/storage(_:)``), so a round trip matches the
    /// original to within one millisecond, not bit for bit.
    package static func string(from date: Date) -> String { Instant.storage(date) }

    /// The instant `text` names, or `nil` when it is not ISO 8601 UTC-or-offset text.
    package static func date(from text: String) -> Date? { Instant.parse(text) }
}
