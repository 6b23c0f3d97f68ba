import Foundation

/// The text rules shared by the library readers and the page readers: the one ingredient-heading rule,
/// steps from newline text, free-text times and servings.
package enum LibraryText {
    /// Ingredient lines from an app's newline-separated text. A heading line is kept as the section of the
    /// lines after it, not as an ingredient (``heading(_:previousBlank:nextIsLine:)``); blank lines end
    /// nothing but help tell a heading ("Icing" after a blank line).
    package static func ingredientLines(_ text: String) -> [LibraryRecipe.Line] {
        let raw = lines(text)
        var listed: [(line: String, previousBlank: Bool, nextIsLine: Bool)] = []
        for (index, line) in raw.enumerated() where !line.isEmpty && !isRule(line) {
            listed.append(
                (line, index == 0 || raw[index - 1].isEmpty, index + 1 < raw.count && !raw[index + 1].isEmpty))
        }
        return sectioned(listed)
    }

    /// Ingredient lines from a list whose items are one line each, with no blank lines between (a page's
    /// `recipeIngredient`, its marked list): the same heading rule as the apps' text
    /// (``heading(_:previousBlank:nextIsLine:)``), so "For the pork:", "FOR THE SAUCE" and "**Glaze**" are
    /// the section of the items after them; a short title-cased item ("Icing") is no heading here, as only
    /// a blank line before it tells it from an ingredient ("Salt").
    package static func ingredientLines(listed items: [String]) -> [LibraryRecipe.Line] {
        sectioned(items.filter { !$0.isEmpty }.map { ($0, false, true) })
    }

    /// The lines of a list (as ``ingredientLines(listed:)`` reads it) that are not headings, by their index
    /// in `items`, each with its section; an empty item is never a heading (a line to keep as it is).
    package static func sections(listed items: [String]) -> [(index: Int, section: String?)] {
        sections(items.map { ($0, false, true) })
    }

    /// `listed` lines with each heading made the section of the lines after it.
    static func sectioned(_ listed: [(line: String, previousBlank: Bool, nextIsLine: Bool)]) -> [LibraryRecipe.Line] {
        sections(listed).map { LibraryRecipe.Line(listed[$0.index].line, section: $0.section) }
    }

    /// The lines of `listed` that are not headings, by index and in order, each with the heading it sits
    /// under. A heading waiting for its first line is a line after all when another heading, or nothing,
    /// comes first.
    static func sections(
        _ listed: [(line: String, previousBlank: Bool, nextIsLine: Bool)]
    ) -> [(index: Int, section: String?)] {
        var out: [(index: Int, section: String?)] = []
        var section: String?
        var waiting: (index: Int, previous: String?)?
        for (index, item) in listed.enumerated() {
            if let heading = heading(item.line, previousBlank: item.previousBlank, nextIsLine: item.nextIsLine) {
                if let held = waiting { out.append((held.index, held.previous)) }
                waiting = (index, section)
                section = heading
            } else {
                waiting = nil
                out.append((index, section))
            }
        }
        if let held = waiting { out.append((held.index, held.previous)) }
        return out
    }

    /// Steps from an app's newline-separated method: one step per non-empty line; a heading line ("For the
    /// sauce:", "TO SERVE", "**Glaze**") becomes the section of the steps after it. A heading followed by
    /// another heading, or by nothing, is a step after all (its words are kept). Lines that are only a rule
    /// (`-----`, `***`) are dropped.
    /// - Parameter section: the section of the steps before the first heading ("" for none: the app's
    ///   own name for the group the text belongs to).
    package static func steps(_ text: String, section: String = "") -> [PageRecipe.Step] {
        let raw = lines(text)
        var out: [PageRecipe.Step] = []
        var section = section
        var waiting: (line: String, previous: String)?
        for (index, line) in raw.enumerated() where !line.isEmpty && !isRule(line) {
            let previousBlank = index == 0 || raw[index - 1].isEmpty
            if let heading = stepHeading(line, previousBlank: previousBlank) {
                if let held = waiting { out.append(PageRecipe.Step(text: held.line, section: held.previous)) }
                waiting = (line, section)
                section = heading
            } else {
                waiting = nil
                out.append(PageRecipe.Step(text: line, section: section))
            }
        }
        if let held = waiting { out.append(PageRecipe.Step(text: held.line, section: held.previous)) }
        return out
    }

    /// A line of only `-`, `*`, `_`, `=` or `~` (a Markdown rule).
    static func isRule(_ line: String) -> Bool {
        line.count >= 3 && line.allSatisfy { "-*_=~ ".contains($0) }
    }

    /// The lines of `text` (`\r\n`, `\r`, `\n`), each trimmed of surrounding whitespace; blank lines are "".
    package static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The heading `line` names, or nil when it is an ingredient. A heading: ends with `:` ("For the
    /// sauce:"); or is written in capitals without digits ("BEANS"); or is wrapped in `**`/`#` markup; or
    /// is a short title-cased phrase of at most three words without digits that starts a group (at the top
    /// or after a blank line, with an ingredient right after it: Paprika's "Cookies" … "Icing").
    static func heading(_ line: String, previousBlank: Bool, nextIsLine: Bool) -> String? {
        if let marked = markedHeading(line) { return marked }
        let hasDigit = line.contains { $0.isNumber || IngredientLineParser.vulgar[$0] != nil }
        if hasDigit { return nil }
        let letters = line.filter(\.isLetter)
        if letters.count >= 2 && letters == letters.uppercased() && letters != letters.lowercased() {
            return line.trimmingCharacters(in: CharacterSet(charactersIn: ":- ").union(.whitespaces))
        }
        let words = line.split(whereSeparator: \.isWhitespace)
        if previousBlank && nextIsLine && words.count <= 3 && line.count <= 40 && line.first?.isUppercase == true
            && !line.contains(",") && !line.contains("(")
        {
            return line
        }
        return nil
    }

    /// A heading in the method: short and ending with `:` ("To serve:"), all capitals without digits, or
    /// marked up ("**Glaze**", "# Glaze"). A long line ending in a colon introduces what follows: a step.
    static func stepHeading(_ line: String, previousBlank: Bool) -> String? {
        if line.hasSuffix(":") && !line.hasPrefix("**") && !line.hasPrefix("#")
            && (line.count > 40 || line.split(whereSeparator: \.isWhitespace).count > 6)
        {
            return nil
        }
        if let marked = markedHeading(line) { return marked }
        guard line.count <= 60, !line.contains(where: \.isNumber) else { return nil }
        let letters = line.filter(\.isLetter)
        if letters.count >= 2 && letters == letters.uppercased() && letters != letters.lowercased()
            && line.split(whereSeparator: \.isWhitespace).count <= 6
        {
            return line.trimmingCharacters(in: CharacterSet(charactersIn: ":- ").union(.whitespaces))
        }
        return nil
    }

    /// "For the sauce:" → "For the sauce"; "**Glaze**" / "# Glaze" / "## Glaze" → "Glaze"; else nil.
    static func markedHeading(_ line: String) -> String? {
        var text = line
        if text.hasPrefix("#") {
            text = String(text.drop(while: { $0 == "#" })).trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        if text.hasPrefix("**") && text.hasSuffix("**") && text.count > 4 {
            text = String(text.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespaces)
            if text.hasSuffix(":") { text.removeLast() }
            return text.contains("**") || text.isEmpty ? nil : text
        }
        if text.hasSuffix(":") && text.count <= 60 && text.count > 1 {
            text.removeLast()
            return text.trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The line that reads as the heading `name` (``markedHeading(_:)``): "For the pork" → "For the pork:",
    /// for a reader that knows a group's name from the page's structure (an ingredient group's title, a
    /// line left at the margin); nil when `name` is empty or too long to read as a heading (over 59
    /// characters), so the group has no section rather than a line of its name.
    package static func headingLine(_ name: String) -> String? {
        // Invisible marks pages leave in a title (U+2063 after "Seasoning:") are no part of it.
        var text = HTMLText.collapse(String(name.unicodeScalars.filter { $0.properties.generalCategory != .format }))
        while text.hasSuffix(":") { text = String(text.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard !text.isEmpty, text.count < 60 else { return nil }
        return text + ":"
    }

    /// `value` as an app's quantity is written: a whole number without decimals ("2"), else as Swift
    /// writes a `Double` ("1.5").
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    static let numberWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "a dozen": 12, "dozen": 12,
    ]

    /// The whole serving count a yield gives: the first number ("Serves 10 to 12" → 10, "20 1-inch balls" →
    /// 20, "2–4" → 2) as ``RecipeYield`` reads it, else a number word ("Yield two drinks" → 2). Nil when none.
    package static func servings(_ yield: String) -> Int? {
        if let n = RecipeYield.servings(yield) { return n }
        let words = yield.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        for word in words { if let n = numberWords[word] { return n } }
        return nil
    }

    /// Paprika's free-text nutrition ("Calories: 155\nProtein: 3g\nCarbohydrates: 28g …", or without colons:
    /// "Energy 2762kJ\nProtein 44.00g", kJ read as kcal ÷ 4.184) as the app's own
    /// per-serving values; the labels are read case-insensitively, fields not given stay nil.
    package static func nutrition(_ text: String) -> PageNutrition {
        let keys: [(String, String)] = [
            ("calories", "calories"), ("energy", "calories"), ("protein", "proteinContent"),
            ("carbohydrates", "carbohydrateContent"), ("carbohydrate", "carbohydrateContent"),
            ("carbs", "carbohydrateContent"), ("sugar", "sugarContent"), ("sugars", "sugarContent"),
            ("fiber", "fiberContent"), ("fibre", "fiberContent"), ("dietary fiber", "fiberContent"),
            ("fat", "fatContent"), ("total fat", "fatContent"), ("saturated fat", "saturatedFatContent"),
            ("sodium", "sodiumContent"),
        ]
        var object: [String: Any] = [:]
        for line in lines(text) {
            // "Calories: 155", or with no colon the words before the number ("Energy 2762kJ").
            guard let cut = line.firstIndex(of: ":") ?? line.firstIndex(where: { $0.isASCII && $0.isNumber }) else {
                continue
            }
            let label = line[..<cut].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[(line[cut] == ":" ? line.index(after: cut) : cut)...].trimmingCharacters(in: .whitespaces)
            if let key = keys.first(where: { $0.0 == label })?.1, object[key] == nil, !value.isEmpty {
                object[key] = value
            }
        }
        return NutritionText.read(object)
    }
}
