import Foundation

/// The one JSON encoder of forged's answers (docs/contract.md §1.1), for any
/// `Encodable` response type:
///
/// - an object's members in the order the type encodes them (a synthesized
///   conformance: declaration order), so clients that iterate keys see the
///   contract's order; `[String: T]` dictionaries and ``JSONValue`` objects,
///   whose keys are data, in byte order; an ``OrderedMap`` in its own order;
/// - keys converted by ``WireKeys`` (`downKg` → `down_kg`), except keys that
///   are data;
/// - a `Double` always with a decimal point (`60.0`), an integer type always
///   without, whatever path produced the value; non-finite doubles, which
///   JSON cannot express, as `null`;
/// - nil optionals absent (`k?: T`); ``Nullable`` fields as `null`;
/// - non-ASCII literal, `/` unescaped, control characters as `\uXXXX`
///   (``JSONWriter``'s string form).
package enum WireEncoder {
    /// Compact UTF-8 JSON for `value`.
    /// - Throws: whatever `value.encode(to:)` throws (forged's own types throw nothing).
    package static func data<T: Encodable>(_ value: T) throws -> Data {
        var out = [UInt8]()
        out.reserveCapacity(1024)
        try tree(value).write(into: &out)
        return Data(out)
    }

    /// `value` as a JSON string.
    package static func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try data(value), as: UTF8.self)
    }

    /// `value` as a ``JSONValue`` tree (member order is lost: ``JSONValue``
    /// objects are unordered).
    package static func jsonValue<T: Encodable>(_ value: T) throws -> JSONValue {
        try tree(value).jsonValue
    }

    static func tree<T: Encodable>(_ value: T) throws -> WireNode {
        let slot = NodeSlot()
        try WireEncoding(slot: slot, codingPath: []).box(value)
        return slot.node
    }
}

/// An encoded JSON tree whose objects keep member order.
indirect enum WireNode {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([WireNode])
    case object([(String, WireNode)])
    case json(JSONValue)

    func write(into out: inout [UInt8]) throws {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .uint(let u): out.append(contentsOf: String(u).utf8)
        case .double(let d): JSONWriter.write(.double(d), into: &out)
        case .string(let s): JSONWriter.writeString(s, into: &out)
        case .json(let v): JSONWriter.write(v, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                try item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                try value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(Int(i))
        case .uint(let u): return u <= UInt64(Int.max) ? .int(Int(u)) : .double(Double(u))
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .json(let v): return v
        case .array(let a): return .array(a.map(\.jsonValue))
        case .object(let m):
            var o: [String: JSONValue] = [:]
            for (k, v) in m { o[k] = v.jsonValue }
            return .object(o)
        }
    }
}

/// Mutable storage for one node while its container is filled.
final class NodeSlot {
    enum Storage {
        case empty
        case value(WireNode)
        case object(keys: [String], members: [String: NodeSlot])
        case array([NodeSlot])
    }
    var storage: Storage = .empty

    var node: WireNode {
        switch storage {
        case .empty: return .object([])
        case .value(let n): return n
        case .object(let keys, let members): return .object(keys.map { ($0, members[$0]!.node) })
        case .array(let items): return .array(items.map(\.node))
        }
    }

    /// The child slot for `key`, created (and ordered) on first use.
    func member(_ key: String) -> NodeSlot {
        var keys: [String] = []
        var members: [String: NodeSlot] = [:]
        if case .object(let k, let m) = storage {
            if let existing = m[key] { return existing }
            keys = k
            members = m
        }
        // Take the collections out of `storage` before changing them: while the
        // enum still holds them every append copied the whole list (quadratic
        // in a list's length: a 3,000-point e1RM series cost tens of ms).
        storage = .empty
        let slot = NodeSlot()
        keys.append(key)
        members[key] = slot
        storage = .object(keys: keys, members: members)
        return slot
    }

    /// A new last element (any other content is replaced by an empty array first).
    func appendElement() -> NodeSlot {
        var items: [NodeSlot] = []
        if case .array(let existing) = storage { items = existing }
        storage = .empty  // unique owner, so the append below does not copy (see `member`)
        let slot = NodeSlot()
        items.append(slot)
        storage = .array(items)
        return slot
    }
}

/// A `[String: T]` dictionary: its keys are data, written verbatim in byte order.
protocol StringKeyedEncodable { func wireEntries() -> [(String, any Encodable)] }
extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func wireEntries() -> [(String, any Encodable)] {
        keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, self[$0]! as any Encodable) }
    }
}

struct WireEncoding: Encoder {
    let slot: NodeSlot
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .empty = slot.storage { slot.storage = .object(keys: [], members: [:]) }
        return KeyedEncodingContainer(KeyedWire<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .empty = slot.storage { slot.storage = .array([]) }
        return UnkeyedWire(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { SingleWire(slot: slot, codingPath: codingPath) }

    /// Encodes one value into `slot`, special-casing the kinds whose form
    /// this encoder fixes (numbers, JSON trees, dictionaries).
    func box<T: Encodable>(_ value: T) throws {
        switch value {
        case let v as JSONValue: slot.storage = .value(.json(v))
        case let v as Double: slot.storage = .value(.double(v))
        case let v as Float: slot.storage = .value(.double(Double(v)))
        case let v as any FixedWidthInteger:
            slot.storage = .value(Int64(exactly: v).map(WireNode.int) ?? .uint(UInt64(v)))
        case let v as String: slot.storage = .value(.string(v))
        case let v as Bool: slot.storage = .value(.bool(v))
        case let v as any StringKeyedEncodable:
            slot.storage = .object(keys: [], members: [:])
            for (k, member) in v.wireEntries() {
                try WireEncoding(slot: slot.member(k), codingPath: codingPath + [RawKey(k)]).box(member)
            }
        default: try value.encode(to: self)
        }
    }
}

private struct KeyedWire<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: NodeSlot
    let codingPath: [CodingKey]

    private func child(_ key: Key) -> WireEncoding {
        WireEncoding(slot: slot.member(WireKeys.wireName(key)), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).slot.storage = .value(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try child(key).box(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try child(key).box(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try child(key).box(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try child(key).box(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try child(key).box(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try child(key).box(Int(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try child(key).box(Int(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try child(key).box(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try child(key).box(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try child(key).box(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try child(key).box(Int(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try child(key).box(Int(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try child(key).box(Int(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try child(key).box(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try child(key).box(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        child(key).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer { child(key).unkeyedContainer() }
    mutating func superEncoder() -> Encoder {
        WireEncoding(slot: slot.member("super"), codingPath: codingPath + [RawKey("super")])
    }
    mutating func superEncoder(forKey key: Key) -> Encoder { child(key) }
}

private struct UnkeyedWire: UnkeyedEncodingContainer {
    let slot: NodeSlot
    let codingPath: [CodingKey]
    var count: Int {
        if case .array(let a) = slot.storage { return a.count }
        return 0
    }

    private func next() -> WireEncoding {
        let index = count
        return WireEncoding(slot: slot.appendElement(), codingPath: codingPath + [RawKey("\(index)")])
    }

    mutating func encodeNil() throws { next().slot.storage = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().box(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        next().container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> Encoder { next() }
}

private struct SingleWire: SingleValueEncodingContainer {
    let slot: NodeSlot
    let codingPath: [CodingKey]
    mutating func encodeNil() throws { slot.storage = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try WireEncoding(slot: slot, codingPath: codingPath).box(value)
    }
}
