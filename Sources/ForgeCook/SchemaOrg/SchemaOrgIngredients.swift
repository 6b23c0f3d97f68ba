import Foundation

/// How a schema.org Recipe's `recipeIngredient` reads as lines (``SchemaOrgRecipe/ingredients``): strings,
/// numbers, `PropertyValue`s and groups, with the one heading rule.
enum SchemaOrgIngredients {
    /// Ingredient lines with the heading each sat under: ``texts(_:)`` read by the one heading
    /// rule (``LibraryText/ingredientLines(listed:)``): "For the pork:" is the section of the lines after
    /// it, not a line. A line that only names the list ("Ingredients:", "Suroviny") is neither.
    static func lines(_ value: Any?) -> [LibraryRecipe.Line] {
        LibraryText.ingredientLines(listed: texts(value).filter { !MarkedListFallback.isListHeading($0) })
    }

    /// Ingredient lines as text, headings among them: each string split at line breaks and block tags
    /// (a line that is only a quantity joined to the next; in a string holding several lines, a line left
    /// at the margin among indented ones is its group's heading, written as one: "Salsa:",
    /// ``LibraryText/headingLine(_:)``), numbers as text, `PropertyValue` objects as
    /// `value unitText name`, a `HowToSection` (any object with `itemListElement`) as its name as a
    /// heading line and then its lines, nested lists flattened; empties dropped.
    static func texts(_ value: Any?) -> [String] {
        switch value {
        case let s as String:
            let lines = joiningBareQuantities(HTMLText.blocks(s))
            guard lines.count > 1 else { return lines }
            // A line left unindented among indented ones heads the list's items under it.
            let headings = Set(unindentedAmongIndented(s))
            return lines.compactMap { headings.contains($0) ? LibraryText.headingLine($0) : $0 }
        case let n as NSNumber:
            return [n.stringValue]
        case let a as [Any]:
            return a.flatMap { texts($0) }
        case let o as [String: Any]:
            if let children = SchemaOrgValue.field(o, "itemListElement") ?? SchemaOrgValue.field(o, "item") {
                let name = SchemaOrgValue.firstText(SchemaOrgValue.field(o, "name")) ?? ""
                let heading = LibraryText.headingLine(name)
                return (heading.map { [$0] } ?? []) + texts(children)
            }
            let parts = [o["value"], o["unitText"] ?? o["unitCode"], o["name"]].flatMap { SchemaOrgValue.texts($0) }
            let line = parts.joined(separator: " ")
            return line.isEmpty ? [] : [line]
        default:
            return []
        }
    }

    /// `lines` with a line that is only a quantity ("2", "1/2 teaspoon")
    /// joined to the next: a line break inside one ingredient ("2 \r\nbay
    /// leaf"), not two ingredients.
    static func joiningBareQuantities(_ lines: [String]) -> [String] {
        var out: [String] = []
        var pending = ""
        for line in lines {
            let joined = pending.isEmpty ? line : pending + " " + line
            let p = IngredientLineParser.parse(joined)
            if p.qty != nil, p.name.isEmpty, p.note == nil {
                pending = joined
            } else {
                out.append(joined)
                pending = ""
            }
        }
        if !pending.isEmpty { out.append(pending) }
        return out
    }

    /// The lines of a multi-line string that start at the margin when most
    /// of its lines are indented (a tab or spaces, as a list's items are
    /// when its text is exported): the group headings of such a string.
    /// Empty unless at least two lines are indented and they are the
    /// majority.
    static func unindentedAmongIndented(_ text: String) -> [String] {
        let raw = text.replacingOccurrences(of: "<br>", with: "\n").split(whereSeparator: \.isNewline)
            .filter { !HTMLText.plain(String($0)).isEmpty }
        let indented = raw.filter { $0.first == "\t" || $0.hasPrefix("  ") }
        guard indented.count >= 2, indented.count * 2 > raw.count, indented.count < raw.count else { return [] }
        return raw.filter { !($0.first == "\t" || $0.hasPrefix("  ")) }.map { HTMLText.plain(String($0)) }
    }
}
