import Foundation

/// Image URLs from schema.org `image`: a URL string, an `ImageObject`
/// (`url`, else `contentUrl`, else `@id`), or a (nested) list of either.
/// Relative URLs are resolved against the page URL; an absolute one is
/// kept as the page writes it (no percent-encoding or Unicode
/// normalisation of its path); only http(s) results are kept; duplicates
/// dropped; order kept (first = hero).
enum ImageList {
    static func urls(_ value: Any?, base: URL?) -> [String] {
        var out: [String] = []
        collect(value, base: base, depth: 0, into: &out)
        return out
    }

    private static func collect(_ value: Any?, base: URL?, depth: Int, into out: inout [String]) {
        guard depth < 5 else { return }
        switch value {
        case let s as String:
            let text = HTMLText.decodeEntities(s).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            let lower = text.lowercased()
            let absolute: String
            if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                absolute = text
            } else if text.hasPrefix("//") {
                absolute = (base?.scheme ?? "https") + ":" + text
            } else {
                guard let url = URL(string: text, relativeTo: base)?.absoluteURL,
                    let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
                else { return }
                absolute = url.absoluteString
            }
            if !out.contains(absolute) { out.append(absolute) }
        case let list as [Any]:
            for element in list { collect(element, base: base, depth: depth + 1, into: &out) }
        case let object as [String: Any]:
            collect(object["url"] ?? object["contentUrl"] ?? object["@id"], base: base, depth: depth + 1, into: &out)
        default:
            return
        }
    }
}
