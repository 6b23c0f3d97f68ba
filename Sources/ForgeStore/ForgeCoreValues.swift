import ForgeCore
import Foundation

/// `LocalDate` is stored as TEXT `"YYYY-MM-DD"`, which sorts chronologically.
extension LocalDate: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { .text(description) }
    package init(sqlValue: SQLValue) throws {
        guard case .text(let text) = sqlValue, let date = LocalDate(text) else {
            throw sqlValue.mismatch(LocalDate.self)
        }
        self = date
    }
}

/// `JSONValue` is stored as its JSON text through ``JSONWriter`` (the
/// program's one JSON form: keys sorted, so equal documents store equal
/// text; doubles keep their decimal point).
extension JSONValue: SQLBindable, SQLDecodableValue {
    package var sqlValue: SQLValue { .text(JSONWriter.string(self)) }
    /// Parses TEXT or BLOB as JSON; NULL becomes `.null`.
    package init(sqlValue: SQLValue) throws {
        switch sqlValue {
        case .null: self = .null
        case .text(let text): self = try JSONCoding.decode(JSONValue.self, from: Data(text.utf8))
        case .blob(let data): self = try JSONCoding.decode(JSONValue.self, from: data)
        default: throw sqlValue.mismatch(JSONValue.self)
        }
    }
}
