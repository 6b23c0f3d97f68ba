/// A host and TCP port to listen on, written `127.0.0.1:8080`, `[::]:8080`,
/// `[::1]:0` or `localhost:8080`. Port 0 asks the kernel for a free port.
package struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// Host name or IP literal, without brackets (`::1`, `0.0.0.0`, `localhost`).
    package var host: String
    /// TCP port, 0...65535.
    package var port: Int

    /// The address `host`:`port` as given (ForgedKit's `init(parsing:)` checks text).
    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `host:port`; IPv6 literals must be bracketed.
    /// Returns nil for a missing or empty host, a missing port, a port
    /// outside 0...65535 or an unbracketed IPv6 literal.
    package init?(_ text: String) {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            portText = rest.dropFirst()
            guard host.contains(":") else { return nil }
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            guard !host.contains(":") else { return nil }
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" }),
            !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.count <= 5,
            let port = Int(portText), (0...65_535).contains(port)
        else { return nil }
        self.host = String(host)
        self.port = port
    }

    /// `host:port`, with IPv6 hosts in brackets.
    package var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
