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
/// Quantities: integers, decimals (`1.5`, `1,5`; see ``parse(_:decimalComma:)``
/// for "1,250"), fractions (`1/2`, `1⁄2`),
/// unicode vulgar fractions (`½`, `1½`, `1 ½`), mixed numbers (`1 1/2`),
/// ranges (`2-3`, `2 – 3`, `2 to 3`, `2 bis 3`, `2 à 3`, `2 a 3`, `2 tot 3`:
/// `qty` is the lower bound, `disp` keeps the range). Words such as "a
/// pinch", "to taste", "etwas", "q.b." give no quantity. Units: see
/// ``IngredientUnits``.
package enum IngredientLineParser {
    /// One parsed line. `unit` is the canonical unit key (``IngredientUnits``), `""` for none.
    package struct Parsed: Sendable, Equatable {
        package var qty: Double?
        package var unit: String
        package var disp: String
        package var name: String
        package var note: String?

        /// The pieces put back together: equal to the collapsed line.
        package var rejoined: String {
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
    package static func lines(_ text: String) -> [String] {
        HTMLText.blocks(text)
    }

    /// Parses one line (entities decoded and whitespace collapsed first).
    ///
    /// A separator followed by exactly three digits is ambiguous: "1,250"
    /// is 1250 where a comma groups thousands (English) and 1.25 where it
    /// marks decimals (German, French, …), and "1.250" the other way round.
    /// `decimalComma` says which the page's locale uses (nil: unknown, read
    /// as English). Whatever the locale, the shape decides where it can: any
    /// other count of digits after the separator is a decimal ("1,5 l",
    /// "0,75"), a whole part of 0 is a decimal ("0,250 kg"), and a group
    /// written with the locale's grouping separator before a unit no recipe
    /// measures in thousands (kg, l, lb, quart, gallon) is a decimal:
    /// "1,250 kg" on an English page and "1.250 kg" on a German one are
    /// 1.25 kg, while "1.250 g" on a German page stays 1250 g.
    package static func parse(_ text: String, decimalComma: Bool? = nil) -> Parsed {
        let line = HTMLText.collapse(HTMLText.decodeEntities(text))
        let chars = Array(line)
        var i = 0
        guard var first = number(chars, &i, decimalComma: decimalComma) else {
            return split(line, disp: "", qty: nil, unit: "")
        }
        let firstEnd = i
        // Range: "2-3", "2 – 3", "2 to 3".
        var j = i
        skipSpaces(chars, &j)
        if j < chars.count, "-–—~".contains(chars[j]) {
            var k = j + 1
            skipSpaces(chars, &k)
            if number(chars, &k, decimalComma: decimalComma) != nil { i = k }
        } else {
            let word = String(chars[j...].prefix(while: { $0.isLetter })).lowercased()
            if !word.isEmpty, rangeWords.contains(word) {
                var k = j + word.count
                skipSpaces(chars, &k)
                if k > j + word.count, number(chars, &k, decimalComma: decimalComma) != nil { i = k }
            }
        }
        // A unit, possibly written right after the number ("29g").
        var k = i
        skipSpaces(chars, &k)
        var unit = ""
        if let (key, length) = IngredientUnits.unit(at: chars, k) {
            unit = key
            i = k + length
        }
        // "1,250 kg" (and "1.250 kg" on a decimal-comma page) is not 1250 kilograms.
        if first >= 1000, ["kg", "l", "lb", "quart", "gallon"].contains(unit),
            let decimal = groupAsDecimal(String(chars[..<firstEnd]), grouping: groupingSeparator(decimalComma))
        {
            first = decimal
        }
        let qty = first
        // A parenthesis right after the quantity belongs to it: "1 cup (6 ounces)", "1 (14 oz) can".
        k = i
        skipSpaces(chars, &k)
        if k < chars.count, chars[k] == "(", let close = chars[k...].firstIndex(of: ")") {
            i = close + 1
            if unit.isEmpty {
                var m = i
                skipSpaces(chars, &m)
                if let (key, length) = IngredientUnits.unit(at: chars, m) {
                    unit = key
                    i = m + length
                }
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

    /// The separator that groups thousands where `decimalComma` says how
    /// the page writes decimals: a point on a decimal-comma page, else
    /// (English, or unknown) a comma.
    static func groupingSeparator(_ decimalComma: Bool?) -> Character {
        decimalComma == true ? "." : ","
    }

    /// A thousands group read as a decimal instead: "1,250" with `grouping`
    /// "," or "1.250" with `grouping` "." gives 1.25. Nil unless `text` is
    /// one to three digits, `grouping` and three digits.
    static func groupAsDecimal(_ text: String, grouping: Character) -> Double? {
        let parts = text.split(separator: grouping, omittingEmptySubsequences: false)
        guard parts.count == 2, (1...3).contains(parts[0].count), parts[1].count == 3,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIINumber) })
        else { return nil }
        return Double(parts[0] + "." + parts[1])
    }

    /// A number at `i`: integer, decimal, fraction, vulgar fraction, mixed
    /// number. Advances `i` past it. A separator before exactly three
    /// digits groups thousands when it is the locale's grouping one (a
    /// comma unless `decimalComma` is true, then a point) and the whole
    /// part is not 0; see ``parse(_:decimalComma:)``.
    static func number(_ chars: [Character], _ i: inout Int, decimalComma: Bool? = nil) -> Double? {
        var k = i
        if k < chars.count, let f = vulgar[chars[k]] {
            i = k + 1
            return f
        }
        guard let whole = digits(chars, &k) else { return nil }
        var value = whole
        if k < chars.count, chars[k] == "." || chars[k] == ",", k + 1 < chars.count, chars[k + 1].isASCIINumber {
            var m = k + 1
            let start = m
            while m < chars.count, chars[m].isASCIINumber { m += 1 }
            let fraction = String(chars[start..<m])
            let grouping = groupingSeparator(decimalComma)
            if chars[k] == grouping && fraction.count == 3 && whole > 0 {
                value = value * 1000 + (Double(fraction) ?? 0)
            } else {
                value += (Double("0." + fraction) ?? 0)
            }
            k = m
        } else if k < chars.count, chars[k] == "/" || chars[k] == "⁄" {
            var m = k + 1
            if let denominator = digits(chars, &m), denominator > 0 {
                value /= denominator
                k = m
            }
        } else if k < chars.count, let f = vulgar[chars[k]] {
            value += f
            k += 1
        } else {
            // Mixed number: "1 1/2", "1 ½".
            var m = k
            skipSpaces(chars, &m)
            if m > k, m < chars.count, let f = vulgar[chars[m]] {
                value += f
                k = m + 1
            } else if m > k {
                var n = m
                if let a = digits(chars, &n), n < chars.count, chars[n] == "/" || chars[n] == "⁄" {
                    var p = n + 1
                    if let b = digits(chars, &p), b > 0, a < b {
                        value += a / b
                        k = p
                    }
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
