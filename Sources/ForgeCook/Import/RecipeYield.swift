import Foundation

/// A serving count and a yield description from schema.org `recipeYield`.
///
/// Servings rule: the first whole number the yield gives — a number as is
/// (`4`, `4.0`), in text the first run of digits (`"Serves 4-6"` → 4, the
/// lower bound, as the shared JSON-LD case table's `yield_text` says;
/// `"12 cookies"` → 12; `"2 dozen"` → 24; one to three whole bakes in the portions they are cut into,
/// `"2 loaves"` → 20, `"1 cake"` → 12, `"1 (9-inch) pie"` → 8; `"Serves 4.0"` → 4), in a `QuantitativeValue` its
/// `value` (else `minValue`), in a list the first element that says what it
/// counts ("6 people" before "4"), else the first that gives a number.
/// Below 1 or from 10,000 up → nil (the importer then serves 2).
package enum RecipeYield {
    /// The serving count of a decoded `recipeYield` (number, text, `QuantitativeValue` or list)
    /// by the rule above, 1...9,999; nil when it gives none.
    package static func servings(_ value: Any?) -> Int? {
        switch value {
        case let list as [Any]:
            let worded = list.first { text($0).contains { $0.isLetter } && servings($0) != nil }
            if let worded { return servings(worded) }
            for element in list { if let n = servings(element) { return n } }
            return nil
        case let s as String:
            return fromText(HTMLText.plain(s))
        case let n as NSNumber:
            return whole(n.doubleValue)
        case let o as [String: Any]:
            return servings(o["value"]) ?? servings(o["minValue"])
        default:
            return nil
        }
    }

    /// The yield as the page writes it: the first text that says more than
    /// a bare number ("12 cookies", "Serves 4-6"), else the number; a
    /// `QuantitativeValue` as `value unitText`. `""` when none.
    package static func text(_ value: Any?) -> String {
        switch value {
        case let list as [Any]:
            let texts = list.map(text).filter { !$0.isEmpty }
            return texts.first { $0.contains { $0.isLetter } } ?? texts.first ?? ""
        case let s as String:
            return HTMLText.plain(s)
        case let n as NSNumber:
            return n.stringValue
        case let o as [String: Any]:
            return [text(o["value"] ?? o["minValue"]), text(o["unitText"])].filter { !$0.isEmpty }.joined(
                separator: " ")
        default:
            return ""
        }
    }

    static func whole(_ d: Double) -> Int? {
        guard d.isFinite, d >= 1, d < 10_000 else { return nil }
        return Int(d)
    }

    static func fromText(_ text: String) -> Int? {
        let start = text.drop(while: { !$0.isASCIINumber })
        let digits = start.prefix(while: { $0.isASCIINumber })
        guard let count = Int(digits) else { return nil }
        // The word the number counts, brackets skipped: "2 dozen cookies", "1 (9-inch) pie", "2 loaves".
        let counted =
            start.dropFirst(digits.count).split(separator: " ").lazy.map { $0.lowercased() }
            .first { !$0.hasPrefix("(") && !$0.hasSuffix(")") && $0.first?.isLetter == true } ?? ""
        var portions = count
        if counted.hasPrefix("dozen") { portions = count * 12 }
        // One to three whole bakes are cut into portions: a loaf is ten slices, a cake twelve, a pie eight.
        if count <= 3, let each = portionsPerItem[counted.filter(\.isLetter)] { portions = count * each }
        return whole(Double(portions))
    }

    /// Portions one whole bake is cut into, by the word a yield counts it with.
    static let portionsPerItem: [String: Int] = [
        "loaf": 10, "loaves": 10, "bread": 10, "breads": 10, "cake": 12, "cakes": 12, "cheesecake": 12,
        "traybake": 12, "pie": 8, "pies": 8, "tart": 8, "tarts": 8, "quiche": 8, "quiches": 8, "pizza": 8,
        "pizzas": 8,
    ]
}
