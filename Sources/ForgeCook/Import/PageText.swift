import Foundation

/// The text of a recipe page fetched by URL (issue 28): its bytes decoded in
/// the charset the HTTP `Content-Type` names, else the one the page's own
/// `<meta charset>` (or `http-equiv` Content-Type) names in its first
/// 2,048 bytes, else UTF-8. A page given as text (the `html` of an import
/// request, already a JSON string) is never decoded again: a `<meta
/// charset>` inside it says nothing about it.
///
/// Charsets read: UTF-8, UTF-16, ISO-8859-1 / Latin-1 / US-ASCII /
/// Windows-1252 (all read as Windows-1252, as browsers do), ISO-8859-2,
/// Windows-1250/1251, Shift_JIS, EUC-JP; any other reads as UTF-8. Bytes
/// that are not valid in the named charset fall back to UTF-8 with
/// replacement characters, never to nothing.
package enum PageText {
    /// `body` as text, by `contentType`'s charset, the page's meta charset, or UTF-8.
    package static func decode(_ body: Data, contentType: String) -> String {
        let name = charset(inContentType: contentType) ?? metaCharset(body) ?? "utf-8"
        if let encoding = encoding(named: name), encoding != .utf8, let text = String(data: body, encoding: encoding) {
            return text
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The `charset=` parameter of a `Content-Type` value, lower-cased, unquoted; nil when absent.
    static func charset(inContentType value: String) -> String? {
        for part in value.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
            let name = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased()
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// The charset a page declares in its head: `<meta charset="…">` or
    /// `<meta http-equiv="Content-Type" content="text/html; charset=…">`,
    /// looked for in the first 2,048 bytes (ASCII-compatible pages only).
    static func metaCharset(_ body: Data) -> String? {
        let head = String(decoding: body.prefix(2048), as: UTF8.self).lowercased()
        guard let meta = head.range(of: "charset") else { return nil }
        var rest = head[meta.upperBound...].drop { $0 == " " }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// Foundation's encoding for a charset label (WHATWG labels, lower-cased).
    static func encoding(named name: String) -> String.Encoding? {
        switch name {
        case "utf-8", "utf8", "unicode-1-1-utf-8": return .utf8
        case "utf-16", "utf-16le": return .utf16LittleEndian
        case "utf-16be": return .utf16BigEndian
        case "iso-8859-1", "latin1", "l1", "iso8859-1", "iso_8859-1", "us-ascii", "ascii", "windows-1252",
            "cp1252", "x-cp1252":
            return .windowsCP1252
        case "iso-8859-2", "latin2", "iso8859-2": return .isoLatin2
        case "windows-1250", "cp1250": return .windowsCP1250
        case "windows-1251", "cp1251": return .windowsCP1251
        case "shift_jis", "shift-jis", "sjis", "windows-31j", "x-sjis": return .shiftJIS
        case "euc-jp": return .japaneseEUC
        default: return nil
        }
    }
}
