import ForgeCore
import Foundation

/// A `Decoder` over one `Row`, used by `Row.decode(_:)`.
///
/// Rules:
/// - Each coding key names a column, matched case-insensitively; a key with
///   no such column falls back to its snake_case form (`createdAt` →
///   `created_at`, `userID` → `user_id`).
/// - `Int`, `Int64`, `Double`, `Bool`, `String`, `Data`, `Date`, `SQLValue`
///   and every other `SQLDecodableValue` convert as that protocol documents;
///   other integer widths and `Float` convert through `Int64`/`Double` with a
///   range check.
/// - `Optional` properties (`decodeIfPresent`) are `nil` for NULL or a missing column.
/// - Any other `Decodable` property is read from its column's TEXT (or BLOB)
///   as JSON (`[String]`, nested structs, dictionaries); if that text is not
///   JSON of the right shape, the value is decoded as a single value
///   instead, so `String`/`Int` raw-value enums and wrappers stored as plain
///   text or integers work too.
struct RowDecoder: Decoder {
    let row: Row
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedContainer<Key>(row: row, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(
                codingPath: codingPath,
                debugDescription: "a row decodes as a keyed container (one key per column), not an array"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.values.count == 1 else {
            throw DecodingError.typeMismatch(
                SQLValue.self,
                .init(
                    codingPath: codingPath,
                    debugDescription: "a row decodes as a single value only when it has exactly one column"))
        }
        return ColumnValueContainer(value: row.values[0], codingPath: codingPath)
    }
}

/// `createdAt` → `created_at`, `userID` → `user_id`, `URLString` → `url_string`.
func snakeCased(_ key: String) -> String {
    let chars = Array(key)
    var out = ""
    for (i, c) in chars.enumerated() {
        if c.isUppercase, i > 0 {
            let prev = chars[i - 1]
            let nextIsLower = i + 1 < chars.count && chars[i + 1].isLowercase
            if prev.isLowercase || prev.isNumber || (prev.isUppercase && nextIsLower) { out.append("_") }
        }
        out.append(contentsOf: c.lowercased())
    }
    return out
}

/// Converts `value` to `T` with `SQLDecodableValue` rules, reporting failures as `DecodingError`.
private func convert<T: SQLDecodableValue>(_ value: SQLValue, to type: T.Type, path: [any CodingKey]) throws -> T {
    do { return try T(sqlValue: value) } catch let error as DatabaseError {
        let context = DecodingError.Context(codingPath: path, debugDescription: error.message, underlyingError: error)
        throw value.isNull ? DecodingError.valueNotFound(T.self, context) : DecodingError.typeMismatch(T.self, context)
    }
}

/// Converts through `Wide` (`Int64` or `Double`) and narrows exactly, for `Int8`, `UInt32`, `Float`...
private func narrow<T: BinaryInteger>(_ value: SQLValue, to type: T.Type, path: [any CodingKey]) throws -> T {
    let wide = try convert(value, to: Int64.self, path: path)
    guard let v = T(exactly: wide) else {
        throw DecodingError.dataCorrupted(
            .init(codingPath: path, debugDescription: "\(wide) does not fit in \(T.self)"))
    }
    return v
}

/// Decodes any `Decodable` from one column value, per the rules on `RowDecoder`.
private func decodeValue<T: Decodable>(_ type: T.Type, from value: SQLValue, path: [any CodingKey]) throws -> T {
    if let direct = T.self as? any SQLDecodableValue.Type {
        return try convert(value, to: direct, path: path) as! T  // `direct` is `T.self`
    }
    let json: Data? =
        switch value {
        case .text(let text): Data(text.utf8)
        case .blob(let data): data
        default: nil
        }
    if let json, let decoded = try? JSONCoding.decode(T.self, from: json) { return decoded }
    do {
        return try T(from: ColumnDecoder(value: value, codingPath: path))
    } catch ColumnDecoder.NeedsJSON.needsJSON {
        let context = DecodingError.Context(
            codingPath: path,
            debugDescription: "column value \(value) is not JSON text for \(T.self)")
        throw value.isNull ? DecodingError.valueNotFound(T.self, context) : DecodingError.typeMismatch(T.self, context)
    }
}

private struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    let codingPath: [any CodingKey]

    private func position(_ key: Key) -> Int? {
        row.layout.position(of: key.stringValue) ?? row.layout.position(of: snakeCased(key.stringValue))
    }

    private func value(_ key: Key) throws -> SQLValue {
        guard let i = position(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "row has no column \(key.stringValue) (or \(snakeCased(key.stringValue)))"))
        }
        return row.values[i]
    }

    var allKeys: [Key] {
        row.layout.names.compactMap { name in
            Key(stringValue: name) ?? Key(stringValue: camelCased(name))
        }
    }

    private func camelCased(_ name: String) -> String {
        let parts = name.split(separator: "_")
        guard let first = parts.first else { return name }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    func contains(_ key: Key) -> Bool { position(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try convert(value(key), to: type, path: path(key))
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try convert(value(key), to: type, path: path(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try convert(value(key), to: type, path: path(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try convert(value(key), to: Double.self, path: path(key)))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try convert(value(key), to: type, path: path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try narrow(value(key), to: type, path: path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try narrow(value(key), to: type, path: path(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try convert(value(key), to: type, path: path(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try convert(value(key), to: type, path: path(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try narrow(value(key), to: type, path: path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try narrow(value(key), to: type, path: path(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try narrow(value(key), to: type, path: path(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try narrow(value(key), to: type, path: path(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try narrow(value(key), to: type, path: path(key))
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeValue(type, from: value(key), path: path(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.typeMismatch(
            type,
            .init(
                codingPath: path(key),
                debugDescription:
                    "nested containers are not supported; declare a Decodable property stored as JSON text"))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(
                codingPath: path(key),
                debugDescription:
                    "nested containers are not supported; declare a Decodable property stored as JSON text"))
    }
    func superDecoder() throws -> any Decoder { RowDecoder(row: row, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoder(row: row, codingPath: path(key)) }
}

/// A single-value `Decoder` over one column value, for enums and wrappers stored as plain values.
private struct ColumnDecoder: Decoder {
    enum NeedsJSON: Error { case needsJSON }
    let value: SQLValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw NeedsJSON.needsJSON
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NeedsJSON.needsJSON }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ColumnValueContainer(value: value, codingPath: codingPath)
    }
}

private struct ColumnValueContainer: SingleValueDecodingContainer {
    let value: SQLValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try convert(value, to: type, path: codingPath) }
    func decode(_ type: String.Type) throws -> String { try convert(value, to: type, path: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try convert(value, to: type, path: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try convert(value, to: Double.self, path: codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try convert(value, to: type, path: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(value, to: type, path: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(value, to: type, path: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try convert(value, to: type, path: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try convert(value, to: type, path: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(value, to: type, path: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(value, to: type, path: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(value, to: type, path: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(value, to: type, path: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(value, to: type, path: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type, from: value, path: codingPath) }
}
