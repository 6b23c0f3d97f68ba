import Foundation

/// Reads a printed ingredient line ("2-3 small dill pickles, sliced") into
/// quantity, unit, name and note without losing any of its words.
///
/// The parse is a derivation: `disp` (the quantity as written, with its unit
/// word and any parenthesis right after it), `name` (up to the first comma
/// outside parentheses) and `note` (the rest) are consecutive pieces of the
/// collapsed line, so `disp + " " + name + ", " + note` gives the line back
/// (``IngredientLineParser/Parsed/rejoined``). A line with no leading
/// quantity keeps all its words in `name` (and `note`); `qty` is then nil.
///
/// Quantities: integers, decimals (`1.5`, `1,5`), fractions (`1/2`, `1⁄2`),
/// unicode vulgar fractions (`½`, `1½`, `1 ½`), mixed numbers (`1 1/2`),
/// ranges (`2-3`, `2 – 3`, `2 to 3`, `2 bis 3`, `2 à 3`, `2 a 3`, `2 tot 3`:
/// `qty` is the lower bound, `disp` keeps the range). Words such as "a
/// pinch", "to taste", "etwas", "q.b." give no quantity. Units: see
/// ``IngredientUnits``.
public enum IngredientLineParser {
    /// One parsed line. `unit` is the canonical unit key (``IngredientUnits``), `""` for none.
    public struct Parsed: Sendable, Equatable {
        public var qty: Double?
        public var unit: String
        public var disp: String
        public var name: String
        public var note: String?

        /// The pieces put back together: equal to the collapsed line.
        public var rejoined: String {
            var out = [disp, name].filter { !$0.isEmpty }.joined(separator: " ")
            if let note { out += (name.isEmpty && disp.isEmpty ? "" : ", ") + note }
            return out
        }
    }

    static let vulgar: [Character: Double] = [
        "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625,
        "⅞": 0.875, "⅕": 0.2, "⅖": 0.4, "⅗": 0.6, "⅘": 0.8, "⅙": 1.0 / 6, "⅚": 5.0 / 6, "⅐": 1.0 / 7,
        "⅑": 1.0 / 9, "⅒": 0.1,
    ]
    static let rangeWords: Set<String> = ["to", "bis", "à", "a", "tot", "or", "oder", "ou", "o", "of"]

    /// Splits a recipeIngredient string that holds several lines (newlines,
    /// `<br>`, list items) into one line each, as plain text.
    public static func lines(_ text: String) -> [String] {
        HTMLText.blocks(text)
    }

    /// Parses one line (entities decoded and whitespace collapsed first).
    public static func parse(_ text: String) -> Parsed {
        let line = HTMLText.collapse(HTMLText.decodeEntities(text))
        let chars = Array(line)
        var i = 0
        guard let first = number(chars, &i) else { return split(line, disp: "", qty: nil, unit: "") }
        var qty = first
        // Range: "2-3", "2 – 3", "2 to 3".
        var j = i
        skipSpaces(chars, &j)
        if j < chars.count, "-–—~".contains(chars[j]) {
            var k = j + 1
            skipSpaces(chars, &k)
            if number(chars, &k) != nil { i = k }
        } else {
            let word = String(chars[j...].prefix(while: { $0.isLetter })).lowercased()
            if !word.isEmpty, rangeWords.contains(word) {
                var k = j + word.count
                skipSpaces(chars, &k)
                if k > j + word.count, number(chars, &k) != nil { i = k }
            }
        }
        qty = first
        // A unit, possibly written right after the number ("29g").
        var k = i
        skipSpaces(chars, &k)
        var unit = ""
        if let (key, length) = IngredientUnits.unit(at: chars, k) {
            unit = key
            i = k + length
        }
        // A parenthesis right after the quantity belongs to it: "1 cup (6 ounces)", "1 (14 oz) can".
        k = i
        skipSpaces(chars, &k)
        if k < chars.count, chars[k] == "(", let close = chars[k...].firstIndex(of: ")") {
            i = close + 1
            if unit.isEmpty {
                var m = i
                skipSpaces(chars, &m)
                if let (key, length) = IngredientUnits.unit(at: chars, m) { unit = key; i = m + length }
            }
        }
        let disp = String(chars[..<i]).trimmingCharacters(in: .whitespaces)
        return split(String(chars[i...]), disp: disp, qty: qty, unit: unit)
    }

    /// Name and note of `rest`: the note starts after the first comma outside parentheses.
    static func split(_ rest: String, disp: String, qty: Double?, unit: String) -> Parsed {
        let text = rest.trimmingCharacters(in: .whitespaces)
        var depth = 0
        var cut: String.Index? = nil
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth = max(depth - 1, 0)
            case "," where depth == 0: cut = index
            default: break
            }
            if cut != nil { break }
        }
        guard let cut else { return Parsed(qty: qty, unit: unit, disp: disp, name: text, note: nil) }
        let name = text[..<cut].trimmingCharacters(in: .whitespaces)
        let note = text[text.index(after: cut)...].trimmingCharacters(in: .whitespaces)
        if note.isEmpty { return Parsed(qty: qty, unit: unit, disp: disp, name: text, note: nil) }
        return Parsed(qty: qty, unit: unit, disp: disp, name: name, note: note)
    }

    static func skipSpaces(_ chars: [Character], _ i: inout Int) {
        while i < chars.count, chars[i] == " " { i += 1 }
    }

    /// A number at `i`: integer, decimal, fraction, vulgar fraction, mixed number. Advances `i` past it.
    static func number(_ chars: [Character], _ i: inout Int) -> Double? {
        var k = i
        if k < chars.count, let f = vulgar[chars[k]] { i = k + 1; return f }
        guard let whole = digits(chars, &k) else { return nil }
        var value = whole
        if k < chars.count, chars[k] == "." || chars[k] == ",", k + 1 < chars.count, chars[k + 1].isASCIINumber {
            var m = k + 1
            let start = m
            while m < chars.count, chars[m].isASCIINumber { m += 1 }
            // "1,500" with three digits is a thousands separator only after a comma.
            let fraction = String(chars[start..<m])
            if chars[k] == "," && fraction.count == 3 {
                value = value * 1000 + (Double(fraction) ?? 0)
            } else {
                value += (Double("0." + fraction) ?? 0)
            }
            k = m
        } else if k < chars.count, chars[k] == "/" || chars[k] == "⁄" {
            var m = k + 1
            if let denominator = digits(chars, &m), denominator > 0 { value /= denominator; k = m }
        } else if k < chars.count, let f = vulgar[chars[k]] {
            value += f; k += 1
        } else {
            // Mixed number: "1 1/2", "1 ½".
            var m = k
            skipSpaces(chars, &m)
            if m > k, m < chars.count, let f = vulgar[chars[m]] {
                value += f; k = m + 1
            } else if m > k {
                var n = m
                if let a = digits(chars, &n), n < chars.count, chars[n] == "/" || chars[n] == "⁄" {
                    var p = n + 1
                    if let b = digits(chars, &p), b > 0, a < b { value += a / b; k = p }
                }
            }
        }
        i = k
        return value
    }

    static func digits(_ chars: [Character], _ i: inout Int) -> Double? {
        var k = i
        while k < chars.count, chars[k].isASCIINumber { k += 1 }
        guard k > i, let value = Double(String(chars[i..<k])) else { return nil }
        i = k
        return value
    }
}

extension Character {
    var isASCIINumber: Bool { isASCII && isNumber }
}
