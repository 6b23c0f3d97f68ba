import Foundation

/// The last resort for a page with no schema.org Recipe: its Open Graph
/// title (else `<title>`) and image, plus an ingredient list and a method
/// list only where the page marks them as such — the first element whose
/// `class` or `id` names ingredients (`ingredient`, `zutaten`,
/// `ingredienti`, `ingrediënten`, `ingredientes`) and the first that names
/// the method (`instruction`, `method`, `direction`, `preparation`,
/// `zubereitung`, `bereiding`, `preparazione`, `steps`), one line per list
/// item or block; else the list after a heading that names ingredients or
/// method ("Ingredients:", "Method", in several languages), and for the
/// method the paragraphs after such a heading. Nothing is guessed from
/// unmarked prose: without a title,
/// an ingredient line and a step it gives nil. An import from it is
/// parked with a warning.
package enum MarkedListFallback {
    static let ingredientMarks = ["ingredient", "zutaten", "ingrediënt", "ingredienti", "ingrediente"]
    static let methodMarks = [
        "instruction", "method", "direction", "preparation", "zubereitung", "bereiding",
        "preparazione", "preparacion", "steps", "step-by-step",
    ]

    /// A JSON-LD-shaped node (`name`, `image`, `recipeIngredient`, `recipeInstructions`) or nil.
    package static func node(html: String, pageURL: String = "") -> [String: Any]? {
        let tokens = HTMLTokens.scan(html)
        var og: [String: String] = [:]
        var title = ""
        var inTitle = false
        for token in tokens {
            switch token {
            case .open(let name, let attributes, _):
                if name == "meta", let property = attributes["property"] ?? attributes["name"],
                    property.hasPrefix("og:"), og[property] == nil
                {
                    og[property] = attributes["content"]
                }
                inTitle = name == "title" && title.isEmpty
            case .close: inTitle = false
            case .text(let text): if inTitle { title += text }
            }
        }
        let name = withoutSiteName(
            HTMLText.collapse(og["og:title"] ?? title), site: og["og:site_name"],
            host: URL(string: pageURL)?.host ?? "")
        let ingredients = ingredientLines(tokens)
        let steps = methodLines(tokens)
        guard !name.isEmpty, !ingredients.isEmpty, !steps.isEmpty else { return nil }
        var node: [String: Any] = [
            "@type": "Recipe", "name": name, "recipeIngredient": ingredients,
            "recipeInstructions": steps,
        ]
        if let image = og["og:image"] { node["image"] = image }
        if let description = og["og:description"] { node["description"] = description }
        return node
    }

    /// The page's ingredient list: the element marked as ingredients, else
    /// the list after an ingredients heading when it is longer (one marked
    /// line, a tag link named "ingredient-…", loses to it); empty when none.
    /// Its group headings are heading lines ("For the sauce:",
    /// ``LibraryText/headingLine(_:)``), to be the sections of the lines after them.
    static func ingredientLines(_ tokens: [HTMLTokens.Token]) -> [String] {
        let count = { (lines: [String]) in LibraryText.ingredientLines(listed: lines).count }
        var ingredients = lines(tokens, marks: ingredientMarks, groups: true)
        if count(ingredients) <= 1 {
            let headed = listAfterHeading(tokens, headings: ingredientHeadings, groups: true)
            if count(headed) > count(ingredients) { ingredients = headed }
        }
        return ingredients
    }

    /// The page's method: the element marked as method, else the list after
    /// a method heading, else the paragraphs after it; empty when none, and
    /// empty when the list found is page metadata rather than a method
    /// (``isMetadata(_:)``: "35 m", "Cocinado", "Tiempo total").
    static func methodLines(_ tokens: [HTMLTokens.Token]) -> [String] {
        var steps = lines(tokens, marks: methodMarks)
        if steps.isEmpty || isMetadata(steps) { steps = listAfterHeading(tokens, headings: methodHeadings) }
        if steps.isEmpty || isMetadata(steps) { steps = paragraphsAfterHeading(tokens, headings: methodHeadings) }
        if isMetadata(steps) { return [] }
        // A note, a credit or a call to follow the site after the method is not a step.
        return Array(steps.prefix { !isNote($0) && !isPromotion($0) })
    }

    /// Whether a list is page metadata, not a method (issue 28): at least
    /// half its items are times ("35 m", "1 h 20 min") or labels (at most two
    /// words, no sentence punctuation: "Cocinado", "Tiempo total"), and none
    /// reads as an instruction of four or more words (or 12 characters of
    /// unspaced script such as Chinese).
    static func isMetadata(_ items: [String]) -> Bool {
        guard !items.isEmpty else { return false }
        func isInstruction(_ item: String) -> Bool {
            let words = item.split(separator: " ")
            return words.count >= 4 || (words.count <= 2 && item.count >= 12 && !item.contains(where: \.isASCII))
        }
        func isLabelOrTime(_ item: String) -> Bool {
            let words = item.split(separator: " ")
            if words.count <= 4, item.contains(where: \.isNumber), WrittenDuration.minutes(inField: item) != nil {
                return true
            }
            if words.count <= 2, WrittenDuration.minutes(inField: item) != nil { return true }
            return words.count <= 2 && item.count < 12 && !item.contains { ".!?。".contains($0) }
        }
        if items.contains(where: isInstruction) { return false }
        return items.filter(isLabelOrTime).count * 2 >= items.count
    }

    /// Headings that mark the ingredient list and the method, lower-cased.
    static let ingredientHeadings: Set<String> = [
        "ingredients", "ingredient", "zutaten", "ingrédients", "ingredientes",
        "ingredienti", "ingrediënten", "ingredienser", "hozzávalók",
        "benodigdheden", "you will need", "you'll need", "what you'll need",
        "what you need", "składniki", "ainekset", "suroviny",
    ]
    static let methodHeadings: Set<String> = [
        "method", "instructions", "directions", "preparation", "steps", "procedure",
        "zubereitung", "préparation", "preparación", "preparazione", "bereiding",
        "bereidingswijze", "fremgangsmåde", "elkészítés", "modo de preparo",
        "instructies", "werkwijze", "how to make it", "how to make", "step-by-step", "step by step", "postup",
        "przygotowanie", "valmistus", "tilberedning", "framgangsmåte",
    ]

    /// `title` without a trailing " | Site", " - Site" or " – Site" naming
    /// the site (its `og:site_name`, or its host's name: "Donna Hay" on
    /// donnahay.com.au), as page titles carry.
    static func withoutSiteName(_ title: String, site: String?, host: String = "") -> String {
        let letters = { (s: String) in String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }
        for separator in [" | ", " - ", " – ", " — ", " :: "] {
            guard let range = title.range(of: separator, options: .backwards) else { continue }
            let tail = title[range.upperBound...].lowercased()
            let siteName = (site ?? "").lowercased()
            let tailLetters = letters(String(tail))
            if (!siteName.isEmpty && (tail.contains(siteName) || siteName.contains(tail)))
                || (tailLetters.count >= 3 && letters(host).contains(tailLetters))
            {
                return String(title[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
            }
        }
        return title
    }

    /// The items of the lists (`ul`/`ol`) after a heading (see
    /// ``headingEnds(_:headings:)``) whose whole text is one of `headings`:
    /// the first list with at most 60 characters of text between heading and
    /// list, then each further list after it under lower sub-headings ("For
    /// the pickle"), up to a heading as high as the first, one that names a
    /// list (the method), or more than 60 characters of other text. Lines
    /// written as bullets broken by `<br>` right after the heading are read
    /// as the list (``bulletLines(_:from:)``). With `groups`, a sub-heading
    /// followed by a list, and a heading inside a list, are heading lines
    /// ("For the pickle:") before their lists' lines.
    static func listAfterHeading(
        _ tokens: [HTMLTokens.Token], headings: Set<String>, groups: Bool = false
    ) -> [String] {
        for (k, level) in headingEnds(tokens, headings: headings) {
            var m = k + 1
            var between = 0
            var found: [String] = []
            var group: String?
            scan: while m < tokens.count {
                switch tokens[m] {
                case .open(let tag, let attributes, _) where tag == "ul" || tag == "ol":
                    // A hidden copy (the same list in other units) is not read.
                    if !isHidden(attributes) {
                        let listed = lines(tokens, from: m, groups: groups)
                        if let group, !listed.isEmpty { found.append(group) }
                        found += listed
                    }
                    group = nil
                    between = 0
                    m = elementEnd(tokens, from: m)
                    continue scan
                case .open(let tag, _, _) where headingLevels[tag] != nil:
                    // A sub-heading ("For the pickle") between lists of one group; a heading as high as
                    // the list's own, or one naming the method, ends the list.
                    let title = text(of: tokens, from: m)
                    guard let sub = headingLevels[tag], sub > level, !isListHeading(title) else { break scan }
                    if groups { group = LibraryText.headingLine(title) }
                case .text(let t):
                    // Lines written with bullets and broken by `<br>` ("• 50g butter<br>• salt") are a list too.
                    if found.isEmpty, let first = HTMLText.collapse(t).first, bullets.contains(first) {
                        let bulleted = bulletLines(tokens, from: m)
                        if bulleted.count >= 2 { return bulleted }
                    }
                    // The list follows its heading: a line such as "For 4" may sit between, prose may not.
                    between += HTMLText.collapse(t).count
                    if between > 60 { break scan }
                default:
                    break
                }
                m += 1
            }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// Whether an element is hidden from readers: a `hidden` attribute, an
    /// inline `display:none`, or a class that hides it (`hidden`,
    /// `visuallyhidden`, `d-none`).
    static func isHidden(_ attributes: [String: String]) -> Bool {
        let style = (attributes["style"] ?? "").lowercased().filter { $0 != " " }
        let classes = (attributes["class"] ?? "").lowercased()
        return attributes["hidden"] != nil || style.contains("display:none") || classes.contains("hidden")
            || classes.split(separator: " ").contains("d-none")
    }

    /// `h1`…`h6` by level.
    static let headingLevels: [String: Int] = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]

    /// The index after the element opened at `tokens[index]` closes.
    static func elementEnd(_ tokens: [HTMLTokens.Token], from index: Int) -> Int {
        var depth = 0
        var k = index
        repeat {
            switch tokens[k] {
            case .open(let tag, _, let selfClosing):
                if !selfClosing && !MicrodataRecipeReader.voidTags.contains(tag) { depth += 1 }
            case .close:
                depth -= 1
            case .text:
                break
            }
            k += 1
        } while depth > 0 && k < tokens.count
        return k
    }

    /// The collapsed text of the element opened at `tokens[index]`.
    static func text(of tokens: [HTMLTokens.Token], from index: Int) -> String {
        let end = elementEnd(tokens, from: index)
        var text = ""
        for token in tokens[index..<end] { if case .text(let t) = token { text += t } }
        return HTMLText.collapse(text)
    }

    /// Where each heading whose whole text is one of `headings` ends (the
    /// index of its closing tag), in page order. A heading is `h1`–`h6`, a
    /// `strong`/`b`, or a `p` holding nothing else; its text is compared
    /// lower-cased, leading symbols (an emoji, a bullet) and a trailing
    /// colon left off; at most 40 characters without those symbols.
    static func headingEnds(_ tokens: [HTMLTokens.Token], headings: Set<String>) -> [(end: Int, level: Int)] {
        let headingTags: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "p"]
        var ends: [(end: Int, level: Int)] = []
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard case .open(let name, _, _) = tokens[index], headingTags.contains(name) else { continue }
            var text = ""
            var k = index + 1
            while k < tokens.count {
                if case .close(let tag) = tokens[k], tag == name { break }
                if name == "p", case .open(let tag, _, _) = tokens[k], tag == "p" || tag == "br" && !text.isEmpty {
                    break
                }
                if case .text(let t) = tokens[k] { text += t }
                k += 1
            }
            var label = Substring(HTMLText.collapse(text).lowercased())
            label = label.drop(while: { !$0.isLetter })
            guard k < tokens.count, label.count <= 40 else { continue }
            while label.hasSuffix(":") || label.hasSuffix(" ") { label = label.dropLast() }
            label = Substring(label.replacingOccurrences(of: "’", with: "'"))
            if headings.contains(String(label)) || (headings == methodHeadings && namesAMethod(String(label))) {
                ends.append((k, headingLevels[name] ?? 7))
            }
        }
        return ends
    }

    /// The paragraphs (`p`, or text broken by `br`) after a method heading,
    /// up to the next heading (`h1`–`h6`), a `footer`/`aside`/`form`/`nav`,
    /// a part whose class or id names something else (``otherParts``:
    /// comments, related posts, …), the end of the section, a note, a
    /// paragraph that is mostly a link or one that promotes the site
    /// (``isPromotion(_:)``); at most 40: the
    /// method of a page that writes its steps as prose paragraphs. Empty
    /// when the heading is followed by nothing but lists (those are read by
    /// ``listAfterHeading(_:headings:)``).
    /// A paragraph that starts a note rather than a step: "Note", "Notes",
    /// "Tip", "Tips" (and German, French, Dutch, Spanish, Italian) followed
    /// by a colon, a bar or a dash.
    static func isNote(_ block: String) -> Bool {
        let lower = block.lowercased()
        for word in [
            "notes", "note", "tips", "tip", "hinweis", "tipp", "astuce", "remarque", "nota", "consejo", "opmerking",
        ]
        where lower.hasPrefix(word) {
            let rest = lower.dropFirst(word.count).drop(while: { $0 == " " })
            if let next = rest.first, ":|-–—".contains(next) { return true }
        }
        return false
    }

    /// A heading that names a step: "Step 1: Cook the bacon", "1. Preheat the oven".
    static func isStepHeading(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("step ") || lower.first?.isNumber == true
    }

    /// A method heading in a sentence: "How to make clam chowder",
    /// "Step-by-step instructions" (≤ 8 words, starting "how to make" or
    /// "how to cook", or ending in "instructions", "method" or "directions").
    static func namesAMethod(_ label: String) -> Bool {
        let words = label.split(separator: " ")
        guard words.count <= 8 else { return false }
        return label.hasPrefix("how to make ") || label.hasPrefix("how to cook ")
            || ["instructions", "method", "directions"].contains(words.last.map(String.init) ?? "")
    }

    /// A paragraph that points readers elsewhere (a social network, a
    /// newsletter) or credits the photo, rather than saying what to do with
    /// the food.
    static func isPromotion(_ block: String) -> Bool {
        let lower = block.lowercased()
        return [
            "pinterest", "instagram", "facebook", "youtube", "tiktok", "newsletter", "subscribe", "©",
            "photo credit", "photo:",
        ].contains(where: lower.contains)
    }

    /// Class or id words of page parts that are not the recipe.
    static let otherParts = [
        "comment", "related", "share", "footer", "sidebar", "newsletter", "widget", "social",
        "author", "rating", "review",
    ]

    static func paragraphsAfterHeading(_ tokens: [HTMLTokens.Token], headings: Set<String>) -> [String] {
        let stops: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "footer", "aside", "form", "nav"]
        for (end, level) in headingEnds(tokens, headings: headings) {
            var blocks: [String] = []
            var text = ""
            var linked = 0
            var inLink = 0
            func flush() {
                let block = HTMLText.collapse(text)
                // A paragraph that is mostly a link ("Also good: <a>…</a>") is not a step.
                if !block.isEmpty { blocks.append(linked * 2 > block.count ? "\u{0}" : block) }
                text = ""
                linked = 0
            }
            var m = end + 1
            scan: while m < tokens.count {
                switch tokens[m] {
                case .open(let tag, _, _)
                where (headingLevels[tag] ?? 0) > level && level < 7
                    && isStepHeading(Self.text(of: tokens, from: m)):
                    // A step's own heading under the method's heading ("Step 1: Cook the bacon"): its
                    // paragraphs are the step; the heading itself is not one.
                    flush()
                    m = elementEnd(tokens, from: m)
                    continue scan
                case .open(let tag, let attributes, let selfClosing):
                    if stops.contains(tag) { break scan }
                    let label = ((attributes["class"] ?? "") + " " + (attributes["id"] ?? "")).lowercased()
                    if otherParts.contains(where: label.contains) { break scan }
                    if MicrodataRecipeReader.blockTags.contains(tag) { flush() }
                    if tag == "a", !selfClosing { inLink += 1 }
                case .close(let tag):
                    if ["section", "article", "main"].contains(tag), !blocks.isEmpty || !HTMLText.collapse(text).isEmpty
                    {
                        break scan
                    }
                    if MicrodataRecipeReader.blockTags.contains(tag) { flush() }
                    if tag == "a" { inLink = max(inLink - 1, 0) }
                case .text(let t):
                    text += t
                    if inLink > 0 { linked += HTMLText.collapse(t).count }
                }
                m += 1
            }
            flush()
            // A note, a mostly-linked paragraph or a call to follow the site ends the method.
            let found = blocks.prefix(while: { $0 != "\u{0}" && !isNote($0) && !isPromotion($0) }).prefix(40)
            if !found.isEmpty { return MicrodataRecipeReader.once(Array(found)) }
        }
        return []
    }

    /// The lines of the first element whose class or id contains one of
    /// `marks` (and none of ``notTheList``) and that holds list items, else
    /// of the first such element that holds text; an element holding
    /// headings keeps only its list items when it has any.
    static func lines(_ tokens: [HTMLTokens.Token], marks: [String], groups: Bool = false) -> [String] {
        var index = 0
        var firstText: [String] = []
        while index < tokens.count {
            defer { index += 1 }
            guard isMarked(tokens[index], marks: marks) else { continue }
            // An element that only names the list ("Ingredients" in a marked heading) is not the list.
            let found = lines(tokens, from: index, groups: groups).filter { !isListHeading($0) }
            if found.isEmpty { continue }
            // The first marked element that is a list wins; else the first with text.
            if holdsListItems(tokens, from: index) { return found }
            if firstText.isEmpty { firstText = found }
        }
        return firstText
    }

    /// Whether `token` opens an element whose class or id contains one of `marks` and none of
    /// ``notTheList`` (a container, not a link, a control or the page itself).
    static func isMarked(_ token: HTMLTokens.Token, marks: [String]) -> Bool {
        guard case .open(let name, let attributes, _) = token, !MicrodataRecipeReader.voidTags.contains(name),
            ![
                "body", "html", "main", "article", "svg", "g", "symbol", "path", "script", "style", "select",
                "option", "button", "input", "label", "form", "a", "img",
            ].contains(name)
        else { return false }
        let label = ((attributes["class"] ?? "") + " " + (attributes["id"] ?? "")).lowercased()
        return marks.contains(where: label.contains) && !notTheList.contains(where: label.contains)
    }

    /// Class or id words of a marked element that is about the list, not
    /// the list ("recipe-steps__scale", "preparation-time", "share-…").
    static let notTheList =
        otherParts + [
            "time", "scale", "servings", "yield", "nutrition", "print", "jump", "title",
            "heading", "header", "legend", "button", "toggle", "unit",
        ]

    /// Whether the element opened at `tokens[index]` holds an `li`.
    static func holdsListItems(_ tokens: [HTMLTokens.Token], from index: Int) -> Bool {
        let end = elementEnd(tokens, from: index)
        var k = index
        while k < end {
            if case .open(let tag, let attributes, _) = tokens[k] {
                if k > index && isOtherPart(attributes) {
                    k = elementEnd(tokens, from: k)
                    continue
                }
                if tag == "li" { return true }
            }
            k += 1
        }
        return false
    }

    /// Whether an element's class or id names a part of the page other than the recipe (``otherParts``).
    static func isOtherPart(_ attributes: [String: String]) -> Bool {
        let label = ((attributes["class"] ?? "") + " " + (attributes["id"] ?? "")).lowercased()
        return otherParts.contains(where: label.contains)
    }

    /// A title that names the whole list rather than a group of it: a list heading, alone or followed by
    /// what else the recipe card's header holds ("Ingredients 1x2x3x", "Ingredients US Customary – Metric",
    /// "Ingredients for 5 servings", "Zutaten (für 4 Personen)").
    static func titlesTheList(_ title: String) -> Bool {
        let lower = title.lowercased().replacingOccurrences(of: "’", with: "'")
        return isListHeading(title)
            || ingredientHeadings.union(methodHeadings).contains { heading in
                lower.hasPrefix(heading) && lower.dropFirst(heading.count).first.map { !$0.isLetter } == true
            }
    }

    /// A line that only names a list: one of the ingredient or method headings.
    static func isListHeading(_ line: String) -> Bool {
        var label = line.lowercased()
        while label.hasSuffix(":") || label.hasSuffix(" ") { label.removeLast() }
        return ingredientHeadings.contains(label) || methodHeadings.contains(label)
    }

    /// The lines of the element opened at `tokens[index]`: its list items
    /// when it has any, else its blocks; a list printed twice in a row
    /// (mobile and desktop copies) counts once; a list of one item holding
    /// several paragraphs gives its paragraphs. Group headings inside the
    /// list are not lines: an item whose class names a heading (`category`,
    /// `group`, `heading`, `title`, `subhead`), an item all in bold, and a
    /// line ending in ":" without a digit ("For the sauce:"). With `groups`
    /// (an ingredient list) they are kept as heading lines instead ("For the
    /// sauce:", ``LibraryText/headingLine(_:)``), to be the sections of the
    /// lines after them.
    static func lines(_ tokens: [HTMLTokens.Token], from index: Int, groups: Bool = false) -> [String] {
        var depth = 0
        var text = ""
        var items: [(text: String, heading: Bool)] = []
        var item: String? = nil
        var itemIsHeading = false
        var plain = ""
        var bold = 0
        var controls = 0
        func finish() {
            if let done = item {
                let shown = HTMLText.collapse(done)
                if !itemIsHeading, !HTMLText.collapse(plain).isEmpty || shown.isEmpty {
                    items.append((done, false))
                } else if groups, let heading = LibraryText.headingLine(withoutBullet(shown)) {
                    items.append((heading, true))
                }
            }
            item = nil
        }
        var k = index
        repeat {
            switch tokens[k] {
            case .open(_, let attributes, _) where k > index && isOtherPart(attributes):
                // A share bar or a rating inside the list's element is not part of it.
                k = elementEnd(tokens, from: k)
                continue
            case .open(let tag, let attributes, _)
            where groups && item == nil && k > index && isGroupTitle(tokens, at: k, tag, attributes):
                // A group's title between its lists ("<h4>For the streusel:</h4><ul>…"): a heading line.
                let title = withoutBullet(Self.text(of: tokens, from: k))
                if !titlesTheList(title), let heading = LibraryText.headingLine(title) {
                    items.append((heading, true))
                    text += "\n" + heading + "\n"
                }
                k = elementEnd(tokens, from: k)
                continue
            case .open(let tag, let attributes, let selfClosing):
                if MicrodataRecipeReader.blockTags.contains(tag) {
                    text += "\n"
                    item? += "\n"
                }
                if tag == "li" {
                    finish()
                    item = ""
                    plain = ""
                    let label = (attributes["class"] ?? "").lowercased()
                    itemIsHeading = headingClasses.contains(where: label.contains)
                }
                if tag == "strong" || tag == "b", !selfClosing { bold += 1 }
                if formControls.contains(tag), !selfClosing { controls += 1 }
                if !selfClosing && !MicrodataRecipeReader.voidTags.contains(tag) { depth += 1 }
            case .close(let tag):
                if MicrodataRecipeReader.blockTags.contains(tag) { text += "\n" }
                if tag == "strong" || tag == "b" { bold = max(bold - 1, 0) }
                if formControls.contains(tag) { controls = max(controls - 1, 0) }
                if tag == "li" { finish() }
                depth -= 1
            case .text(let t) where controls == 0:
                text += t
                item? += t
                if bold == 0 { plain += t }
            case .text:
                break
            }
            k += 1
        } while depth > 0 && k < tokens.count
        finish()
        // One item holding every paragraph (a list of one, its headings aside) is read by its paragraphs.
        let one = items.filter { !$0.heading }.count == 1
        let found =
            (!items.contains { !$0.heading }
            ? HTMLText.blocks(text)
            : items.flatMap { one && !$0.heading ? HTMLText.blocks($0.text) : [HTMLText.collapse($0.text)] })
            .map(withoutBullet).filter { !$0.isEmpty && (groups || !isGroupHeading($0)) }
        return MicrodataRecipeReader.once(found)
    }

    /// Elements whose text is a control, not content (a unit switch's options).
    static let formControls: Set<String> = ["select", "option", "button", "textarea"]

    /// Characters pages write as list bullets ("• 50g butter"). A text
    /// starting with one of them marks a bulleted list broken by `<br>`
    /// (``bulletLines(_:from:)``). ``withoutBullet(_:)`` also strips a
    /// leading `*` ("* 130 g mel"), because it only sees lines already known
    /// to be list lines; `*` does not mark a list on its own, as a text
    /// starting with it is as often a footnote ("*optional", "* see note").
    static let bullets: Set<Character> = ["•", "·", "▪", "◦", "‣", "∙"]

    /// The lines of a block written as bullets broken by `<br>` ("• 2
    /// tablespoons olive oil<br>• 50g butter"), from the text token at
    /// `index` up to the end of its block (a block element opening or
    /// closing): each bullet starts a line, text between bullets continues
    /// it (inline tags split it into several text tokens), bullets left off.
    static func bulletLines(_ tokens: [HTMLTokens.Token], from index: Int) -> [String] {
        let blocks: Set<String> = [
            "p", "div", "section", "article", "li", "ul", "ol", "td", "tr", "table",
            "h1", "h2", "h3", "h4", "h5", "h6", "footer", "aside", "form", "nav",
        ]
        var lines: [String] = []
        var m = index
        scan: while m < tokens.count {
            switch tokens[m] {
            case .text(let t):
                let text = HTMLText.collapse(t)
                if let first = text.first, bullets.contains(first) {
                    lines.append(withoutBullet(text))
                } else if !text.isEmpty, !lines.isEmpty {
                    lines[lines.count - 1] = HTMLText.collapse(lines[lines.count - 1] + " " + text)
                }
            case .open(let tag, _, _) where blocks.contains(tag):
                break scan
            case .close(let tag) where blocks.contains(tag):
                break scan
            default:
                break
            }
            m += 1
        }
        return lines.filter { !$0.isEmpty }
    }

    /// Whether the element opened at `tokens[index]`, between an ingredient list's items, titles a group:
    /// a heading (`h2`–`h6`); an element whose class names a group's title (`group-name`, `group-title`,
    /// `group-heading`, `group__title`, `group__name`: WP Recipe Maker's `wprm-recipe-group-name`, and
    /// others alike); or a paragraph holding no list whose text is all bold or ends in ":" (Tasty Recipes'
    /// `<p><strong>For the glaze:</strong></p>`).
    static func isGroupTitle(_ tokens: [HTMLTokens.Token], at index: Int, _ tag: String, _ attributes: [String: String])
        -> Bool
    {
        if let level = headingLevels[tag], level > 1 { return true }
        let label = (attributes["class"] ?? "").lowercased()
        if groupTitleClasses.contains(where: label.contains) { return true }
        guard tag == "p", !holdsListItems(tokens, from: index) else { return false }
        if text(of: tokens, from: index).hasSuffix(":") { return true }
        // A paragraph all in bold.
        var bold = 0
        var plain = ""
        var any = false
        let end = elementEnd(tokens, from: index)
        for token in tokens[index..<end] {
            switch token {
            case .open(let t, _, let selfClosing) where (t == "strong" || t == "b") && !selfClosing: bold += 1
            case .close(let t) where t == "strong" || t == "b": bold = max(bold - 1, 0)
            case .text(let t):
                if bold == 0 { plain += t } else if !HTMLText.collapse(t).isEmpty { any = true }
            default: break
            }
        }
        return any && HTMLText.collapse(plain).isEmpty
    }

    /// Class words of an element that titles a group of ingredients.
    static let groupTitleClasses = ["group-name", "group-title", "group-heading", "group__title", "group__name"]

    /// Class words that mark a list item as a group heading.
    static let headingClasses = ["category", "group", "heading", "title", "subhead", "header"]

    /// `line` without a leading bullet (one of ``bullets``, or `*`): "• 130 g mel", "* 130 g mel".
    static func withoutBullet(_ line: String) -> String {
        guard let first = line.first, bullets.contains(first) || first == "*" else { return line }
        return String(line.dropFirst()).trimmingCharacters(in: .whitespaces)
    }

    /// "For the sauce:": a line ending in a colon, without a digit.
    static func isGroupHeading(_ line: String) -> Bool {
        line.hasSuffix(":") && !line.contains(where: \.isNumber)
    }
}
