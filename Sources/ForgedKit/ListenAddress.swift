#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `--listen` value, `HOST:PORT`: an IPv4 address (`127.0.0.1:8080`), an
/// IPv6 address in brackets (`[::]:8080`, `[::1]:9000`) or a host name
/// (`localhost:8080`). Port 0 asks the kernel for a free port.
package struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// The host without brackets (`::`, `127.0.0.1`, `localhost`).
    package let host: String
    /// The TCP port, 0–65535.
    package let port: UInt16
    /// True for a bracketed IPv6 literal.
    package let isIPv6: Bool

    /// Parses and validates `text`.
    /// - Throws: ``ConfigError`` for setting `listen`, naming what is wrong.
    package init(parsing text: String) throws(ConfigError) {
        func bad(_ why: String) -> ConfigError { ConfigError(setting: "listen", message: why, value: text) }
        guard let colon = text.lastIndex(of: ":") else { throw bad("expected HOST:PORT") }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        guard !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
            let port = Int(portText), port <= 65535
        else {
            throw bad("port must be a number from 0 to 65535")
        }
        var ipv6 = false
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), host.count > 2 else { throw bad("unbalanced brackets around the IPv6 address") }
            host = String(host.dropFirst().dropLast())
            guard Self.isIPv6Literal(host) else { throw bad("not an IPv6 address") }
            ipv6 = true
        } else if host.contains(":") {
            throw bad("IPv6 addresses go in brackets, e.g. [::1]:8080")
        } else if host.isEmpty {
            throw bad("expected HOST:PORT (use 0.0.0.0 or [::] for every address)")
        } else if host.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            guard Self.isIPv4Literal(host) else { throw bad("not an IPv4 address") }
        } else {
            let ok = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
            guard ok, !host.hasPrefix("-"), !host.hasPrefix(".") else { throw bad("not a valid host name") }
        }
        self.host = host
        self.port = UInt16(port)
        self.isIPv6 = ipv6
    }

    /// `HOST:PORT` with IPv6 hosts bracketed again.
    package var description: String { "\(hostForURL):\(port)" }

    /// The host as it appears in a URL: IPv6 in brackets.
    package var hostForURL: String { isIPv6 ? "[\(host)]" : host }

    /// True for the wildcard addresses `::` and `0.0.0.0`.
    package var isWildcard: Bool { host == "::" || host == "0.0.0.0" }

    /// The base URL a client on this machine would use: `http://HOST:PORT`,
    /// with a wildcard host replaced by `localhost` and `:80` left out.
    package var derivedBaseURL: String { derivedBaseURL(scheme: "http") }

    /// `scheme://host[:port]` of this address, the port left off when it is
    /// the scheme's default (80 for http, 443 for https).
    package func derivedBaseURL(scheme: String) -> String {
        let h = isWildcard ? "localhost" : hostForURL
        return port == (scheme == "https" ? 443 : 80) ? "\(scheme)://\(h)" : "\(scheme)://\(h):\(port)"
    }

    static func isIPv4Literal(_ s: String) -> Bool {
        var addr = in_addr()
        return inet_pton(AF_INET, s, &addr) == 1
    }

    static func isIPv6Literal(_ s: String) -> Bool {
        var addr = in6_addr()
        return inet_pton(AF_INET6, s, &addr) == 1
    }
}
