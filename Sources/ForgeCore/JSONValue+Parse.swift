import Foundation

extension JSONValue {
    /// Parses JSON bytes keeping each number's written form: `60.0` and `1e2`
    /// are ``double(_:)``, `60` is ``int(_:)`` (Foundation's
    /// `JSONSerialization` reports the token's kind; `JSONDecoder` cannot),
    /// so a stored or received float is never re-typed as an integer on the
    /// way back out (docs/contract.md §1.1).
    /// - Throws: Foundation's parse error when `data` is not JSON (a number
    ///   too large for a double, `1e400`, included).
    package static func parse(_ data: Data) throws -> JSONValue {
        convert(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    private static func convert(_ any: Any) -> JSONValue {
        switch any {
        case let s as String: return .string(s)
        case let n as NSNumber:
            switch String(cString: n.objCType) {
            case "c", "B": return .bool(n.boolValue)
            case "d", "f": return .double(n.doubleValue)
            default:
                // An integer token beyond Int64 arrives as a decimal number.
                if n is NSDecimalNumber { return .double(n.doubleValue) }
                return .int(n.intValue)
            }
        case let a as [Any]: return .array(a.map(convert))
        case let o as [String: Any]: return .object(o.mapValues(convert))
        default: return .null
        }
    }
}
