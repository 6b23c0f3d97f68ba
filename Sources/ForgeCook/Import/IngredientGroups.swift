import Foundation

/// The group names a page prints over its ingredient list when its schema.org lines carry none: recipe
/// plugins (WP Recipe Maker, Tasty Recipes, Mediavine Create and most others) write `recipeIngredient` as
/// one flat list and print the groups ("For the streusel", "Cake", "Glaze") only on the page.
///
/// The printed list is looked for as ``MarkedListFallback`` looks for one: each element marked as
/// ingredients that holds list items, in page order (a blog's own "ingredients" list or a menu of
/// ingredients before the recipe card is passed over when it does not line up), then the list after an
/// ingredients heading. Its group titles are headings (a heading element or a `…group-name` title between
/// its lists, a paragraph all in bold or ending in ":", an item that is a heading), read by the one heading
/// rule (``LibraryText/ingredientLines(listed:)``). Its lines are matched to the Recipe's lines in order,
/// by their words (amounts and marks aside, at least three in four words alike: "▢ 1/3 cup (67 g) sugar"
/// and "⅓ cup sugar" are one line, ``likeness(_:_:)``); each Recipe line takes the section of the printed
/// line it matches, a line that matches none the section of the line before it.
///
/// The sections are taken only from a list that names a group and matches at least 80 % of the Recipe's
/// lines (and at least two), and only when they part the lines (one title over all of them is the card's,
/// not a group's): a printed list that is another recipe's, or the same recipe in other words, gives no
/// sections rather than wrong ones.
enum IngredientGroups {
    /// Share of the Recipe's lines the printed list must match.
    static let minimumMatched = 0.8
    /// How far ahead in the printed list a line is looked for (a printed line the Recipe leaves out, a
    /// note between groups).
    static let lookAhead = 8
    /// Most marked lists tried on one page.
    static let maxLists = 60

    /// `lines` with the section each sits under in the page's printed ingredient list, or nil when no
    /// printed list names a group and lines up with `lines`.
    static func sectioned(_ lines: [LibraryRecipe.Line], tokens: [HTMLTokens.Token]) -> [LibraryRecipe.Line]? {
        guard lines.count >= 2 else { return nil }
        var tried = 0
        var index = 0
        while index < tokens.count, tried < maxLists {
            guard MarkedListFallback.isMarked(tokens[index], marks: MarkedListFallback.ingredientMarks),
                MarkedListFallback.holdsListItems(tokens, from: index)
            else {
                index += 1
                continue
            }
            tried += 1
            let printed = LibraryText.ingredientLines(
                listed: MarkedListFallback.lines(tokens, from: index, groups: true).filter {
                    !MarkedListFallback.isListHeading($0)
                })
            if let out = aligned(lines, printed) { return out }
            // A list naming no group holds none further in: the lists inside it are passed over.
            index =
                printed.contains { $0.section != nil } ? index + 1 : MarkedListFallback.elementEnd(tokens, from: index)
        }
        let headed = MarkedListFallback.listAfterHeading(
            tokens, headings: MarkedListFallback.ingredientHeadings, groups: true)
        return aligned(lines, LibraryText.ingredientLines(listed: headed))
    }

    /// `lines` with the sections of the `printed` lines they match, or nil when `printed` names no group or
    /// matches too few of them.
    static func aligned(_ lines: [LibraryRecipe.Line], _ printed: [LibraryRecipe.Line]) -> [LibraryRecipe.Line]? {
        // A printed title that is one of the Recipe's lines ("Kosher salt, pepper" in bold) is an
        // ingredient, not a group: the lines under it stay in the group before it.
        let lineWords = lines.map { words($0.text) }
        var printed = printed
        for index in printed.indices {
            if let title = printed[index].section, lineWords.contains(words(title)) {
                printed[index].section = index > 0 ? printed[index - 1].section : nil
            }
        }
        guard printed.contains(where: { $0.section != nil }) else { return nil }
        let printedWords = printed.map { words($0.text) }
        var out = lines
        var next = 0
        var matched = 0
        var section: String?
        for (index, line) in lines.enumerated() {
            let wanted = words(line.text)
            // The most alike printed line ahead, the nearest of equals.
            var best: (index: Int, score: Double)?
            for candidate in next..<min(next + lookAhead, printed.count) {
                let score = likeness(wanted, printedWords[candidate])
                if score >= minimumLikeness, score > (best?.score ?? 0) { best = (candidate, score) }
            }
            if let best {
                section = printed[best.index].section
                next = best.index + 1
                matched += 1
            }
            out[index].section = section
        }
        guard matched >= 2, Double(matched) >= minimumMatched * Double(lines.count) else { return nil }
        // One title over every line (a card's "In your bag", "Bake mode") names no group of them.
        guard Set(out.map(\.section)).count > 1 else { return nil }
        return out
    }

    /// How alike two printed lines must be to be one (``likeness(_:_:)``).
    static let minimumLikeness = 0.75

    /// The words of a printed line: runs of two letters or more, lower-cased, without accents ("▢ 1 cup
    /// (125 g) Flour" → cup, flour), so amounts, marks and a metric weight added in brackets do not count.
    static func words(_ text: String) -> Set<String> {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return Set(folded.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 2 })
    }

    /// The share of words two lines have in common, of the larger's: 1 for the same words, 0.75 for
    /// "1 cup + 2 tbsp sugar" and "1 cup + 2 tablespoons sugar".
    static func likeness(_ a: Set<String>, _ b: Set<String>) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        return Double(a.intersection(b).count) / Double(max(a.count, b.count))
    }
}
