import ForgeCore
import Foundation

/// JSON documents stored in text columns of the food tables.
enum CookJSON {
    static func text<T: Encodable>(_ value: T) throws -> String { try JSONCoding.string(value) }
    static func decode<T: Decodable>(_ type: T.Type, _ text: String, fallback: T) -> T {
        (try? JSONCoding.decode(type, from: Data(text.utf8))) ?? fallback
    }
}
