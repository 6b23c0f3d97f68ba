/// Percent-decoding of URL paths and `application/x-www-form-urlencoded`
/// query strings (RFC 3986 §2.1; WHATWG URL "urlencoded parsing").
package enum QueryString {
    /// Decodes `%XX` escapes; with `plusAsSpace`, `+` becomes a space first.
    /// A `%` not followed by two hex digits is kept literally.
    /// - Returns: nil when the decoded bytes are not valid UTF-8.
    package static func percentDecode(_ text: String, plusAsSpace: Bool = false) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return text
        }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "%"), i + 2 < bytes.count,
                let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2])
            {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// Parses `a=1&b=x+y&c` into `(name, value)` pairs in order, decoding
    /// `+` and `%XX` in both. A pair without `=` has an empty value; empty
    /// pairs are skipped; undecodable text is kept as sent.
    package static func pairs(_ rawQuery: String) -> [(String, String)] {
        rawQuery.split(separator: "&", omittingEmptySubsequences: true).map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pieces[0])
            let value = pieces.count > 1 ? String(pieces[1]) : ""
            return (
                percentDecode(name, plusAsSpace: true) ?? name,
                percentDecode(value, plusAsSpace: true) ?? value
            )
        }
    }

    /// The first value per name of `pairs(rawQuery)`.
    package static func parse(_ rawQuery: String) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in pairs(rawQuery) where result[name] == nil {
            result[name] = value
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
