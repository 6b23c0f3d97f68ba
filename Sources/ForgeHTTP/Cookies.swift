/// Parsing of the request `Cookie` header (RFC 6265 §5.4 / §4.2.1).
public enum Cookies {
    /// Splits `a=1; b="two"` into name/value pairs. Surrounding double
    /// quotes are removed from values; pairs without `=` are skipped; the
    /// first occurrence of a name wins.
    public static func parse(_ header: String) -> [String: String] {
        var result: [String: String] = [:]
        for part in header.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2 else { continue }
            let name = pieces[0].trimmingSpaces
            guard !name.isEmpty, result[name] == nil else { continue }
            var value = pieces[1].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            result[name] = value
        }
        return result
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
