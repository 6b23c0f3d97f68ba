import Foundation

/// Why a JSON document does not fit a type, in the terms of docs/contract.md §1.4's
/// validation item: where (`path`, e.g. `["sets", 0, "weight"]`), a
/// pydantic-style `type` (`missing`, `int_parsing`, `string_type`, …), a
/// sentence and the offending input.
package struct WireDecodingError: Error, Sendable, Equatable {
    /// One step of the `loc` path: an object key or an array index.
    package enum PathItem: Sendable, Equatable {
        case key(String)
        case index(Int)
    }
    /// Where in the body (`["sets", 0, "weight"]`), the pydantic-style error `type`, the
    /// sentence shown as `msg`, and the offending value (nil when missing).
    package var path: [PathItem]
    package var type: String
    package var message: String
    package var input: JSONValue?

    /// One validation item; see the properties.
    package init(path: [PathItem], type: String, message: String, input: JSONValue?) {
        self.path = path
        self.type = type
        self.message = message
        self.input = input
    }

    /// The path as `loc` members: keys as strings, indices as numbers.
    package var loc: [JSONValue] {
        path.map { item in
            switch item {
            case .key(let k): return .string(k)
            case .index(let i): return .int(i)
            }
        }
    }
}

/// The one JSON decoder of forged's inputs and stored documents: decodes any
/// `Decodable` from a ``JSONValue`` tree with the contract's lax coercion
/// (docs/contract.md §1.1) and ``WireKeys``' key rule:
///
/// - a numeric string passes where a number is declared, `"true"`/`"false"`
///   (and 0/1) where a boolean is; an integer field takes a whole float
///   (`3.0`) but not `3.5`; a number must be finite;
/// - a string field takes only a JSON string (`"slug": 123` is refused);
/// - unknown members are ignored; `null` reads as absent for an optional;
/// - every failure is a ``WireDecodingError`` naming the member's path.
package enum WireDecoder {
    /// Decodes `T` from `value`.
    /// - Throws: ``WireDecodingError``.
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try unbox(type, value, path: [], input: false)
    }

    /// Decodes `T` from what a client sent: ``decode(_:from:)-(_,JSONValue)``,
    /// and every string it decodes as a declared member (and every key of a
    /// free-keyed member: a dictionary or an ``OrderedMap``) must pass
    /// ``ControlCharacters``. Open members (``JSONValue``) and unknown members
    /// are not looked at. Stored documents are read with ``decode(_:from:)-(_,JSONValue)``.
    /// - Throws: ``WireDecodingError`` (``ControlCharacters/errorType`` naming the member).
    package static func decodeInput<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try unbox(type, value, path: [], input: true)
    }

    /// Decodes `T` from JSON bytes.
    /// - Throws: ``WireDecodingError`` (`json_invalid` when the bytes are not JSON).
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let tree: JSONValue
        do { tree = try JSONValue.parse(data) } catch {
            throw WireDecodingError(path: [], type: "json_invalid", message: "JSON decode error", input: nil)
        }
        return try decode(type, from: tree)
    }

    /// `input`: the value is a client's (``decodeInput(_:from:)``), so strings
    /// and free keys must pass ``ControlCharacters``.
    static func unbox<T: Decodable>(_ type: T.Type, _ value: JSONValue, path: [CodingKey], input: Bool) throws -> T {
        if T.self == JSONValue.self { return value as! T }
        if let primitive = try Lax.primitive(T.self, value, path: path) {
            if input, let text = primitive as? String, ControlCharacters.contains(in: text) {
                throw Lax.error(path, ControlCharacters.errorType, ControlCharacters.message, value)
            }
            return primitive as! T
        }
        if let dictionary = T.self as? any StringKeyedDecodable.Type {
            return try dictionary.wireDecode(value, path: path, input: input) as! T
        }
        do {
            return try T(from: WireDecoding(value: value, codingPath: path, input: input))
        } catch let error as WireDecodingError {
            throw error
        } catch let error as DecodingError {
            throw Lax.translate(error, type: T.self, value: value, path: path)
        }
    }
}

/// A `[String: T]` dictionary decodes its keys verbatim.
protocol StringKeyedDecodable {
    static func wireDecode(_ value: JSONValue, path: [CodingKey], input: Bool) throws -> Self
    static var valueType: Any.Type { get }
}
extension Dictionary: StringKeyedDecodable where Key == String, Value: Decodable {
    static var valueType: Any.Type { Value.self }
    static func wireDecode(_ value: JSONValue, path: [CodingKey], input: Bool) throws -> Self {
        guard case .object(let members) = value else {
            throw Lax.error(path, "dict_type", "Input should be a valid dictionary", value)
        }
        var out: [String: Value] = [:]
        for (k, v) in members.sorted(by: { $0.key < $1.key }) {
            if input, ControlCharacters.contains(in: k) {
                throw Lax.error(path, ControlCharacters.errorType, ControlCharacters.message, .string(k))
            }
            out[k] = try WireDecoder.unbox(Value.self, v, path: path + [RawKey(k)], input: input)
        }
        return out
    }
}

/// The allowed values as pydantic names them: `'a', 'b' or 'c'`.
package enum WireEnumerationText {
    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`; empty for no values.
    package static func list(_ values: [String]) -> String {
        let names = values.map { "'\($0)'" }
        return names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
    }
}

/// A string enumeration whose cases the decoder can name in its error and
/// the schema can list.
package protocol WireEnumeration { static var wireValues: [String] { get } }
extension WireEnumeration where Self: CaseIterable & RawRepresentable, RawValue == String {
    package static var wireValues: [String] { allCases.map(\.rawValue) }
}

enum Lax {
    static func pathItems(_ path: [CodingKey]) -> [WireDecodingError.PathItem] {
        path.map { key in
            if let i = key.intValue, key is IndexKey { return .index(i) }
            return .key(key is any VerbatimKey ? key.stringValue : WireKeys.snakeCase(key.stringValue))
        }
    }

    static func error(_ path: [CodingKey], _ type: String, _ message: String, _ input: JSONValue?) -> WireDecodingError
    {
        WireDecodingError(path: pathItems(path), type: type, message: message, input: input)
    }

    /// The value of a primitive type with lax coercion; nil when `T` is not primitive.
    static func primitive<T>(_ type: T.Type, _ value: JSONValue, path: [CodingKey]) throws -> Any? {
        switch type {
        case is String.Type:
            guard case .string(let s) = value else {
                throw error(path, "string_type", "Input should be a valid string", value)
            }
            return s
        case is Double.Type: return try double(value, path)
        case is Float.Type: return Float(try double(value, path))
        case is Bool.Type: return try bool(value, path)
        case is Int.Type: return try int(value, path)
        case let integer as any FixedWidthInteger.Type:
            let i = try int(value, path)
            guard let exact = integer.init(exactly: i) else {
                throw error(path, "int_type", "Input should be a valid integer in range", value)
            }
            return exact
        default: return nil
        }
    }

    static func double(_ value: JSONValue, _ path: [CodingKey]) throws -> Double {
        let d: Double
        switch value {
        case .int(let i): d = Double(i)
        case .double(let x): d = x
        case .string(let s):
            guard let x = Double(s.trimmingCharacters(in: .whitespaces)) else {
                throw error(
                    path, "float_parsing", "Input should be a valid number, unable to parse string as a number", value)
            }
            d = x
        default: throw error(path, "float_type", "Input should be a valid number", value)
        }
        guard d.isFinite else { throw error(path, "finite_number", "Input should be a finite number", value) }
        return d
    }

    static func int(_ value: JSONValue, _ path: [CodingKey]) throws -> Int {
        switch value {
        case .int(let i): return i
        case .double(let d):
            guard d.isFinite, abs(d) < 9e15 else {
                throw error(
                    path, "int_parsing_size", "Unable to parse input string as an integer, exceeded maximum size", value
                )
            }
            guard d == d.rounded() else {
                throw error(
                    path, "int_from_float", "Input should be a valid integer, got a number with a fractional part",
                    value)
            }
            return Int(d)
        case .string(let s):
            let t = s.trimmingCharacters(in: .whitespaces)
            if let i = Int(t) { return i }
            if let d = Double(t), d.isFinite, d == d.rounded(), abs(d) < 9e15 { return Int(d) }
            throw error(
                path, "int_parsing", "Input should be a valid integer, unable to parse string as an integer", value)
        default: throw error(path, "int_type", "Input should be a valid integer", value)
        }
    }

    static func bool(_ value: JSONValue, _ path: [CodingKey]) throws -> Bool {
        switch value {
        case .bool(let b): return b
        case .int(0): return false
        case .int(1): return true
        case .string(let s):
            switch s.lowercased() {
            case "true": return true
            case "false": return false
            default:
                throw error(path, "bool_parsing", "Input should be a valid boolean, unable to interpret input", value)
            }
        default: throw error(path, "bool_type", "Input should be a valid boolean", value)
        }
    }

    /// A `DecodingError` thrown inside a type's own `init(from:)` (an
    /// enumeration's unknown raw value, a `LocalDate` that is not a date).
    static func translate(_ e: DecodingError, type: Any.Type, value: JSONValue, path: [CodingKey]) -> WireDecodingError
    {
        switch e {
        case .keyNotFound(let key, let ctx):
            return error(ctx.codingPath + [key], "missing", "Field required", nil)
        case .valueNotFound(_, let ctx):
            return error(ctx.codingPath, "missing", "Field required", nil)
        case .typeMismatch(_, let ctx), .dataCorrupted(let ctx):
            if let e = type as? any WireEnumeration.Type, ctx.codingPath.count <= path.count {
                return error(path, "enum", "Input should be \(WireEnumerationText.list(e.wireValues))", value)
            }
            return error(
                ctx.codingPath, "value_error", ctx.debugDescription, ctx.codingPath.count <= path.count ? value : nil)
        @unknown default:
            return error(path, "value_error", "invalid value", value)
        }
    }
}

/// An array index in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

struct WireDecoding: Decoder {
    let value: JSONValue
    let codingPath: [CodingKey]
    /// A client's value (``WireDecoder/decodeInput(_:from:)``).
    var input = false
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw Lax.error(codingPath, "model_attributes_type", "Input should be a valid dictionary or object", value)
        }
        return KeyedDecodingContainer(KeyedLax<Key>(members: members, codingPath: codingPath, input: input))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw Lax.error(codingPath, "list_type", "Input should be a valid list", value)
        }
        return UnkeyedLax(items: items, codingPath: codingPath, input: input)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        SingleLax(value: value, codingPath: codingPath, input: input)
    }
}

private struct KeyedLax<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [CodingKey]
    let input: Bool

    /// The members present, as keys of `Key`: verbatim for a ``VerbatimKey``,
    /// else by the Swift name whose wire name it is (``WireKeys/camelCase(_:)``).
    var allKeys: [Key] {
        members.keys.compactMap { name in
            if Key.self is any VerbatimKey.Type { return Key(stringValue: name) }
            return Key(stringValue: WireKeys.camelCase(name)) ?? Key(stringValue: name)
        }
    }
    func contains(_ key: Key) -> Bool { members[WireKeys.wireName(key)] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let v = members[WireKeys.wireName(key)] else {
            throw Lax.error(codingPath + [key], "missing", "Field required", nil)
        }
        return v
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let v = try member(key)
        // `null` for a required member reads as missing, as pydantic reports it.
        if v.isNull, !(T.self is any NullableField.Type), T.self != JSONValue.self {
            throw Lax.error(codingPath + [key], "missing", "Field required", nil)
        }
        // A free key (an ``OrderedMap``'s) of a typed value is data the client named.
        if input, key is RawKey, T.self != JSONValue.self, ControlCharacters.contains(in: key.stringValue) {
            throw Lax.error(
                codingPath, ControlCharacters.errorType, ControlCharacters.message, .string(key.stringValue))
        }
        return try WireDecoder.unbox(type, v, path: codingPath + [key], input: input)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try WireDecoding(value: member(key), codingPath: codingPath + [key], input: input).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try WireDecoding(value: member(key), codingPath: codingPath + [key], input: input).unkeyedContainer()
    }
    func superDecoder() throws -> Decoder {
        WireDecoding(value: .object(members), codingPath: codingPath, input: input)
    }
    func superDecoder(forKey key: Key) throws -> Decoder {
        WireDecoding(value: try member(key), codingPath: codingPath + [key], input: input)
    }
}

private struct UnkeyedLax: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [CodingKey]
    let input: Bool
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (JSONValue, [CodingKey]) {
        guard !isAtEnd else { throw Lax.error(codingPath + [IndexKey(currentIndex)], "missing", "Field required", nil) }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (v, path) = try next()
        return try WireDecoder.unbox(type, v, path: path, input: input)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let (v, path) = try next()
        return try WireDecoding(value: v, codingPath: path, input: input).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (v, path) = try next()
        return try WireDecoding(value: v, codingPath: path, input: input).unkeyedContainer()
    }
    mutating func superDecoder() throws -> Decoder {
        let (v, path) = try next()
        return WireDecoding(value: v, codingPath: path, input: input)
    }
}

private struct SingleLax: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [CodingKey]
    let input: Bool
    func decodeNil() -> Bool { value.isNull }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try WireDecoder.unbox(type, value, path: codingPath, input: input)
    }
}
