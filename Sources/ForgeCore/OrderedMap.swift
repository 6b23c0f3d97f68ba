/// A JSON object keyed by data whose order means something (docs/contract.md §3.6's
/// `e1rm` lifts in the order first trained or planned): written in insertion
/// order with its keys verbatim, never sorted or case-converted.
package struct OrderedMap<Value> {
    /// The pairs in insertion order; keys are unique.
    package private(set) var entries: [(key: String, value: Value)] = []

    /// An empty map.
    package init() {}
    /// `entries` in order; a repeated key keeps its first position and its last value.
    package init(_ entries: [(String, Value)]) { for (k, v) in entries { self[k] = v } }

    /// The value for `key`; setting a new key appends it, setting nil removes it.
    package subscript(key: String) -> Value? {
        get { entries.first(where: { $0.key == key })?.value }
        set {
            let index = entries.firstIndex(where: { $0.key == key })
            switch (index, newValue) {
            case (let i?, let v?): entries[i].value = v
            case (let i?, nil): entries.remove(at: i)
            case (nil, let v?): entries.append((key, v))
            case (nil, nil): break
            }
        }
    }

    package var keys: [String] { entries.map(\.key) }
    package var count: Int { entries.count }
    package var isEmpty: Bool { entries.isEmpty }
}

extension OrderedMap: Encodable where Value: Encodable {
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: RawKey.self)
        for (k, v) in entries { try c.encode(v, forKey: RawKey(k)) }
    }
}

extension OrderedMap: Decodable where Value: Decodable {
    /// Keys in the order the decoder lists them (byte order for
    /// ``WireDecoder``, which reads from an unordered tree).
    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: RawKey.self)
        for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            self[key.stringValue] = try c.decode(Value.self, forKey: key)
        }
    }
}

extension OrderedMap: Sendable where Value: Sendable {}
extension OrderedMap: Equatable where Value: Equatable {
    package static func == (a: Self, b: Self) -> Bool {
        a.entries.count == b.entries.count
            && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// Lets the schema reader describe the map (``WireSchema``).
protocol OrderedMapField { static var valueType: Any.Type { get } }
extension OrderedMap: OrderedMapField { static var valueType: Any.Type { Value.self } }
