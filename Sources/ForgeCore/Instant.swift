import Foundation

/// Instants on the wire and in the database.
///
/// Stored form: ISO 8601 UTC with milliseconds, `2026-07-20T09:15:27.104Z`
/// (sorts lexically in time order). Wire form (`datetime` in docs/contract.md):
/// the same instant with an explicit offset, `2026-07-20T09:15:27.104+00:00`.
package enum Instant {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let plain = Date.ISO8601FormatStyle()

    /// Stored form of `date`.
    package static func storage(_ date: Date) -> String { style.format(date) }

    /// Wire form of `date` (`+00:00` offset).
    package static func wire(_ date: Date) -> String {
        var text = style.format(date)
        if text.hasSuffix("Z") {
            text.removeLast()
            text += "+00:00"
        }
        return text
    }

    /// Wire form of a stored instant string; the input unchanged when it does not parse.
    package static func wire(stored: String) -> String {
        guard let date = parse(stored) else { return stored }
        return wire(date)
    }

    /// Parses ISO 8601 with or without fractional seconds, `Z` or a numeric offset.
    package static func parse(_ text: String) -> Date? {
        if let d = try? style.parse(text) { return d }
        return try? plain.parse(text)
    }
}
