import Foundation

/// What a recipe page prints outside its schema.org Recipe, read only to
/// fill what the Recipe leaves out: the Open Graph image (`og:image`) as
/// the hero of a Recipe that lists no image, and the yield and total time
/// a recipe card prints as a label followed by its value.
///
/// A label is a text run whose whole text (a trailing colon allowed) is
/// one of ``yieldLabels`` or ``totalTimeLabels``; its value is the next
/// text run holding a digit, within the next ``reach`` text runs and
/// before any other label ("Yield:" "4 servings"; "Total Time" "1h 5m").
/// A yield also reads from one short run that says it whole ("Serves 4",
/// "Makes 12 cookies", "Ingredients for 5 servings"), and last from an
/// element whose class marks the yield (``yieldClasses``, or a count of
/// persons: `person-count`, `nb-personnes`), its first text
/// run with a digit within reach. A select's options other than the
/// selected one are not printed values (a servings selector "1 … 12" shows
/// only its selected "6"). Script, style and template contents are never read.
package enum PageCardDetails {
    /// The page's details; each nil when the page does not print it.
    package struct Details: Equatable, Sendable {
        package var ogImage: String?
        package var yield: String?
        package var totalMinutes: Int?
    }

    static let yieldLabels: Set<String> = [
        "yield", "yields", "servings", "serves", "serving", "makes", "portions", "portionen", "personen", "porciones",
        "raciones", "ración para", "porzioni", "dosi per", "pour", "rendimiento", "rendement", "antal", "porcje",
        "porcií", "adag", "personer", "recipe makes", "number of servings",
    ]
    static let totalTimeLabels: Set<String> = [
        "total time", "total", "ready in", "gesamtzeit", "zeit gesamt", "temps total", "tiempo total", "tempo totale",
        "totale tijd", "tempo total", "total tid", "czas całkowity",
    ]
    /// Words that say what a yield counts, for a run that says it whole.
    static let yieldNouns = [
        "servings", "serving", "portions", "portionen", "personen", "persons", "people",
        "personas", "porciones", "porzioni", "pieces", "cookies", "muffins", "slices",
    ]
    static let reach = 4

    /// The details `html` prints, by the rules above; each nil when not found.
    package static func read(html: String) -> Details {
        read(tokens: HTMLTokens.scan(html))
    }

    static func read(tokens: [HTMLTokens.Token]) -> Details {
        var details = Details()
        var texts: [String] = []
        var yieldMarks: [Int] = []
        var unselectedOption = false
        for token in tokens {
            switch token {
            case .open(let name, let attributes, _):
                if name == "option" { unselectedOption = attributes["selected"] == nil }
                let marks = ((attributes["class"] ?? "") + " " + (attributes["data-attr-icon"] ?? "")).lowercased()
                // A servings selector marks each option: only the selected one says the yield.
                if marksYield(marks), name != "option" || attributes["selected"] != nil {
                    yieldMarks.append(texts.count)
                }
                if name == "meta", details.ogImage == nil,
                    (attributes["property"] ?? attributes["name"])?.lowercased() == "og:image",
                    let content = attributes["content"], !content.isEmpty
                {
                    details.ogImage = content
                }
            case .text(let text):
                let t = HTMLText.collapse(text)
                if !t.isEmpty, !unselectedOption { texts.append(t) }
            case .close(let name):
                if name == "option" || name == "select" { unselectedOption = false }
            }
        }
        for (index, text) in texts.enumerated() {
            let label = labelText(text)
            if details.yield == nil, yieldLabels.contains(label), let value = value(after: index, in: texts) {
                details.yield = value
            } else if details.totalMinutes == nil, totalTimeLabels.contains(label),
                let value = value(after: index, in: texts)
            {
                details.totalMinutes = WrittenDuration.minutes(inField: value)
            } else if details.yield == nil, let whole = wholeYield(text) {
                details.yield = whole
            }
        }
        // A yield marked by its class (a recipe plugin's servings field, an icon beside the number).
        if details.yield == nil {
            for mark in yieldMarks {
                if let value = texts.dropFirst(mark).prefix(reach).first(where: { $0.contains(where: \.isASCIINumber) }
                ),
                    value.count <= 40
                {
                    details.yield = value
                    break
                }
            }
        }
        return details
    }

    /// Class words (or an icon's `data-attr-icon`) that mark where a card
    /// prints its yield: WP Recipe Maker's `wprm-recipe-servings`, Tasty
    /// Recipes' `tasty-recipes-yield`, Mediavine Create's `mv-create-yield`,
    /// a "serves" icon. Nutrition blocks are not read.
    static let yieldClasses = ["servings", "serves", "yield", "portion"]

    /// True when `marks` (class words and icon names, lower-cased) mark a
    /// yield: one of ``yieldClasses``, a count of persons (`person-count`),
    /// or a word (split at spaces, `-`, `_`) of ``personWords``
    /// (`nb-personnes`); an author's `person` or `person-name` is not one,
    /// nor is a nutrition block.
    static func marksYield(_ marks: String) -> Bool {
        guard !marks.contains("nutrition") else { return false }
        if yieldClasses.contains(where: marks.contains) || marks.contains("person-count") { return true }
        return marks.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).contains {
            personWords.contains(String($0))
        }
    }

    /// Class words that name a count of persons in the languages the importer reads.
    static let personWords: Set<String> = ["persons", "personen", "personnes", "personas", "personer", "persone"]

    static func labelText(_ text: String) -> String {
        var label = text.lowercased()
        while label.hasSuffix(":") || label.hasSuffix(" ") { label.removeLast() }
        return label
    }

    /// The next run with a digit within reach, unless another label comes first.
    static func value(after index: Int, in texts: [String]) -> String? {
        for candidate in texts.dropFirst(index + 1).prefix(reach) {
            let label = labelText(candidate)
            if yieldLabels.contains(label) || totalTimeLabels.contains(label) { return nil }
            if candidate.contains(where: \.isASCIINumber) { return candidate.count <= 40 ? candidate : nil }
        }
        return nil
    }

    /// A short run that states a yield by itself: "Serves 4", "Makes 12
    /// cookies", "Yield: 6", "… for 5 (small) servings".
    static func wholeYield(_ text: String) -> String? {
        guard text.count <= 48, text.contains(where: \.isASCIINumber) else { return nil }
        let lower = text.lowercased()
        for label in ["serves", "servings", "yield", "yields", "makes", "portionen", "porciones"] {
            if lower.hasPrefix(label + " ") || lower.hasPrefix(label + ":") {
                let rest = lower.dropFirst(label.count).drop(while: { $0 == ":" || $0 == " " })
                if rest.first?.isASCIINumber == true { return text }
            }
        }
        // "5 servings", "for 5 (small) servings": a number right before the noun (or before one
        // bracketed word) that ends the run (a bracket may follow); "3 slices bacon, chopped" is an ingredient, not a yield.
        let pattern = #"\d+\s*(\([^)]{1,20}\)\s*)?("# + yieldNouns.joined(separator: "|") + #")(\s*\([^)]*\))?\W*$"#
        if lower.range(of: pattern, options: .regularExpression) != nil { return text }
        return nil
    }
}
