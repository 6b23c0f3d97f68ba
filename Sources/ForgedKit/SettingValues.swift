import ForgeCore
import Foundation

/// Parsers for setting values, each throwing a ``ConfigError`` that names the
/// setting, the value and where it came from.
enum SettingValues {
    /// `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`, any case.
    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes", "on": true
        case "false", "0", "no", "off": false
        default: nil
        }
    }

    /// A decimal integer within `range`, with optional K/M/G (×1024ⁿ) suffix
    /// when `allowSuffix`.
    static func int(_ text: String, in range: ClosedRange<Int>, allowSuffix: Bool = false) -> Int? {
        var digits = Substring(text)
        var scale = 1
        if allowSuffix, let last = digits.last {
            switch last {
            case "k", "K": scale = 1 << 10
            case "m", "M": scale = 1 << 20
            case "g", "G": scale = 1 << 30
            default: break
            }
            if scale > 1 { digits = digits.dropLast() }
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let n = Int(digits)
        else { return nil }
        let (product, overflow) = n.multipliedReportingOverflow(by: scale)
        guard !overflow, range.contains(product) else { return nil }
        return product
    }

    /// A log level name.
    static func logLevel(_ text: String) -> LogPriority? {
        switch text.lowercased() {
        case "debug": .debug
        case "info": .info
        case "notice": .notice
        case "warning": .warning
        case "error": .error
        default: nil
        }
    }

    /// `email:Name`: split at the first colon, both sides trimmed.
    static func allowedUser(_ text: String) -> (AllowedUser?, String) {
        guard let colon = text.firstIndex(of: ":") else { return (nil, "expected EMAIL:NAME") }
        let email = text[..<colon].trimmingCharacters(in: .whitespaces)
        let name = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            !email.contains(where: { $0.isWhitespace })
        else {
            return (nil, "\"\(email)\" is not an email address")
        }
        guard !name.isEmpty else { return (nil, "the name after the colon is empty") }
        return (AllowedUser(email: email, name: name), "")
    }

    /// An `http`/`https` origin with a host; returns it without trailing
    /// slashes, or a reason.
    static func baseURL(_ text: String) -> (String?, String) {
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URLComponents(string: trimmed), let scheme = url.scheme?.lowercased() else {
            return (nil, "not a URL")
        }
        guard scheme == "http" || scheme == "https" else { return (nil, "must start with http:// or https://") }
        guard let host = url.host, !host.isEmpty else { return (nil, "has no host") }
        guard url.query == nil, url.fragment == nil else { return (nil, "must not have a query or fragment") }
        guard url.user == nil, url.password == nil else { return (nil, "must not contain credentials") }
        return (trimmed, "")
    }
}
