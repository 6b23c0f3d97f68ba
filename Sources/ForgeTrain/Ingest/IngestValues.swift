import ForgeCore
import Foundation

/// Lax reading of payload values: "never fails on odd data shapes".
enum IngestValues {
    /// A finite number from a JSON number or a numeric string; nil otherwise.
    static func number(_ v: JSONValue?) -> Double? {
        switch v {
        case .int(let i)?: return Double(i)
        case .double(let d)? where d.isFinite: return d
        case .string(let s)?: return Double(s.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// A quantity: a bare number, or `{qty, units}` (units lower-cased, "" when absent).
    static func quantity(_ v: JSONValue?) -> (value: Double, units: String)? {
        if let n = number(v) { return (n, "") }
        guard let o = v?.objectValue, let n = number(o["qty"]) else { return nil }
        return (n, (o["units"]?.stringValue ?? "").trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The first present, non-null value among `keys` of `object`.
    static func first(_ object: [String: JSONValue], _ keys: [String]) -> JSONValue? {
        for k in keys { if let v = object[k], !v.isNull { return v } }
        return nil
    }
}
