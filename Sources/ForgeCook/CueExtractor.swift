import Foundation

/// Finds a method step's done-when cue (docs/contract.md §4.21, DESIGN "Kitchen display"):
/// the clause of the step's `detail` that tells the cook the step is finished.
/// The cue is returned as an exact substring of the text, so a client can
/// highlight it in place.
///
/// Where a cue starts (first rule that matches wins; whole words, any case):
/// 1. `Done when …`
/// 2. `ready when …` (as in "it is ready when the grains are tender")
/// 3. `until …` (imported prose: "simmer until the sauce coats a spoon")
/// 4. `internal temperature …`, `registers …` (a thermometer's reading: "cook
///    to an internal temperature of 74 °C")
///
/// Where it ends (the earliest of):
/// - an em dash `—`, or an en dash or hyphen standing alone between spaces
///   (`" – "`, `" - "`): what follows is timing ("— about 4 minutes");
/// - a semicolon: what follows is the next instruction ("; tip them out");
/// - a comma followed by a timing phrase (`about`, `around`, `roughly`,
///   `approximately`, `another`, `for`, or a digit): ", about 5 minutes";
/// - the end of the sentence: `.`, `!` or `?` followed by whitespace or the
///   end of the text (so "1.5 cm" does not end it), or the end of the text.
///
/// Trailing spaces are trimmed. A step with none of the phrases (a plain prep
/// step such as "Heat the oven to 200 °C.") has no cue: `cue(in:)` returns nil,
/// as it does when the phrase is followed by nothing.
package enum CueExtractor {
    /// Cue openers, in priority order.
    static let openers = ["done when", "ready when", "until", "internal temperature", "registers"]
    /// Words that, after a comma, start timing rather than more cue.
    static let timingWords: Set<String> = ["about", "around", "roughly", "approximately", "another", "for", "approx"]

    /// The done-when cue of `text`, or nil.
    package static func cue(in text: String) -> String? {
        let chars = Array(text)
        let lower = chars.map { Character($0.lowercased()) }
        for opener in openers {
            guard let start = find(Array(opener), in: lower) else { continue }
            let end = clauseEnd(chars, from: start + opener.count)
            let cue = String(chars[start..<end]).trimmingCharacters(in: .whitespaces)
            return cue.count > opener.count ? cue : nil
        }
        return nil
    }

    /// The first whole-word occurrence of `needle` in `haystack`.
    static func find(_ needle: [Character], in haystack: [Character]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where Array(haystack[i..<(i + needle.count)]) == needle {
            let before = i == 0 || !haystack[i - 1].isLetter
            let afterIndex = i + needle.count
            let after = afterIndex == haystack.count || !haystack[afterIndex].isLetter
            if before && after { return i }
        }
        return nil
    }

    /// Index one past the clause starting before `from`.
    static func clauseEnd(_ c: [Character], from: Int) -> Int {
        var i = from
        while i < c.count {
            let ch = c[i]
            let spaceBefore = i > 0 && c[i - 1].isWhitespace
            let spaceAfter = i + 1 < c.count && c[i + 1].isWhitespace
            if ch == "—" || ch == ";" { return i }
            if (ch == "–" || ch == "-") && spaceBefore && spaceAfter { return i }
            if (ch == "." || ch == "!" || ch == "?") && (i + 1 == c.count || spaceAfter) { return i }
            if ch == "," && startsTiming(c, after: i + 1) { return i }
            i += 1
        }
        return c.count
    }

    /// True when the text after a comma begins with a timing word or a digit.
    static func startsTiming(_ c: [Character], after index: Int) -> Bool {
        var i = index
        while i < c.count, c[i].isWhitespace { i += 1 }
        guard i < c.count else { return false }
        if c[i].isNumber { return true }
        var word = ""
        while i < c.count, c[i].isLetter {
            word.append(Character(c[i].lowercased()))
            i += 1
        }
        return timingWords.contains(word)
    }
}
