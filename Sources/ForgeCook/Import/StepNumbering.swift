/// Steps a page wrote as one string with its own numbers in it
/// ("1.番茄切丁… 2.土豆…", "1. Heat the oil. 2. Add the onion.", issue 28):
/// such a step is split on its numbering when every item is numbered in
/// sequence from 1.
///
/// A number marks an item when it is ASCII or full-width digits followed by
/// `.`, `．`, `、`, `)`, `）`, `:` or `：` (a `.` not followed by a digit,
/// so "1.5 kg" is no marker), and stands at the start of the text or after
/// a space or the end of a sentence (`.`, `!`, `?`, `。`, `！`, `？`, `;`,
/// `；`). The text must start with item 1 and hold at least item 2; items
/// are found in order (1, 2, 3, …) and the markers themselves are left
/// out of the step texts.
enum StepNumbering {
    /// `steps` with each step that numbers its own items split into one step per item.
    static func split(_ steps: [PageRecipe.Step]) -> [PageRecipe.Step] {
        steps.flatMap { step -> [PageRecipe.Step] in
            let items = items(step.text)
            guard items.count >= 2 else { return [step] }
            return items.enumerated().map { index, text in
                PageRecipe.Step(text: text, section: step.section, name: index == 0 ? step.name : "")
            }
        }
    }

    static let separators: Set<Character> = [".", "．", "、", ")", "）", ":", "："]
    static let sentenceEnds: Set<Character> = [".", "!", "?", "。", "！", "？", ";", "；"]

    /// The item texts of `text` when it numbers its items 1, 2, … from its start; else `[]`.
    static func items(_ text: String) -> [String] {
        let chars = Array(text.trimmingCharacters(in: .whitespaces))
        var starts: [(marker: Int, body: Int)] = []
        var expected = 1
        var i = 0
        while i < chars.count {
            if let (value, end) = marker(chars, at: i), value == expected {
                starts.append((i, end))
                expected += 1
                i = end
            } else {
                if i == 0 { return [] }  // the text must open with item 1
                i += 1
            }
        }
        guard starts.count >= 2 else { return [] }
        var out: [String] = []
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1].marker : chars.count
            let item = String(chars[start.body..<end]).trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty else { return [] }
            out.append(item)
        }
        return out
    }

    /// The number marked at `i` and the index after its separator, or nil.
    static func marker(_ chars: [Character], at i: Int) -> (Int, Int)? {
        if i > 0 {
            let before = chars[i - 1]
            guard before == " " || before == "\u{3000}" || sentenceEnds.contains(before) else { return nil }
            if i > 1, sentenceEnds.contains(before), digit(chars[i - 2]) != nil { return nil }
        }
        var j = i
        var digits = ""
        while j < chars.count, let d = digit(chars[j]), digits.count < 3 {
            digits.append(d)
            j += 1
        }
        guard !digits.isEmpty, j < chars.count, separators.contains(chars[j]) else { return nil }
        if chars[j] == ".", j + 1 < chars.count, digit(chars[j + 1]) != nil { return nil }
        return (Int(digits) ?? 0, j + 1)
    }

    /// An ASCII or full-width decimal digit as its ASCII form.
    static func digit(_ c: Character) -> Character? {
        if c.isASCII, c.isNumber { return c }
        guard let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1,
            (0xFF10...0xFF19).contains(scalar.value)
        else { return nil }
        return Character(Unicode.Scalar(scalar.value - 0xFF10 + 0x30)!)
    }
}
