import Foundation
import ForgeCore

/// `LocalDate` is stored as TEXT `"YYYY-MM-DD"`, which sorts chronologically.
extension LocalDate: SQLBindable, SQLDecodableValue {
    public var sqlValue: SQLValue { .text(description) }
    public init(sqlValue: SQLValue) throws {
        guard case .text(let text) = sqlValue, let date = LocalDate(text) else { throw sqlValue.mismatch(LocalDate.self) }
        self = date
    }
}

/// `JSONValue` is stored as its JSON text (keys sorted, so equal documents store equal text).
extension JSONValue: SQLBindable, SQLDecodableValue {
    public var sqlValue: SQLValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: every case is plain JSON (non-finite doubles aside).
        guard let data = try? encoder.encode(self) else { return .null }
        return .text(String(decoding: data, as: UTF8.self))
    }
    /// Parses TEXT or BLOB as JSON; NULL becomes `.null`.
    public init(sqlValue: SQLValue) throws {
        switch sqlValue {
        case .null: self = .null
        case .text(let text): self = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        case .blob(let data): self = try JSONDecoder().decode(JSONValue.self, from: data)
        default: throw sqlValue.mismatch(JSONValue.self)
        }
    }
}
