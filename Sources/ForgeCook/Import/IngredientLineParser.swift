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
    /// Words after "or" that leave an amount open ("2 or more", "1 or so", "2 oder mehr", "2 ou plus").
    static let openEnds: Set<String> = [
        "more", "so", "less", "mehr", "weniger", "plus", "moins", "más", "menos", "più", "meer",
    ]

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
    ///
    /// "cc" is a teaspoon (the French *cuillère à café*) for a count a cook
    /// spoons, and a cubic centimetre (ml) from 15 up or on a line in
    /// Japanese or Chinese ("牛乳 200cc", "醤油 5cc").
    package static func parse(_ text: String, decimalComma: Bool? = nil) -> Parsed {
        var parsed = read(text, decimalComma: decimalComma)
        if parsed.unit == "tsp", let qty = parsed.qty, qty >= 15 || text.contains(where: \.isCJK),
            parsed.disp.lowercased().replacingOccurrences(of: ".", with: "").hasSuffix("cc")
        {
            parsed.unit = "ml"
        }
        return parsed
    }

    /// ``parse(_:decimalComma:)`` before "cc" is read by its size.
    static func read(_ text: String, decimalComma: Bool?) -> Parsed {
        let line = HTMLText.collapse(HTMLText.decodeEntities(text))
        // "About 1/2 tsp", "scant 2/3 cup", "~5 tomatoes": the hedge is part of the quantity as written.
        let lower = line.lowercased()
        if let hedge = hedges.first(where: { lower.hasPrefix($0) }) {
            let rest = String(line.dropFirst(hedge.count))
            var parsed = read(rest, decimalComma: decimalComma)
            if parsed.qty != nil {
                parsed.disp = (String(line.prefix(hedge.count)) + parsed.disp).trimmedSpaces
                return parsed
            }
        }
        if let leading = leadingUnit(line) { return leading }
        if let trailing = trailingQuantity(line, decimalComma: decimalComma) { return trailing }
        return quantityFirst(line, decimalComma: decimalComma)
    }

    /// Words that hedge a quantity at the start of a line, lower-cased, with the space after them.
    static let hedges = [
        "about ", "approx. ", "approximately ", "scant ", "heaping ", "heaped ", "generous ", "~", "ca. ", "circa ",
        "plm. ", "environ ", "optional: ", "optional ", "etwa ", "ongeveer ",
        // A list's bullet the page kept in the text ("- 1.5 cups flour", "• 2 eggs").
        "- ", "• ", "* ", "– ", "· ",
    ]

    /// A line that starts with a unit and no number ("Pinch salt", "Bund Petersilie", "handful of
    /// coriander", "snufje kaneel"): one of that unit.
    static func leadingUnit(_ line: String) -> Parsed? {
        let chars = Array(line)
        guard let (key, length) = IngredientUnits.unit(at: chars, 0),
            ["pinch", "dash", "handful", "bunch", "sprig"].contains(key), length < chars.count, chars[length] == " "
        else { return nil }
        return split(String(chars[length...]), disp: String(chars[..<length]), qty: 1, unit: key)
    }

    /// A line written name first, quantity last ("zucchero 130 g", "Beurre doux : 120 g", "Tuorli 3",
    /// "Alho 2 dentes"): the name, then the quantity as written.
    static func trailingQuantity(_ line: String, decimalComma: Bool?) -> Parsed? {
        let words = line.split(separator: " ")
        guard words.count >= 2, let firstChar = line.first, firstChar.isLetter else { return nil }
        // The quantity starts at the last word that begins a number, with at most two words after it.
        for start in stride(from: words.count - 1, through: max(words.count - 3, 1), by: -1) {
            let tail = words[start...].joined(separator: " ")
            let first = quantityFirst(tail, decimalComma: decimalComma)
            let parsed = first.qty != nil ? first : unitFirst(tail, decimalComma: decimalComma)
            guard parsed.qty != nil, parsed.name.isEmpty, parsed.note == nil else { continue }
            var name = words[..<start].joined(separator: " ")
            if name.hasSuffix(":") { name = String(name.dropLast()).trimmedSpaces }
            var probe = 0
            guard !name.isEmpty, numberWord(Array(name), &probe) == nil else { return nil }
            return Parsed(qty: parsed.qty, unit: parsed.unit, disp: parsed.disp, name: name, note: nil)
        }
        return nil
    }

    /// A quantity written unit first, as Japanese and Chinese pages do ("大さじ1/2", "小さじ1"); nil qty else.
    static func unitFirst(_ text: String, decimalComma: Bool?) -> Parsed {
        let chars = Array(text)
        guard let (key, length) = IngredientUnits.unit(at: chars, 0) else {
            return split(text, disp: "", qty: nil, unit: "")
        }
        var i = length
        skipSpaces(chars, &i)
        guard let qty = number(chars, &i, decimalComma: decimalComma) else {
            return split(text, disp: "", qty: nil, unit: "")
        }
        return Parsed(
            qty: qty, unit: key, disp: String(chars[..<i]), name: String(chars[i...]).trimmedSpaces, note: nil)
    }

    /// A line that starts with its quantity ("2 cups flour"), or any line without one.
    static func quantityFirst(_ line: String, decimalComma: Bool?) -> Parsed {
        let chars = Array(line)
        var i = 0
        guard var first = number(chars, &i, decimalComma: decimalComma) ?? numberWord(chars, &i) else {
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
                let next = String(chars[k...].prefix(while: { $0.isLetter })).lowercased()
                if k > j + word.count, number(chars, &k, decimalComma: decimalComma) != nil {
                    i = k
                } else if openEnds.contains(next) {
                    // "2 or more tablespoons", "1 oder mehr": the stated amount, open upwards.
                    i = k + next.count
                }
            }
        }
        // "1 dozen eggs", "2 dozen cookies": twelve of each.
        var d = i
        skipSpaces(chars, &d)
        if d + 6 <= chars.count, chars[d] == "d" || chars[d] == "D",
            String(chars[d..<d + 6]).lowercased() == "dozen "
        {
            first *= 12
            i = d + 5
        }
        // A unit, possibly written right after the number ("29g"), or after a size ("1 medium head",
        // "1 heaping cup").
        var k = i
        skipSpaces(chars, &k)
        var unit = ""
        if let (key, length) = IngredientUnits.unit(at: chars, k) {
            unit = key
            i = k + length
        } else if let (key, end) = hyphenatedUnit(chars, k) {
            // "14-ounce", "1-lb", "3.4- ounce".
            unit = key
            i = end
        } else if let size = sizeWords.first(where: { String(chars[k...]).lowercased().hasPrefix($0 + " ") }) {
            var m = k + size.count
            skipSpaces(chars, &m)
            if let (key, length) = IngredientUnits.unit(at: chars, m),
                IngredientUnits.sizes[key] != nil
                    || ["clove", "head", "stalk", "slice", "stick", "piece"].contains(key)
            {
                unit = key
                i = m + length
            }
        }
        // "1 14-ounce can", "2 12.5 oz cans": a container's size, then the container.
        if unit.isEmpty {
            var m = k
            if number(chars, &m, decimalComma: decimalComma) != nil {
                while m < chars.count, chars[m] == " " || chars[m] == "-" { m += 1 }
                if let (size, length) = IngredientUnits.unit(at: chars, m), IngredientUnits.sizes[size] != nil {
                    var n = m + length
                    while n < chars.count, chars[n] == " " || chars[n] == "-" { n += 1 }
                    if let (container, more) = IngredientUnits.unit(at: chars, n), ["can", "pack"].contains(container) {
                        unit = container
                        i = n + more
                    }
                }
            }
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
        // "2 x 400 g tins": the count times one tin's measure, all of it the quantity as written.
        k = i
        skipSpaces(chars, &k)
        if k < chars.count, "x×".contains(chars[k]), k + 1 < chars.count, chars[k + 1] == " " || chars[k + 1].isNumber {
            var m = k + 1
            skipSpaces(chars, &m)
            if let each = number(chars, &m, decimalComma: decimalComma) {
                skipSpaces(chars, &m)
                if let (key, length) = IngredientUnits.unit(at: chars, m), IngredientUnits.sizes[key] != nil {
                    var end = m + length
                    var n = end
                    skipSpaces(chars, &n)
                    if let (container, more) = IngredientUnits.unit(at: chars, n), ["can", "pack"].contains(container) {
                        end = n + more
                    }
                    let disp = String(chars[..<end]).trimmedSpaces
                    return split(String(chars[end...]), disp: disp, qty: qty * each, unit: key)
                }
            }
        }
        let disp = String(chars[..<i]).trimmedSpaces
        var parsed = split(String(chars[i...]), disp: disp, qty: qty, unit: unit)
        // "2 garlic cloves", "2 celery stalks": a count whose unit word ends the name.
        if parsed.unit.isEmpty, let last = parsed.name.split(separator: " ").last {
            let chars = Array(last)
            if let (key, length) = IngredientUnits.unit(at: chars, 0), length == chars.count,
                ["clove", "head", "stalk", "slice", "stick", "sprig"].contains(key)
            {
                parsed.unit = key
            }
        }
        return parsed
    }

    /// A mass or volume unit after a hyphen at `k` ("-ounce", "- ounce"): its key and where it ends.
    static func hyphenatedUnit(_ chars: [Character], _ k: Int) -> (String, Int)? {
        guard k + 1 < chars.count, chars[k] == "-" else { return nil }
        let m = chars[k + 1] == " " ? k + 2 : k + 1
        guard let (key, length) = IngredientUnits.unit(at: chars, m), IngredientUnits.sizes[key] != nil else {
            return nil
        }
        return (key, m + length)
    }

    /// Size words that may stand between a count and its unit, lower-cased.
    static let sizeWords = [
        "small-to-medium", "medium-large", "extra-large", "extra large", "small", "medium", "large", "heaping",
        "heaped", "scant", "level", "rounded", "generous", "big", "good", "packed", "firmly packed",
        "lightly packed", "loosely packed",
    ]

    /// Number words a line may start with ("a pinch of salt", "one onion", "eine Prise Salz", "half a
    /// lemon"), lower-cased, in the six languages.
    static let numberWords: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "half": 0.5, "dozen": 12, "ein": 1, "eine": 1, "einen": 1,
        "zwei": 2, "drei": 3, "un": 1, "une": 1, "deux": 2, "trois": 3, "uno": 1, "una": 1, "dos": 2, "tres": 3,
        "due": 2, "tre": 3, "een": 1, "twee": 2, "drie": 3, "halve": 0.5, "halbe": 0.5, "demi": 0.5, "medio": 0.5,
        "media": 0.5, "mezzo": 0.5,
    ]
    /// Words after "a"/"one" that make it no count ("a few sprigs", "a little oil").
    static let vagueWords: Set<String> = [
        "few", "little", "bit", "couple", "good", "generous", "handful", "knob", "drizzle", "glug", "sprinkle",
        "peu", "poco", "paar", "wenig", "beetje", "paio", "pugno",
    ]

    /// A number word at `i` followed by a space and more words, advancing `i` past it; "a" and "an"
    /// only before a unit or an item ("a pinch", "a lemon"), never before a vague word ("a few"). A hyphenated
    /// size may follow it ("four 8-ounce packages", "two 15-oz cans", "one 3-inch cinnamon stick"); after "a"
    /// or "an", a number is the amount itself ("a 1/2 cup of milk" is half a cup).
    static func numberWord(_ chars: [Character], _ i: inout Int) -> Double? {
        let word = String(chars[i...].prefix(while: \.isLetter)).lowercased()
        guard let value = numberWords[word], i + word.count < chars.count, chars[i + word.count] == " " else {
            return nil
        }
        var k = i + word.count
        skipSpaces(chars, &k)
        if k < chars.count, chars[k].isASCIINumber {
            var m = k
            guard let size = number(chars, &m) else { return nil }
            // "8-ounce packages", or a weight and its container: "two 15 oz cans".
            var n = m
            skipSpaces(chars, &n)
            let hyphenated = m < chars.count && chars[m] == "-"
            if value >= 1, hyphenated || containerSize(chars, n) {
                i = k
                return value
            }
            guard ["a", "an"].contains(word) else { return nil }
            i = m
            return size
        }
        let next = String(chars[k...].prefix(while: \.isLetter)).lowercased()
        guard !next.isEmpty, !vagueWords.contains(next) || IngredientUnits.unit(at: chars, k) != nil else {
            return nil
        }
        // "half a lemon", "a half cup": the article after "half" is part of the number.
        if value == 0.5, ["a", "an", "un", "une", "una", "een"].contains(next) { k += next.count }
        i = k
        return value
    }

    /// Whether a mass or volume unit and then a can or pack start at `k` ("oz cans", "g Packungen").
    static func containerSize(_ chars: [Character], _ k: Int) -> Bool {
        guard let (size, length) = IngredientUnits.unit(at: chars, k), IngredientUnits.sizes[size] != nil else {
            return false
        }
        var n = k + length
        skipSpaces(chars, &n)
        guard let (container, _) = IngredientUnits.unit(at: chars, n) else { return false }
        return ["can", "pack"].contains(container)
    }

    /// Name and note of `rest`: the note starts after the first comma outside parentheses.
    static func split(_ rest: String, disp: String, qty: Double?, unit: String) -> Parsed {
        let text = rest.trimmedSpaces
        // "1 item(s), large Egg": a comma right after the quantity belongs to it; the name follows.
        if text.hasPrefix(","), !disp.isEmpty {
            return split(String(text.dropFirst()), disp: disp + ",", qty: qty, unit: unit)
        }
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
        let name = text[..<cut].trimmedSpaces
        let note = text[text.index(after: cut)...].trimmedSpaces
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
        // ".5 oz", "(.50 grams)": a decimal written without its leading zero.
        if k + 1 < chars.count, chars[k] == ".", chars[k + 1].isASCIINumber, k == 0 || !chars[k - 1].isASCIINumber {
            var m = k + 1
            while m < chars.count, chars[m].isASCIINumber { m += 1 }
            i = m
            return Double("0." + String(chars[(k + 1)..<m])) ?? 0
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
                // "200/250 g" is a range, not a fraction; "3/2" stays a fraction.
                if !(whole >= 10 && denominator >= 10) { value /= denominator }
                k = m
            }
        } else if k + 1 < chars.count, chars[k] == "-", let f = vulgar[chars[k + 1]] {
            // "1-½ cups".
            value += f
            k += 2
        } else if k < chars.count, chars[k] == "-" || chars[k] == " ",
            let (fraction, end) = mixedFraction(chars, k)
        {
            // "1-1/2 cups", "1 and 1/2 tablespoons".
            value += fraction
            k = end
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

    /// A proper fraction after a whole number at `k`: "-1/2" or " and 1/2"; its value and end.
    static func mixedFraction(_ chars: [Character], _ k: Int) -> (Double, Int)? {
        var m = k + 1
        if chars[k] == " " {
            guard String(chars[m...].prefix(4)).lowercased() == "and " else { return nil }
            m += 4
        }
        var n = m
        guard let a = digits(chars, &n), n < chars.count, chars[n] == "/" || chars[n] == "⁄" else { return nil }
        var p = n + 1
        guard let b = digits(chars, &p), b > 0, a < b else { return nil }
        return (a / b, p)
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
