import Foundation

/// Rule 1 of docs/contract.md §4.16: literal `\uXXXX` escape sequences in coach-written
/// strings become the character they name (`"caf\\u00e9"` → `"café"`).
/// Surrogate pairs written as two escapes are joined; an escape that names
/// no character is left as written.
package enum TextRepair {
    /// `text` with every literal `\uXXXX` sequence replaced.
    package static func repair(_ text: String) -> String {
        guard text.contains("\\u") else { return text }
        var units: [UInt16] = []
        let chars = Array(text.utf16)
        var i = 0
        while i < chars.count {
            if chars[i] == 0x5C, i + 5 < chars.count, chars[i + 1] == 0x75, let code = hex(chars[(i + 2)..<(i + 6)]) {
                units.append(code)
                i += 6
            } else {
                units.append(chars[i])
                i += 1
            }
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Every string (values, not keys) of `value` repaired.
    package static func repair(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(repair(s))
        case .array(let a): return .array(a.map(repair))
        case .object(let o): return .object(o.mapValues(repair))
        default: return value
        }
    }

    private static func hex(_ slice: ArraySlice<UInt16>) -> UInt16? {
        guard slice.count == 4 else { return nil }
        var code: UInt16 = 0
        for u in slice {
            let digit: UInt16
            switch u {
            case 0x30...0x39: digit = u - 0x30
            case 0x41...0x46: digit = u - 0x41 + 10
            case 0x61...0x66: digit = u - 0x61 + 10
            default: return nil
            }
            code = code << 4 | digit
        }
        return code
    }
}

extension TextRepair {
    /// A stored text column repaired: `rationale` as text, a JSON document's
    /// strings (``repair(_:)-(JSONValue)``), anything that is not JSON as it was.
    /// Used by the owners' sweeps of stored revisions (`PlanStore`, `FoodWeekStore`).
    /// - Throws: what re-encoding the repaired document throws.
    package static func repair(column: String, _ text: String) throws -> String {
        if column == "rationale" { return repair(text) }
        guard let json = try? JSONCoding.decode(JSONValue.self, from: Data(text.utf8)) else { return text }
        return try JSONCoding.string(repair(json))
    }
}
