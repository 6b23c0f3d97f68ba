import ForgeCore
import Foundation

/// A coding key for any string, used to read and write the extra keys that
/// stored plan documents may carry (docs/contract.md §1.1: extra keys are tolerated).
struct AnyKey: VerbatimKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// Every member whose key is not in `known`, as raw JSON.
    func extras(excluding known: Set<String>) throws -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for key in allKeys where !known.contains(key.stringValue) {
            out[key.stringValue] = try decode(JSONValue.self, forKey: key)
        }
        return out
    }

    /// A whole number: accepts JSON integers, integral floats (`3.0`) and
    /// numeric strings (`"3"`), the contract's lax coercion. Nil when absent
    /// or null; throws for anything else.
    func laxInt(_ name: String) throws -> Int? {
        let key = AnyKey(name)
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        let value = try decode(JSONValue.self, forKey: key)
        if let i = value.intValue { return i }
        if let s = value.stringValue, let d = Double(s.trimmingCharacters(in: .whitespaces)),
            d == d.rounded(), abs(d) < 9e15
        {
            return Int(d)
        }
        throw DecodingError.typeMismatch(
            Int.self,
            .init(
                codingPath: codingPath + [key],
                debugDescription: "\(name) must be a whole number"))
    }

    /// A number: accepts JSON numbers and numeric strings. Nil when absent or null.
    func laxDouble(_ name: String) throws -> Double? {
        let key = AnyKey(name)
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        let value = try decode(JSONValue.self, forKey: key)
        if let d = value.doubleValue { return d }
        if let s = value.stringValue, let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite { return d }
        throw DecodingError.typeMismatch(
            Double.self,
            .init(
                codingPath: codingPath + [key],
                debugDescription: "\(name) must be a number"))
    }

    /// A string member; nil when absent or null.
    func string(_ name: String) throws -> String? {
        try decodeIfPresent(String.self, forKey: AnyKey(name))
    }

    /// A required member.
    func required<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try decode(type, forKey: AnyKey(name))
    }

    /// An optional member; nil when absent or null.
    func optional<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
        try decodeIfPresent(type, forKey: AnyKey(name))
    }
}

extension KeyedEncodingContainer where Key == AnyKey {
    /// Writes the extra members, skipping any whose key is a known member
    /// (the known value is written separately and wins).
    mutating func encodeExtras(_ extras: [String: JSONValue], excluding known: Set<String>) throws {
        for (k, v) in extras where !known.contains(k) { try encode(v, forKey: AnyKey(k)) }
    }

    mutating func put<T: Encodable>(_ value: T, _ name: String) throws {
        try encode(value, forKey: AnyKey(name))
    }

    mutating func putIfPresent<T: Encodable>(_ value: T?, _ name: String) throws {
        try encodeIfPresent(value, forKey: AnyKey(name))
    }
}

/// Reads one of this module's embedded seed files; a malformed seed is a
/// build defect, so it stops the process with the decoding error.
enum SeedAsset {
    static func decode<T: Decodable>(_ type: T.Type, _ name: String) -> T {
        guard let data = EmbeddedAssets.bytes(named: name) else {
            fatalError("ForgeTrain: missing embedded asset \(name)")
        }
        do { return try JSONCoding.decode(type, from: data) } catch {
            fatalError("ForgeTrain: embedded asset \(name) is malformed: \(error)")
        }
    }
}
