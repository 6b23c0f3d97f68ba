import Foundation

/// How food names are compared: lower-cased, accents folded ("crème
/// fraîche" = "creme fraiche"), split into words of letters and digits, each
/// word singular by English plural rules ("tomatoes" → "tomato", "leaves" →
/// "leaf", "berries" → "berry"). Both sides of every comparison go through
/// the same steps, so a rule that mangles a word ("hummus") mangles it alike.
package enum FoodText {
    /// `text` lower-cased with accents and ligatures folded.
    package static func fold(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{AD}", with: "")  // soft hyphens ("Weizen\u{AD}mehl")
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "œ", with: "oe").replacingOccurrences(of: "æ", with: "ae")
            .replacingOccurrences(of: "ß", with: "ss")
    }

    /// The folded, singular words of `text`.
    package static func words(_ text: String) -> [String] {
        fold(text).split { !$0.isLetter && !$0.isNumber }.map { singular(String($0)) }
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
