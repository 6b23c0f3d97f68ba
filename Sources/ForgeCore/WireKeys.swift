/// The one key rule of forged's JSON (docs/contract.md §1.1): Swift properties are
/// camelCase, wire keys snake_case. ``WireEncoder`` and ``WireDecoder``
/// convert every key of a synthesized `CodingKeys` with ``snakeCase(_:)``;
/// keys that are data (dictionary keys, a ``VerbatimKey``, a ``JSONValue``
/// object) are written exactly as stored.
///
/// A key with no upper-case letter is unchanged, so explicit `CodingKeys`
/// raw values such as `"content-state"` or `"@type"` pass through.
package enum WireKeys {
    /// `downKg` → `down_kg`, `zone2Min` → `zone2_min`, `sourceURL` →
    /// `source_url`, `e1rm` → `e1rm`: an underscore before an upper-case
    /// letter that follows a lower-case letter or digit, or that starts a
    /// word after an acronym; then everything lower-cased.
    package static func snakeCase(_ key: String) -> String {
        let chars = Array(key.utf8)
        guard chars.contains(where: isUpper) else { return key }
        var out = [UInt8]()
        out.reserveCapacity(chars.count + 4)
        for (i, c) in chars.enumerated() {
            if isUpper(c), i > 0 {
                let prev = chars[i - 1]
                let nextIsLower = i + 1 < chars.count && isLower(chars[i + 1])
                if isLower(prev) || isDigit(prev) || (isUpper(prev) && nextIsLower) { out.append(UInt8(ascii: "_")) }
            }
            out.append(isUpper(c) ? c + 32 : c)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The Swift name a synthesized key would have for wire name `key`
    /// (`down_kg` → `downKg`), the inverse of ``snakeCase(_:)`` for the names
    /// it produces.
    package static func camelCase(_ key: String) -> String {
        guard key.contains("_"), !key.hasPrefix("_") else { return key }
        let parts = key.split(separator: "_", omittingEmptySubsequences: false)
        return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The wire name of `key`: verbatim for a ``VerbatimKey``, else ``snakeCase(_:)``.
    static func wireName(_ key: some CodingKey) -> String {
        key is any VerbatimKey ? key.stringValue : snakeCase(key.stringValue)
    }

    private static func isUpper(_ c: UInt8) -> Bool { c >= 65 && c <= 90 }
    private static func isLower(_ c: UInt8) -> Bool { c >= 97 && c <= 122 }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
}

/// A coding key whose string is data, not a Swift name: never case-converted
/// by ``WireEncoder`` and ``WireDecoder`` (stored documents' extra keys,
/// client prefs keys).
package protocol VerbatimKey: CodingKey {}

/// A coding key for any string, written verbatim.
package struct RawKey: VerbatimKey, Hashable, Sendable {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ string: String) { stringValue = string }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { stringValue = String(intValue) }
}
