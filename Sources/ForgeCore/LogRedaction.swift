/// Masks secrets that slip into log text: Forge bearer tokens (`fg_` ingest,
/// `fgm_` MCP access, `fgr_` MCP refresh; docs/contract.md §1.7) keep their prefix and
/// a four-character tail (`fg_…Wx9Q`), the admin routes' masking rule.
/// The first defence is not logging them; this is the second.
public enum LogRedaction {
    /// `text` with every token-shaped word masked; unchanged (and cheap) when
    /// it holds no `fg` at all.
    public static func mask(_ text: String) -> String {
        guard text.contains("fg") else { return text }
        return text.replacing(pattern) { match in
            let token = match.output.0
            let prefix = match.output.1
            return "\(prefix)…\(token.suffix(4))"
        }
    }

    nonisolated(unsafe) private static let pattern = /\b(fg[mr]?_)[A-Za-z0-9_\-]{12,}/
}
