import Foundation

/// Reads a schema.org Recipe written as microdata (`itemscope`,
/// `itemtype`, `itemprop`) or RDFa (`typeof`, `property`) into the same
/// node shape as JSON-LD, so ``JSONLDRecipeParser/normalise(_:base:)``
/// applies unchanged.
///
/// The item is the first element whose `itemtype`/`typeof` names `Recipe`.
/// Each property inside it (not inside a nested item, except that a nested
/// item's own property, such as a `HowToStep` under `recipeInstructions`,
/// takes the nested element's text) takes, in order: a `content`
/// attribute; `src`/`data-src` of `img`, `source`; `href` of `a`, `link`;
/// `datetime` of `time`; else the element's text, with block tags (`li`,
/// `p`, `br`, `div`, …) as line breaks. Repeated properties become lists.
///
/// Limits: no DOM; closing tags close back to the nearest open element of
/// the same name (HTML's implied ends such as an unclosed `<li>` are taken
/// care of by that), `itemref` is not followed.
package enum MicrodataRecipeReader {
    /// The recipe node, or nil when the page has no microdata/RDFa Recipe.
    package static func node(html: String) -> [String: Any]? {
        let tokens = HTMLTokens.scan(html)
        guard
            let start = tokens.firstIndex(where: { token in
                guard case .open(_, let attributes, _) = token else { return false }
                let type = attributes["itemtype"] ?? attributes["typeof"] ?? ""
                return type.split(whereSeparator: { $0 == " " }).contains { t in
                    t.hasSuffix("/Recipe") || t == "Recipe" || t.hasSuffix(":Recipe")
                }
            })
        else { return nil }

        var values: [String: [String]] = [:]
        var order: [String] = []
        /// Open elements: name, whether it opened a nested item, the property it captures (if any).
        var stack: [(name: String, scope: Bool, capture: Int?, sectionName: Bool)] = []
        /// Open elements that name a nested item (a `HowToSection`'s `name`): not method text.
        var namingDepth = 0
        var captures: [(prop: String, text: String)] = []
        var nestedItems = 0
        func record(_ prop: String, _ value: String) {
            if values[prop] == nil { order.append(prop) }
            values[prop, default: []].append(value)
        }
        for token in tokens[start...] {
            switch token {
            case .open(let name, let attributes, let selfClosing):
                let isRoot = stack.isEmpty
                let scope = !isRoot && (attributes["itemscope"] != nil || attributes["typeof"] != nil)
                var capture: Int? = nil
                let props = (attributes["itemprop"] ?? attributes["property"] ?? "")
                    .split(separator: " ").map { String($0.split(separator: ":").last ?? $0) }
                if !isRoot, nestedItems == 0 || scope, let prop = props.first {
                    if let value = attributes["content"] ?? attributeValue(name, attributes) {
                        if !scope { record(prop, value) }
                        if scope {
                            captures.append((prop, ""))
                            capture = captures.count - 1
                        }
                    } else {
                        captures.append((prop, ""))
                        capture = captures.count - 1
                    }
                }
                if blockTags.contains(name) { for i in captures.indices { captures[i].text += "\n" } }
                if selfClosing || voidTags.contains(name) {
                    if let capture {
                        let c = captures[capture]
                        record(c.prop, c.text)
                    }
                    if isRoot { return build(values, order) }
                    continue
                }
                if scope { nestedItems += 1 }
                let naming = !isRoot && nestedItems > 0 && props.first == "name"
                if naming { namingDepth += 1 }
                stack.append((name, scope, capture, naming))
            case .close(let name):
                guard let index = stack.lastIndex(where: { $0.name == name }) else { continue }
                if blockTags.contains(name) { for i in captures.indices { captures[i].text += "\n" } }
                while stack.count > index {
                    let element = stack.removeLast()
                    if element.scope { nestedItems -= 1 }
                    if element.sectionName { namingDepth -= 1 }
                    if let capture = element.capture {
                        let c = captures[capture]
                        record(c.prop, c.text)
                        captures[capture].prop = ""
                    }
                }
                if stack.isEmpty { return build(values, order) }
            case .text(let text):
                for i in captures.indices where !captures[i].prop.isEmpty {
                    // A nested item's name (a section heading) is not part of the method's text.
                    if namingDepth > 0 && captures[i].prop == "recipeInstructions" { continue }
                    captures[i].text += text
                }
            }
        }
        return build(values, order)
    }

    static let blockTags: Set<String> = [
        "li", "p", "br", "div", "ol", "ul", "h1", "h2", "h3", "h4", "h5", "h6",
        "section", "tr", "dd", "dt",
    ]
    static let voidTags: Set<String> = [
        "img", "br", "meta", "link", "input", "hr", "source", "wbr", "area", "col",
        "embed", "param", "track",
    ]

    static func attributeValue(_ name: String, _ attributes: [String: String]) -> String? {
        switch name {
        case "img", "source": return attributes["src"] ?? attributes["data-src"] ?? attributes["srcset"]
        case "a", "link": return attributes["href"]
        case "time": return attributes["datetime"]
        case "meta": return attributes["content"] ?? ""
        default: return nil
        }
    }

    /// `lines` without a second copy: a list whose second half repeats its
    /// first half line for line (pages that print the recipe twice) is
    /// that half.
    static func once(_ lines: [String]) -> [String] {
        guard lines.count >= 2, lines.count % 2 == 0 else { return lines }
        let half = lines.count / 2
        return Array(lines[..<half]) == Array(lines[half...]) ? Array(lines[..<half]) : lines
    }

    /// The node: one value per property as text, lists for repeated ones
    /// and always for ingredients and instructions (one entry per line;
    /// several ingredient elements one line each, group headings kept as lines).
    static func build(_ values: [String: [String]], _ order: [String]) -> [String: Any]? {
        var node: [String: Any] = ["@type": "Recipe"]
        for prop in order {
            let list = values[prop] ?? []
            switch prop {
            case "recipeIngredient", "ingredients":
                // Each of several ingredient elements is one line (its quantity and name may sit in
                // blocks of their own); one element holding them all gives a line per block. A group
                // heading ("For the sauce:") stays, to be the section of the lines after it.
                let lines = (list.count > 1 ? list.map(HTMLText.collapse) : list.flatMap(HTMLText.blocks))
                    .filter { !$0.isEmpty }
                node["recipeIngredient"] = once(((node["recipeIngredient"] as? [String]) ?? []) + lines)
            case "recipeInstructions":
                node[prop] = once(list.flatMap(HTMLText.blocks))
            case "image":
                node[prop] = list.map { String($0.split(separator: " ").first ?? "") }
            default:
                let texts = list.map { HTMLText.collapse($0) }.filter { !$0.isEmpty }
                if !texts.isEmpty { node[prop] = texts.count == 1 ? texts[0] : texts }
            }
        }
        return node.count > 1 ? node : nil
    }
}

/// A flat token stream of an HTML page: start tags (name lower-cased,
/// attributes with entities decoded), end tags and text (entities decoded
/// by the reader later). Comments, `script`, `style` and `template`
/// contents are skipped.
enum HTMLTokens {
    enum Token {
        case open(String, [String: String], selfClosing: Bool)
        case close(String)
        case text(String)
    }

    static func scan(_ html: String) -> [Token] {
        let b = Array(html.utf8)
        var tokens: [Token] = []
        var i = 0
        var textStart = 0
        func flush(_ end: Int) {
            if end > textStart {
                tokens.append(.text(HTMLText.decodeEntities(String(decoding: b[textStart..<end], as: UTF8.self))))
            }
        }
        func lower(_ x: UInt8) -> UInt8 { (x >= 65 && x <= 90) ? x + 32 : x }
        func isSpace(_ x: UInt8) -> Bool { x == 0x20 || x == 0x09 || x == 0x0A || x == 0x0C || x == 0x0D }
        func find(_ literal: [UInt8], from: Int) -> Int? {
            var k = from
            while k + literal.count <= b.count {
                var same = true
                for (o, c) in literal.enumerated() where lower(b[k + o]) != c {
                    same = false
                    break
                }
                if same { return k }
                k += 1
            }
            return nil
        }
        while i < b.count {
            guard b[i] == UInt8(ascii: "<"), i + 1 < b.count else {
                i += 1
                continue
            }
            let next = b[i + 1]
            if next == UInt8(ascii: "!") {
                flush(i)
                let end =
                    (b[i...].starts(with: Array("<!--".utf8))
                        ? find(Array("-->".utf8), from: i + 4).map { $0 + 3 }
                        : find([UInt8(ascii: ">")], from: i).map { $0 + 1 }) ?? b.count
                i = end
                textStart = end
                continue
            }
            let closing = next == UInt8(ascii: "/")
            var k = i + (closing ? 2 : 1)
            guard k < b.count, (b[k] >= 65 && b[k] <= 90) || (b[k] >= 97 && b[k] <= 122) else {
                i += 1
                continue
            }
            flush(i)
            let nameStart = k
            while k < b.count, !isSpace(b[k]), b[k] != UInt8(ascii: ">"), b[k] != UInt8(ascii: "/") { k += 1 }
            let name = String(decoding: b[nameStart..<k].map(lower), as: UTF8.self)
            var attributes: [String: String] = [:]
            var selfClosing = false
            while k < b.count, b[k] != UInt8(ascii: ">") {
                if isSpace(b[k]) {
                    k += 1
                    continue
                }
                if b[k] == UInt8(ascii: "/") {
                    selfClosing = true
                    k += 1
                    continue
                }
                let attrStart = k
                while k < b.count, !isSpace(b[k]), b[k] != UInt8(ascii: "="), b[k] != UInt8(ascii: ">") { k += 1 }
                let attr = String(decoding: b[attrStart..<k].map(lower), as: UTF8.self)
                var value = ""
                while k < b.count, isSpace(b[k]) { k += 1 }
                if k < b.count, b[k] == UInt8(ascii: "=") {
                    k += 1
                    while k < b.count, isSpace(b[k]) { k += 1 }
                    if k < b.count, b[k] == UInt8(ascii: "\"") || b[k] == UInt8(ascii: "'") {
                        let quote = b[k]
                        let valueStart = k + 1
                        k = valueStart
                        while k < b.count, b[k] != quote { k += 1 }
                        value = String(decoding: b[valueStart..<min(k, b.count)], as: UTF8.self)
                        k += 1
                    } else {
                        let valueStart = k
                        while k < b.count, !isSpace(b[k]), b[k] != UInt8(ascii: ">") { k += 1 }
                        value = String(decoding: b[valueStart..<k], as: UTF8.self)
                    }
                    selfClosing = false
                }
                if attributes[attr] == nil { attributes[attr] = HTMLText.decodeEntities(value) }
            }
            i = min(k + 1, b.count)
            textStart = i
            if closing {
                tokens.append(.close(name))
            } else {
                tokens.append(.open(name, attributes, selfClosing: selfClosing))
                if ["script", "style", "template", "noscript"].contains(name) {
                    let end = find(Array("</\(name)".utf8), from: i) ?? b.count
                    i = end
                    textStart = end
                }
            }
        }
        flush(b.count)
        return tokens
    }
}
