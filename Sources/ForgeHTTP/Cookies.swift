/// Parsing of the request `Cookie` header (RFC 6265 §5.4 / §4.2.1).
package enum Cookies {
    /// Splits `a=1; b="two"` into name/value pairs. Surrounding double
    /// quotes are removed from values; pairs without `=` are skipped; the
    /// first occurrence of a name wins.
    package static func parse(_ header: String) -> [String: String] {
        var result: [String: String] = [:]
        for part in header.split(separator: ";") {
            guard let (name, value) = pair(part), result[name] == nil else { continue }
            result[name] = value
        }
        return result
    }

    /// The value of cookie `name` in `header`, by the rules of ``parse(_:)``
    /// (the first occurrence wins), without building the whole dictionary:
    /// this runs on every signed-in request.
    package static func value(named name: String, in header: String) -> String? {
        for part in header.split(separator: ";") {
            guard let (found, value) = pair(part), found == name else { continue }
            return value
        }
        return nil
    }

    /// One `name=value` piece, trimmed and unquoted; nil without `=` or with an empty name.
    private static func pair(_ part: Substring) -> (String, String)? {
        guard let equals = part.utf8.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let name = part[..<equals].trimmingSpaces
        guard !name.isEmpty else { return nil }
        var value = part[part.utf8.index(after: equals)...].trimmingSpaces
        if value.utf8.count >= 2, value.utf8.first == UInt8(ascii: "\""), value.utf8.last == UInt8(ascii: "\"") {
            value = String(value.dropFirst().dropLast())
        }
        return (name, value)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs (a scan of the
    /// UTF-8 bytes; both are ASCII, so the bounds are character boundaries).
    var trimmingSpaces: String {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { bytes.formIndex(after: &start) }
        while end > start {
            let before = bytes.index(before: end)
            guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
            end = before
        }
        return String(self[start..<end])
    }
}
