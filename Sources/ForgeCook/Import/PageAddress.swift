/// The address of a recipe page as a person types it (issue 28): one
/// without a scheme (`example.com/recipe`, `//example.com/recipe`) is read
/// as `https://`. Anything else is returned as given, so a URL with another
/// scheme (`ftp:`, `javascript:`) is still refused by the importer.
package enum PageAddress {
    /// `text` trimmed, with `https://` put in front when it starts with a
    /// host name (letters, digits, dots and hyphens, with at least one dot, or
    /// `localhost`), an optional `:port`, then `/`, `?`, `#` or the end.
    package static func withScheme(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("//") { return "https:" + trimmed }
        guard !trimmed.contains("://") else { return trimmed }
        let authority = trimmed.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let host = parts[0]
        guard !host.isEmpty, host.first?.isLetter == true || host.first?.isNumber == true,
            host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" }),
            host.contains(".") || host.lowercased() == "localhost",
            parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isASCIINumber))
        else { return trimmed }
        return "https://" + trimmed
    }
}
