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

    /// True when `v` (or its `qty`) is a number that is not finite: a JSON
    /// number too large for a double, or a string such as `"1e999"` or
    /// `"NaN"`. Such a value is impossible, not merely odd.
    static func isNonFinite(_ v: JSONValue?) -> Bool {
        switch v {
        case .double(let d)?: return !d.isFinite
        case .string(let s)?: return Double(s.trimmingCharacters(in: .whitespaces)).map { !$0.isFinite } ?? false
        case .object(let o)?: return isNonFinite(o["qty"])
        default: return false
        }
    }
}
