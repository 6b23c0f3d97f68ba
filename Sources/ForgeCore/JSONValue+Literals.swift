/// Literal syntax for building JSON documents in code:
/// `let body: JSONValue = ["ok": true, "name": .string(name)]`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(nilLiteral: ()) { self = .null }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object: [String: JSONValue] = [:]
        for (k, v) in elements { object[k] = v }
        self = .object(object)
    }

    /// `.string(s)` or `.null`.
    package static func stringOrNull(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
    /// `.double(d)` or `.null`.
    package static func numberOrNull(_ d: Double?) -> JSONValue { d.map(JSONValue.double) ?? .null }
    /// `.int(i)` or `.null`.
    package static func integerOrNull(_ i: Int?) -> JSONValue { i.map(JSONValue.int) ?? .null }
    /// An array of strings.
    package static func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

    /// Any Encodable value as a JSON tree (through the shared encoder).
    package static func encoded<T: Encodable>(_ value: T) throws -> JSONValue {
        try WireEncoder.jsonValue(value)
    }
}
