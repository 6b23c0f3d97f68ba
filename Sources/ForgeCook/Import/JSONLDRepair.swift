import Foundation

/// Mends the JSON-LD that pages ship broken in ways a browser's script
/// engine would never see (the block is data, not code, so nothing on the
/// page complains).
///
/// Repairs, applied outside a strict parse only when it fails:
/// - a `<![CDATA[ … ]]>` or `<!-- … -->` wrapper (with `//` comment
///   markers) around the JSON is removed;
/// - raw control characters inside strings (newlines, tabs) are escaped;
/// - trailing commas before `}` or `]` are dropped;
/// - several values one after another (`{…}{…}` or `{…},{…}`) become one
///   array; text after the last complete value is ignored.
package enum JSONLDRepair {
    /// The parsed block, repaired when the strict parse fails; nil when even
    /// the repaired text is not JSON.
    package static func parse(_ block: String) -> Any? {
        if let data = block.data(using: .utf8),
            let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        {
            return json
        }
        let values = mend(unwrap(block))
        guard !values.isEmpty else { return nil }
        let parsed = values.compactMap { text -> Any? in
            guard let data = text.data(using: .utf8) else { return nil }
            return try? JSONSerialization.jsonObject(with: data, options: [])
        }
        if parsed.isEmpty { return nil }
        return parsed.count == 1 ? parsed[0] : parsed
    }

    /// The block without CDATA / comment wrappers.
    static func unwrap(_ block: String) -> String {
        var text = block
        for marker in ["<![CDATA[", "]]>", "<!--", "-->"] {
            text = text.replacingOccurrences(of: marker, with: " ")
        }
        // `//` comment lines left by the wrappers ("// <![CDATA[") but never inside strings.
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            return trimmed.hasPrefix("//") ? "" : line
        }.joined(separator: "\n")
    }

    /// The top-level JSON values in `text`, each with control characters in
    /// strings escaped and trailing commas removed.
    static func mend(_ text: String) -> [String] {
        var values: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        var pendingComma = false
        for ch in text {
            if inString {
                if escaped {
                    escaped = false
                    current.append(ch)
                    continue
                }
                switch ch {
                case "\\":
                    escaped = true
                    current.append(ch)
                case "\"":
                    inString = false
                    current.append(ch)
                case "\n": current += "\\n"
                case "\r": current += "\\r"
                case "\t": current += "\\t"
                default:
                    if let ascii = ch.asciiValue, ascii < 0x20 {
                        current += String(format: "\\u%04x", ascii)
                    } else {
                        current.append(ch)
                    }
                }
                continue
            }
            if depth == 0 {
                // Between values: only an opening bracket starts the next one.
                guard ch == "{" || ch == "[" else { continue }
            }
            if ch.isWhitespace { continue }
            if ch == "," {
                if pendingComma { continue }
                pendingComma = true
                continue
            }
            if ch == "}" || ch == "]" {
                pendingComma = false
                current.append(ch)
                depth -= 1
                if depth == 0 {
                    values.append(current)
                    current = ""
                }
                continue
            }
            if pendingComma {
                current.append(",")
                pendingComma = false
            }
            if ch == "\"" { inString = true }
            if ch == "{" || ch == "[" { depth += 1 }
            current.append(ch)
        }
        return values
    }
}
