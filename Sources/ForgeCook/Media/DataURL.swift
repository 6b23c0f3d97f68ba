import Foundation

/// A parsed `data:image/<type>;base64,<data>` reference (docs/contract.md §4.23; RFC 2397).
package struct DataURL: Sendable, Equatable {
    /// The declared MIME type, lower-cased (`image/png`).
    package let contentType: String
    /// The strictly decoded bytes.
    package let bytes: Data

    /// Parses `text`; the `data:` scheme and `;base64` marker are case-insensitive.
    /// Returns nil unless it is an `image/*` base64 data URL whose payload decodes strictly
    /// (standard alphabet, padding as RFC 4648 requires; whitespace is not allowed).
    package init?(_ text: String) {
        guard text.count > 5, text.prefix(5).lowercased() == "data:",
            let comma = text.firstIndex(of: ",")
        else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma].lowercased()
        var parts = header.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts.removeLast() == "base64" else { return nil }
        let type = parts[0].trimmingCharacters(in: .whitespaces)
        guard type.hasPrefix("image/"), type.count > 6 else { return nil }
        let payload = String(text[text.index(after: comma)...])
        guard payload.utf8.count % 4 == 0, let bytes = Data(base64Encoded: payload) else { return nil }
        contentType = type
        self.bytes = bytes
    }
}
