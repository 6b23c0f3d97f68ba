import Foundation

/// Plain text from the HTML fragments recipe pages put inside JSON-LD
/// strings: character references decoded (repeatedly, because sites often
/// encode twice: `&amp;nbsp;`), tags removed, whitespace (including
/// no-break spaces) collapsed to single spaces and trimmed.
package enum HTMLText {
    /// Named references decoded; others are left as written.
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "ndash": "–", "mdash": "—", "hellip": "…", "deg": "°", "times": "×", "frac12": "½",
        "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "eacute": "é", "egrave": "è", "ecirc": "ê", "aacute": "á",
        "agrave": "à", "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ", "ccedil": "ç",
        "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "copy": "©", "reg": "®", "trade": "™",
        "middot": "·", "bull": "•", "frasl": "⁄", "minus": "−", "shy": "",
        // Joiners inside emoji ("👩&zwj;🍳"), spaces, quotes and the letters of European recipe pages.
        "zwj": "\u{200D}", "zwnj": "\u{200C}", "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}",
        "laquo": "«", "raquo": "»", "sbquo": "‚", "bdquo": "„", "prime": "′", "Prime": "″",
        "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "Eacute": "É", "Egrave": "È", "Agrave": "À", "Ccedil": "Ç",
        "acirc": "â", "icirc": "î", "ocirc": "ô", "ucirc": "û", "euml": "ë", "iuml": "ï", "igrave": "ì",
        "ograve": "ò", "ugrave": "ù", "atilde": "ã", "otilde": "õ", "aring": "å", "Aring": "Å", "aelig": "æ",
        "oslash": "ø", "Oslash": "Ø", "oelig": "œ",
    ]

    /// `text` with character references decoded up to three passes (stops
    /// when a pass changes nothing).
    package static func decodeEntities(_ text: String) -> String {
        var current = text
        for _ in 0..<3 {
            guard current.contains("&") else { break }
            let next = decodeOnce(current)
            if next == current { break }
            current = next
        }
        return current
    }

    static func decodeOnce(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(12).firstIndex(of: ";"), let decoded = decodeReference(after[..<semi]) {
                out += decoded
                rest = after[after.index(after: semi)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    private static func decodeReference(_ body: Substring) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return named[String(body)] ?? named[body.lowercased()]
    }

    /// Tags removed (each replaced by a space), entities decoded, whitespace collapsed.
    package static func plain(_ text: String) -> String {
        collapse(decodeEntities(stripTags(text)))
    }

    /// Each `<…>` tag replaced by `replacement`. A `<` not followed by a
    /// letter, `/` or `!` is text and kept.
    static func stripTags(_ text: String, replacement: String = " ") -> String {
        guard text.contains("<") else { return text }
        var out = ""
        var chars = Substring(text)
        while let lt = chars.firstIndex(of: "<") {
            out += chars[..<lt]
            let after = chars[chars.index(after: lt)...]
            guard let first = after.first, first.isLetter || first == "/" || first == "!",
                let gt = after.firstIndex(of: ">")
            else {
                out += "<"
                chars = after
                continue
            }
            out += replacement
            chars = after[after.index(after: gt)...]
        }
        return out + chars
    }

    /// Runs of whitespace (including U+00A0) become one space; ends trimmed.
    package static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Splits an HTML (or plain) instructions string into step texts:
    /// block boundaries (`li`, `p`, `br`, `div`, `h1`–`h6`, `ol`, `ul`) and
    /// line breaks end a step; empty pieces are dropped.
    package static func blocks(_ html: String) -> [String] {
        var marked = ""
        var chars = Substring(html)
        let blockTags: Set<String> = [
            "li", "p", "br", "div", "ol", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "section",
        ]
        while let lt = chars.firstIndex(of: "<") {
            marked += chars[..<lt]
            let after = chars[chars.index(after: lt)...]
            guard let gt = after.firstIndex(of: ">"), let first = after.first,
                first.isLetter || first == "/" || first == "!"
            else {
                marked += "<"
                chars = after
                continue
            }
            let name = after[..<gt].drop(while: { $0 == "/" })
                .prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
            marked += blockTags.contains(name) ? "\n" : " "
            chars = after[after.index(after: gt)...]
        }
        marked += chars
        // `isNewline`: "\r\n" is one Character in Swift, equal to neither "\n" nor "\r".
        return marked.split(whereSeparator: { $0.isNewline })
            .map { collapse(decodeEntities(String($0))) }
            .filter { !$0.isEmpty }
    }
}
