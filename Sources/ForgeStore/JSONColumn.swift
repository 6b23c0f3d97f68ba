import ForgeCore
import Foundation

/// JSON documents stored in text columns (food, recipe and training tables),
/// written and read through ``JSONCoding``.
package enum JSONColumn {
    /// Encodes `value` for storage (``JSONCoding``'s one wire form).
    /// - Throws: what `value.encode(to:)` throws.
    package static func text<T: Encodable>(_ value: T) throws -> String { try JSONCoding.string(value) }

    /// Decodes `T` from a stored text column; `fallback` when the text is not valid.
    package static func decode<T: Decodable>(_ type: T.Type, _ text: String, fallback: T) -> T {
        (try? JSONCoding.decode(type, from: Data(text.utf8))) ?? fallback
    }
}
