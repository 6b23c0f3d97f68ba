/// Literal syntax for building JSON documents in code:
/// `let body: JSONValue = ["ok": true, "name": .string(name)]`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object: [String: JSONValue] = [:]
        for (k, v) in elements { object[k] = v }
        self = .object(object)
    }

    /// `.string(s)` or `.null`.
    public static func stringOrNull(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
    /// `.double(d)` or `.null`.
    public static func numberOrNull(_ d: Double?) -> JSONValue { d.map(JSONValue.double) ?? .null }
    /// `.int(i)` or `.null`.
    public static func integerOrNull(_ i: Int?) -> JSONValue { i.map(JSONValue.int) ?? .null }
    /// An array of strings.
    public static func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

    /// Any Encodable value as a JSON tree (through the shared encoder).
    public static func encoded<T: Encodable>(_ value: T) throws -> JSONValue {
        try WireEncoder.jsonValue(value)
    }
}
