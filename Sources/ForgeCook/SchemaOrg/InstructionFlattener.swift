import Foundation

/// Flattens `recipeInstructions` into a list of step texts.
///
/// Accepted forms: one string (HTML or plain; split at block tags and line
/// breaks, also line breaks escaped twice as a literal `\n`), a list of
/// strings (in a list of several, each string is one step whatever line
/// breaks or paragraphs it holds, unless it holds list items), `HowToStep` objects (`text`, else `name`,
/// else their own `itemListElement` of directions; a `name` that is not
/// the start of the `text` is kept as the step's own name), and `HowToSection`
/// (or any object with `itemListElement` or `item`) whose steps are
/// flattened in place and tagged with the section's `name`. Section names
/// are never steps; an empty section contributes nothing. Nesting deeper
/// than 6 levels is ignored. Property names are matched in any case when
/// the exact one is missing (`Name`, `ItemListElement`, ``SchemaOrgValue/field(_:_:)``).
///
/// That is how a page writes its method (``SchemaOrgRecipe/Source/page``). In an app's recipe JSON
/// (``SchemaOrgRecipe/Source/app``) a string, alone, in a list or as a `HowToStep`'s `text`, is what
/// the cook typed: split at block tags and line breaks, each line a step and a heading line the section
/// of the steps after it (``LibraryText/steps(_:section:)``).
enum InstructionFlattener {
    static func steps(_ value: Any?, source: SchemaOrgRecipe.Source) -> [PageRecipe.Step] {
        var out: [PageRecipe.Step] = []
        collect(value, section: "", source: source, depth: 0, into: &out)
        // A method printed twice in a row counts once.
        let texts = out.map(\.text)
        return MicrodataRecipeReader.once(texts) == texts ? out : Array(out.prefix(out.count / 2))
    }

    private static func collect(
        _ value: Any?, section: String, source: SchemaOrgRecipe.Source, depth: Int, into out: inout [PageRecipe.Step]
    ) {
        guard depth < 6, let value else { return }
        switch value {
        case let s as String where source == .app:
            out += typed(s, section: section)
        case let s as String:
            // Some pages escape their line breaks twice: a literal "\n" in the text.
            let text = s.replacingOccurrences(of: "\\r\\n", with: "\n").replacingOccurrences(of: "\\n", with: "\n")
            for text in HTMLText.blocks(text) { out.append(.init(text: text, section: section)) }
        case let list as [Any] where list.count > 1:
            for element in list {
                // In a list of several, a string is one step: its line breaks and paragraphs are
                // inside that step (unless it holds a list of its own).
                if let s = element as? String, source == .page, !s.lowercased().contains("<li") {
                    let text = HTMLText.plain(s.replacingOccurrences(of: "\\n", with: " "))
                    if !text.isEmpty { out.append(.init(text: text, section: section)) }
                } else {
                    collect(element, section: section, source: source, depth: depth + 1, into: &out)
                }
            }
        case let list as [Any]:
            for element in list { collect(element, section: section, source: source, depth: depth + 1, into: &out) }
        case let object as [String: Any]:
            let field = { (key: String) in SchemaOrgValue.field(object, key) }
            let children = field("itemListElement") ?? field("item")
            if isSection(object) || (children != nil && field("text") == nil) {
                let name = SchemaOrgValue.firstText(field("name")) ?? ""
                collect(
                    children, section: isSection(object) ? name : section, source: source, depth: depth + 1, into: &out)
            } else if let text = SchemaOrgValue.firstText(field("text")) {
                var name = SchemaOrgValue.firstText(field("name")) ?? ""
                // A name that only repeats (or truncates) the text is not a name of its own.
                var stem = Substring(name)
                while let last = stem.last, last == "." || last == "…" || last == " " { stem = stem.dropLast() }
                if text.hasPrefix(stem) || stem.isEmpty { name = "" }
                if source == .app, let typed = field("text") as? String {
                    var steps = Self.typed(typed, section: section)
                    if !steps.isEmpty { steps[0].name = name }
                    out += steps
                } else {
                    out.append(.init(text: text, section: section, name: name))
                }
            } else if let text = SchemaOrgValue.firstText(field("name")) {
                out.append(.init(text: text, section: section))
            }
        default:
            return
        }
    }

    /// Steps from method text a cook typed in an app (HTML or plain): split at block tags and line
    /// breaks, each line a step, a heading line the section of the steps after it; the steps before any
    /// heading are in `section`.
    static func typed(_ text: String, section: String) -> [PageRecipe.Step] {
        LibraryText.steps(HTMLText.blocks(text).joined(separator: "\n"), section: section)
    }

    private static func isSection(_ object: [String: Any]) -> Bool {
        let type = object["@type"]
        let names = (type as? String).map { [$0] } ?? (type as? [Any])?.compactMap { $0 as? String } ?? []
        return names.contains { $0.hasSuffix("HowToSection") }
    }
}
