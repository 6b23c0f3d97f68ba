import Foundation

/// A JSON document of any shape, for stored documents the contract echoes
/// verbatim (`stats`, `fitted`, plan `content`) and for lax request parsing.
package enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: Decoder) throws {
        // Each miss throws (costly on Linux), so the common kinds go first:
        // strings, then numbers, then objects; the kinds are disjoint, so the
        // order changes no result (a whole number such as 5.0 is an Int, as before).
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let i = try? c.decode(Int.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let o = try? c.decode([String: JSONValue].self) {
            self = .object(o)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .bool(try c.decode(Bool.self))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// JSON equality: numbers compare by value, so `60` equals `60.0` (the
    /// same JSON number written two ways); a test of the written form matches
    /// on the case (`.double`) or reads the bytes.
    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.int, .double), (.double, .int), (.double, .double): return a.doubleValue == b.doubleValue
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int, .double: hasher.combine(doubleValue)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o): hasher.combine(o)
        }
    }

    /// Member `key` of an object; nil otherwise.
    package subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The string, when this is one; else nil (likewise ``boolValue``, ``arrayValue``, ``objectValue``).
    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    /// The boolean, when this is one; else nil.
    package var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
    /// The elements, when this is an array; else nil.
    package var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
    /// The members, when this is an object; else nil.
    package var objectValue: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }
    /// Whether this is JSON `null` (a missing member is not: it reads as nil).
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A number (int or double) as Double; nil otherwise.
    package var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// A number that is integral, as Int; nil otherwise.
    package var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) < 9e15: return Int(d)
        default: return nil
        }
    }
}

/// The one JSON coding configuration of the program: every document forged
/// writes — answers, stored columns, event-socket lines, coach tool results —
/// goes through ``WireEncoder`` (members in declaration order, snake_case
/// keys, `60.0` for a `Double` and `60` for an `Int`, literal non-ASCII,
/// unescaped slashes; ``JSONValue`` objects and dictionaries sorted), and
/// every document it reads through ``WireDecoder`` (docs/contract.md §1.1's lax
/// coercion, the same key rule). A ``JSONValue`` is parsed by
/// ``JSONValue/parse(_:)``, which keeps each number's written form.
package enum JSONCoding {
    /// Encodes `value` as compact UTF-8 JSON.
    /// - Throws: what `value.encode(to:)` throws.
    package static func encode<T: Encodable>(_ value: T) throws -> Data {
        try WireEncoder.data(value)
    }

    /// Decodes `T` from JSON bytes.
    /// - Throws: ``WireDecodingError`` (`json_invalid` when the bytes are not JSON).
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if type == JSONValue.self { return try JSONValue.parse(data) as! T }
        return try WireDecoder.decode(type, from: data)
    }

    /// Encodes `value` to a JSON string.
    package static func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
