import Foundation

/// Instants on the wire and in the database.
///
/// Stored form: ISO 8601 UTC with milliseconds, `2026-07-20T09:15:27.104Z`
/// (sorts lexically in time order). Wire form (`datetime` in docs/contract.md):
/// the same instant with an explicit offset, `2026-07-20T09:15:27.104+00:00`.
package enum Instant {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let plain = Date.ISO8601FormatStyle()

    /// Stored form of `date`: its millisecond, truncated. The whole seconds and the
    /// milliseconds are formatted apart, in integers, because a `Date` is a binary
    /// double: `…44.255` parsed back is `…44.25499…`, which the fractional-seconds
    /// format style writes as `.254`, a millisecond early on every read.
    package static func storage(_ date: Date) -> String {
        // Half a microsecond up first, so a value stored to the millisecond stays on it.
        let ms = (date.timeIntervalSince1970 * 1000 + 0.0005).rounded(.down)
        let seconds = (ms / 1000).rounded(.down)
        let fraction = Int(ms - seconds * 1000)
        var text = plain.format(Date(timeIntervalSince1970: seconds))
        guard text.hasSuffix("Z") else { return style.format(date) }
        text.removeLast()
        let digits = String(fraction)
        return text + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// Wire form of `date` (`+00:00` offset).
    package static func wire(_ date: Date) -> String { wireForm(storage(date)) }

    /// Wire form of a stored instant string; the input unchanged when it does not parse.
    /// The stored form itself (`…:27.104Z`) is rewritten as text, never through a `Date`.
    package static func wire(stored: String) -> String {
        let u = stored.utf8
        if u.count == 24, u.last == UInt8(ascii: "Z"), parse(stored) != nil { return wireForm(stored) }
        guard let date = parse(stored) else { return stored }
        return wire(date)
    }

    private static func wireForm(_ stored: String) -> String {
        guard stored.hasSuffix("Z") else { return stored }
        return String(stored.dropLast()) + "+00:00"
    }

    /// Parses ISO 8601 with or without fractional seconds, `Z` or a numeric offset.
    package static func parse(_ text: String) -> Date? {
        if let d = try? style.parse(text) { return d }
        return try? plain.parse(text)
    }
}
