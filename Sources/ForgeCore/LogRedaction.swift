/// Masks secrets that slip into log text: Forge bearer tokens (`fg_` ingest,
/// `fgm_` MCP access, `fgr_` MCP refresh; docs/contract.md §1.7) keep their prefix and
/// a four-character tail (`fg_…Wx9Q`), the admin routes' masking rule.
/// The first defence is not logging them; this is the second.
package enum LogRedaction {
    /// `text` with every token-shaped word masked; unchanged (and cheap) when
    /// it holds no `fg` at all.
    package static func mask(_ text: String) -> String {
        guard mayHoldToken(text) else { return text }
        return text.replacing(pattern) { match in
            let token = match.output.0
            let prefix = match.output.1
            return "\(prefix)…\(token.suffix(4))"
        }
    }

    /// Whether `text` holds the bytes `fg` anywhere: a byte scan, since this
    /// runs for every log line (Foundation's `contains` of a string goes
    /// through `NSString` and costs more than the rest of the line).
    static func mayHoldToken(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "f"), byte == UInt8(ascii: "g") { return true }
            previous = byte
        }
        return false
    }

    nonisolated(unsafe) private static let pattern = /\b(fg[mr]?_)[A-Za-z0-9_\-]{12,}/
}
