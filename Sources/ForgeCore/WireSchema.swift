import Foundation

/// A type that states its own JSON Schema and an example value, for types
/// whose `init(from:)` checks its input (``LocalDate``, identifiers) and so
/// cannot be read by probing.
package protocol WireSchemaDescribed {
    /// The JSON Schema (OpenAPI 3.1 dialect) of the wire form.
    static var wireSchema: JSONValue { get }
}

/// A type whose published schema carries descriptions: the key `""`
/// describes the type, any other key the member of that wire name.
package protocol WireDocumented {
    static var wireDescriptions: [String: String] { get }
}

/// JSON Schemas (OpenAPI 3.1, JSON Schema 2020-12) read from `Decodable`
/// types, so the published document describes exactly what the code decodes
/// and encodes.
///
/// The reader decodes a type from a probe that records every member asked
/// for: `decode` → a required property, `decodeIfPresent` → an optional
/// one, ``Nullable`` → required and nullable, arrays by one element,
/// `[String: T]` and ``OrderedMap`` as `additionalProperties`, a
/// ``WireEnumeration`` as `enum`, ``JSONValue`` as any value. Keys follow
/// ``WireKeys``. Object types go to `components` under their Swift name and
/// are referenced with `$ref`.
package struct WireSchema {
    /// `#/components/schemas` entries, by type name.
    package private(set) var components: [String: JSONValue] = [:]
    private var names: [ObjectIdentifier: String] = [:]
    private var inProgress: Set<ObjectIdentifier> = []

    /// A reader with no components yet.
    package init() {}

    /// `schema` with `descriptions` added to it (`""`) and to its properties.
    static func describe(_ schema: JSONValue, _ descriptions: [String: String]) -> JSONValue {
        guard var object = schema.objectValue, var properties = object["properties"]?.objectValue else { return schema }
        if let text = descriptions[""] { object["description"] = .string(text) }
        for (key, text) in descriptions where !key.isEmpty {
            guard var property = properties[key]?.objectValue else { continue }
            property["description"] = .string(text)
            properties[key] = .object(property)
        }
        object["properties"] = .object(properties)
        return .object(object)
    }

    /// The schema of `type`: a `$ref` for object types, inline otherwise.
    package mutating func schema<T: Decodable>(for type: T.Type) -> JSONValue {
        let id = ObjectIdentifier(type)
        if let name = names[id] { return ref(name) }
        if inProgress.contains(id) { return [:] }
        if let described = type as? any WireSchemaDescribed.Type { return described.wireSchema }
        if type == JSONValue.self { return [:] }
        if let primitive = SchemaProbe.primitiveSchema(type) { return primitive }
        if let e = type as? any WireEnumeration.Type {
            return ["type": "string", "enum": .array(e.wireValues.map(JSONValue.string))]
        }
        if let o = type as? any OptionalWireField.Type, let inner = o.wrappedWireType as? any Decodable.Type {
            return ["anyOf": [schema(for: inner), ["type": "null"]]]
        }
        if let n = type as? any NullableField.Type, let inner = n.wrappedType as? any Decodable.Type {
            return ["anyOf": [schema(for: inner), ["type": "null"]]]
        }
        if let m = type as? any OrderedMapField.Type, let value = m.valueType as? any Decodable.Type {
            return ["type": "object", "additionalProperties": schema(for: value)]
        }
        if let d = type as? any StringKeyedDecodable.Type, let value = d.valueType as? any Decodable.Type {
            return ["type": "object", "additionalProperties": schema(for: value)]
        }
        inProgress.insert(id)
        defer { inProgress.remove(id) }
        let probe = SchemaProbe(owner: self)
        _ = try? T(from: ProbeDecoder(probe: probe, node: probe.root, codingPath: []))
        self = probe.owner
        var built = probe.root.schema
        guard built["type"] == "object", built["properties"] != nil else { return built }
        if let documented = type as? any WireDocumented.Type {
            built = Self.describe(built, documented.wireDescriptions)
        }
        var name = String(describing: type).filter { $0.isLetter || $0.isNumber || $0 == "_" }
        if let clash = components[name], clash != built { name += "_\(components.count)" }
        components[name] = built
        names[id] = name
        return ref(name)
    }

    private func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }
}

/// `T?` as a dictionary value or array element: the value or null.
protocol OptionalWireField { static var wrappedWireType: Any.Type { get } }
extension Optional: OptionalWireField { static var wrappedWireType: Any.Type { Wrapped.self } }

/// What the probe learned of one value.
final class ProbeNode {
    var schema: JSONValue = [:]
    var properties: [(String, JSONValue)] = []
    var required: [String] = []
    /// Members the type asked `contains` of (optional) and `decodeNil` of (nullable).
    var presenceChecked: Set<String> = []
    var nilChecked: Set<String> = []

    func finishObject() {
        var props: [String: JSONValue] = [:]
        for (k, v) in properties { props[k] = v }
        var s: [String: JSONValue] = ["type": "object", "properties": .object(props)]
        if !required.isEmpty { s["required"] = .array(required.map(JSONValue.string)) }
        schema = .object(s)
    }
}

final class SchemaProbe {
    var owner: WireSchema
    let root = ProbeNode()
    init(owner: WireSchema) { self.owner = owner }

    /// The schema of `T` and a value to hand back to the type being probed.
    func describe<T: Decodable>(_ type: T.Type) throws -> (JSONValue, T) {
        let schema = owner.schema(for: type)
        return (schema, try example(type))
    }

    func example<T: Decodable>(_ type: T.Type) throws -> T {
        if let e = type as? any WireEnumeration.Type, let first = e.wireValues.first {
            return try WireDecoder.decode(type, from: .string(first))
        }
        if type is any NullableField.Type { return try WireDecoder.decode(type, from: .null) }
        if type is any OrderedMapField.Type || type is any StringKeyedDecodable.Type {
            return try WireDecoder.decode(type, from: .object([:]))
        }
        if let described = type as? any WireSchemaDescribed.Type {
            return try WireDecoder.decode(type, from: Self.sample(described.wireSchema))
        }
        if type == JSONValue.self { return JSONValue.int(0) as! T }
        if let p = Self.primitive(type) { return p }
        let node = ProbeNode()
        return try T(from: ProbeDecoder(probe: self, node: node, codingPath: []))
    }

    /// A value satisfying a simple schema (its `example`, else by type).
    static func sample(_ schema: JSONValue) -> JSONValue {
        if let example = schema["example"] { return example }
        switch schema["type"]?.stringValue {
        case "integer", "number": return .int(0)
        case "boolean": return .bool(false)
        case "array": return .array([])
        case "object": return .object([:])
        default: return .string("")
        }
    }

    static func primitive<T>(_ type: T.Type) -> T? {
        switch type {
        case is String.Type: return ("" as! T)
        case is Double.Type: return (0.0 as Double as! T)
        case is Float.Type: return (Float(0) as! T)
        case is Bool.Type: return (false as! T)
        case let i as any FixedWidthInteger.Type: return (i.init(0) as! T)
        default: return nil
        }
    }

    static func primitiveSchema(_ type: Any.Type) -> JSONValue? {
        switch type {
        case is String.Type: return ["type": "string"]
        case is Double.Type, is Float.Type: return ["type": "number"]
        case is Bool.Type: return ["type": "boolean"]
        case is any FixedWidthInteger.Type: return ["type": "integer"]
        default: return nil
        }
    }
}

struct ProbeDecoder: Decoder {
    let probe: SchemaProbe
    let node: ProbeNode
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        node.finishObject()
        return KeyedDecodingContainer(ProbeKeyed<Key>(probe: probe, node: node, codingPath: codingPath))
    }
    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        node.schema = ["type": "array", "items": [:]]
        return ProbeUnkeyed(probe: probe, node: node, codingPath: codingPath)
    }
    func singleValueContainer() throws -> SingleValueDecodingContainer {
        ProbeSingle(probe: probe, node: node, codingPath: codingPath)
    }
}

private struct ProbeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: SchemaProbe
    let node: ProbeNode
    let codingPath: [CodingKey]
    var allKeys: [Key] { [] }

    /// A member whose presence is asked first is optional; one asked
    /// `decodeNil` of is nullable (the lax `contains`/`decodeNil`/`decode`
    /// pattern of hand-written decoders).
    func contains(_ key: Key) -> Bool {
        node.presenceChecked.insert(WireKeys.wireName(key))
        return true
    }
    func decodeNil(forKey key: Key) throws -> Bool {
        node.nilChecked.insert(WireKeys.wireName(key))
        return false
    }

    private func record<T: Decodable>(_ type: T.Type, _ key: Key, required: Bool) throws -> T {
        let name = WireKeys.wireName(key)
        var (schema, value) = try probe.describe(type)
        if node.nilChecked.contains(name), schema != [:], schema["anyOf"] == nil {
            schema = ["anyOf": [schema, ["type": "null"]]]
        }
        if !node.properties.contains(where: { $0.0 == name }) {
            node.properties.append((name, schema))
            if required, !node.presenceChecked.contains(name) { node.required.append(name) }
            node.finishObject()
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try record(type, key, required: true) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try record(type, key, required: false)
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try record(type, key, required: false)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try record(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try record(type, key, required: false)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let child = ProbeNode()
        let c = try ProbeDecoder(probe: probe, node: child, codingPath: codingPath + [key]).container(keyedBy: type)
        node.properties.append((WireKeys.wireName(key), child.schema))
        node.finishObject()
        return c
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        let child = ProbeNode()
        let c = try ProbeDecoder(probe: probe, node: child, codingPath: codingPath + [key]).unkeyedContainer()
        node.properties.append((WireKeys.wireName(key), ["type": "array"]))
        node.finishObject()
        return c
    }
    func superDecoder() throws -> Decoder { ProbeDecoder(probe: probe, node: node, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> Decoder {
        ProbeDecoder(probe: probe, node: ProbeNode(), codingPath: codingPath + [key])
    }
}

private struct ProbeUnkeyed: UnkeyedDecodingContainer {
    let probe: SchemaProbe
    let node: ProbeNode
    let codingPath: [CodingKey]
    var currentIndex = 0
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex >= 1 }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        let (schema, value) = try probe.describe(type)
        node.schema = ["type": "array", "items": schema]
        return value
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        currentIndex += 1
        return try ProbeDecoder(probe: probe, node: ProbeNode(), codingPath: codingPath).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        currentIndex += 1
        return try ProbeDecoder(probe: probe, node: ProbeNode(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superDecoder() throws -> Decoder {
        ProbeDecoder(probe: probe, node: ProbeNode(), codingPath: codingPath)
    }
}

private struct ProbeSingle: SingleValueDecodingContainer {
    let probe: SchemaProbe
    let node: ProbeNode
    let codingPath: [CodingKey]
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (schema, value) = try probe.describe(type)
        node.schema = schema
        return value
    }
}
