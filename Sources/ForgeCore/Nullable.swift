/// A field the contract types `T | null`: always present, `null` when nil
/// (docs/contract.md: "`k: T | null` = key always present"). A plain optional
/// property is `k?: T` instead: absent when nil.
///
/// ```swift
/// struct SessionStub: Codable { @Nullable var budget: Int? }   // {"budget":null}
/// ```
/// Decoding requires the key (a `null` reads as nil), as the contract
/// promises it is there.
@propertyWrapper
package struct Nullable<Value> {
    /// The value; nil is written as `null`, never left out.
    package var wrappedValue: Value?
    /// Wraps `wrappedValue`.
    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
}

extension Nullable: Encodable where Value: Encodable {
    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}

extension Nullable: Decodable where Value: Decodable {
    package init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
    }
}

extension Nullable: Sendable where Value: Sendable {}
extension Nullable: Equatable where Value: Equatable {}
extension Nullable: Hashable where Value: Hashable {}

/// Lets the schema reader see through the wrapper (``WireSchema``).
protocol NullableField { static var wrappedType: Any.Type { get } }
extension Nullable: NullableField { static var wrappedType: Any.Type { Value.self } }
