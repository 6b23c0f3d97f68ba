import ForgeCore
import Foundation

/// JSON documents stored in text columns.
enum JSONColumn {
    /// Encodes `value` with sorted keys for storage.
    static func text<T: Encodable>(_ value: T) throws -> String { try JSONCoding.string(value) }

    /// Decodes `T` from a stored text column; `fallback` when the text is not valid.
    static func decode<T: Decodable>(_ type: T.Type, _ text: String, fallback: T) -> T {
        (try? JSONCoding.decode(type, from: Data(text.utf8))) ?? fallback
    }
}
