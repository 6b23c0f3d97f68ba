import Foundation

/// How food names are compared: lower-cased, accents folded ("crème
/// fraîche" = "creme fraiche"), split into words of letters and digits, each
/// word singular by English plural rules ("tomatoes" → "tomato", "leaves" →
/// "leaf", "berries" → "berry"). Both sides of every comparison go through
/// the same steps, so a rule that mangles a word ("hummus") mangles it alike.
package enum FoodText {
    /// `text` lower-cased with accents and ligatures folded, soft hyphens dropped, full-width Latin
    /// letters and digits made narrow. Plain ASCII takes the stdlib's lowercasing alone; other text is
    /// decomposed (NFD) and its combining marks dropped, scalar by scalar (Foundation's locale-aware
    /// `folding` cost a millisecond a line).
    package static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0xAD: continue  // soft hyphen ("Weizen\u{AD}mehl")
            case 0x0300...0x036F: continue  // combining diacritical marks
            case 0xDF: out.append(contentsOf: "ss".unicodeScalars)
            case 0x153: out.append(contentsOf: "oe".unicodeScalars)
            case 0xE6: out.append(contentsOf: "ae".unicodeScalars)
            case 0xFF01...0xFF5E: out.append(Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// The folded, singular words of `text`: runs of letters and digits (any script), read scalar by
    /// scalar.
    package static func words(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        var out: [String] = []
        var word = String.UnicodeScalarView()
        func flush() {
            if !word.isEmpty { out.append(singular(String(word))) }
            word = String.UnicodeScalarView()
        }
        for scalar in fold(text).unicodeScalars {
            if isWordScalar(scalar) { word.append(scalar) } else { flush() }
        }
        flush()
        return out
    }

    /// ``words(_:)`` of ASCII text, byte by byte: the same words, without the Unicode scalar walk (most
    /// recipe lines are ASCII, and every line is read several times).
    static func asciiWords(_ text: String) -> [String] {
        var out: [String] = []
        var word: [UInt8] = []
        word.reserveCapacity(24)
        for byte in text.utf8 {
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) {
                word.append(lower)
            } else if !word.isEmpty {
                out.append(singular(String(decoding: word, as: UTF8.self)))
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { out.append(singular(String(decoding: word, as: UTF8.self))) }
        return out
    }

    /// A letter, a digit or a combining mark: ASCII by range, the rest by its Unicode properties.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .spacingMark
            || properties.generalCategory == .nonspacingMark
    }

    /// The comparison key of a name: its ``words(_:)`` joined by one space.
    package static func key(_ text: String) -> String { words(text).joined(separator: " ") }

    /// Words that end in `s` but are not plurals (words in `-ss` and `-us` are kept anyway).
    static let notPlural: Set<String> = ["molasses", "swiss", "brussels", "grits", "anis", "ananas", "jus", "mais"]

    /// Nouns in `-ie` whose plural is `-ies`.
    static let ieNouns: Set<String> = [
        "cookie", "brownie", "veggie", "smoothie", "pie", "calorie", "hoagie", "rookie", "sweetie", "birdie",
        "scrunchie", "prairie", "zombie", "movie", "genie", "goalie",
    ]

    /// `word` made singular (English rules; words of three letters or fewer and ``notPlural`` kept).
    package static func singular(_ word: String) -> String {
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"),
            !notPlural.contains(word)
        else { return word }
        if word.hasSuffix("ies") {
            // "cookies" are cookies, "berries" a berry.
            return ieNouns.contains(String(word.dropLast())) ? String(word.dropLast()) : String(word.dropLast(3)) + "y"
        }
        if word.hasSuffix("ves"), !["olives", "chives", "cloves", "endives"].contains(word) {
            return String(word.dropLast(3)) + "f"
        }
        if word.hasSuffix("oes") || word.hasSuffix("shes") || word.hasSuffix("ches") || word.hasSuffix("xes") {
            return String(word.dropLast(2))
        }
        return String(word.dropLast())
    }
}
