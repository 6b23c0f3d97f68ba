#if canImport(Glibc)
    import Glibc
#endif

/// The reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto`
/// headers are believed (`--trusted-proxy CIDR`). From any other peer both
/// headers are ignored, so a client cannot choose the address the sign-in
/// lock-out and the access log see.
package struct TrustedProxies: Sendable, Equatable {
    /// One network, `192.168.1.0/24`, `10.0.0.1` (a /32), `fd00::/8`, `::1` (a /128).
    package struct Network: Sendable, Equatable, CustomStringConvertible {
        /// The address as 16 bytes (IPv4 as IPv4-mapped IPv6, `::ffff:a.b.c.d`).
        let bytes: [UInt8]
        /// Prefix length over the 16 bytes (an IPv4 /24 is 120 here).
        let prefix: Int
        package let description: String

        /// Parses `ADDRESS[/PREFIX]`; nil when the address is not an IP
        /// literal or the prefix is not plain decimal digits in range (0–32
        /// for IPv4, 0–128 for IPv6; `+8`, `-0` and ` 8` are refused).
        package init?(_ text: String) {
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let address = TrustedProxies.bytes(of: String(parts[0])) else { return nil }
            let isV4 = !parts[0].contains(":")
            let width = isV4 ? 32 : 128
            var prefix = width
            if parts.count == 2 {
                guard !parts[1].isEmpty, parts[1].count <= 3, parts[1].allSatisfy({ ("0"..."9").contains($0) }),
                    let p = Int(parts[1]), (0...width).contains(p)
                else { return nil }
                prefix = p
            }
            self.bytes = address
            self.prefix = isV4 ? prefix + 96 : prefix
            self.description = parts.count == 2 ? text : "\(text)/\(width)"
        }

        func contains(_ address: [UInt8]) -> Bool {
            var remaining = prefix
            for index in 0..<16 where remaining > 0 {
                let bits = min(8, remaining)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if address[index] & mask != bytes[index] & mask { return false }
                remaining -= bits
            }
            return true
        }
    }

    /// The trusted networks, in the order given; empty trusts no peer (the
    /// forwarding headers are then always ignored).
    package var networks: [Network]

    /// - Parameter networks: the proxies' networks (parse each with
    ///   ``Network/init(_:)``); none trusts no one.
    package init(_ networks: [Network] = []) { self.networks = networks }

    /// Whether `address` (an IP literal) lies in one of the networks.
    package func contains(_ address: String) -> Bool {
        guard !networks.isEmpty, let bytes = Self.bytes(of: address) else { return false }
        return networks.contains { $0.contains(bytes) }
    }

    /// The real client of a request from `peer`: when `peer` is trusted, the
    /// right-most `X-Forwarded-For` entry that is not itself a trusted proxy
    /// (the left-most if all are; the last trusted hop when an entry is not
    /// an IP literal), else `peer`. Several `X-Forwarded-For` fields count as
    /// one list in order (RFC 9110 §5.3).
    package func client(peer: String, forwardedFor: [String]) -> String {
        guard contains(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces }
        var client = peer
        for hop in hops.reversed() {
            let address = Self.unbracketed(hop)
            guard Self.bytes(of: address) != nil else { break }
            client = Self.plain(address)
            if !contains(address) { break }
        }
        return client
    }

    /// The scheme a request arrived with: `X-Forwarded-Proto` (its first
    /// value, `http` or `https`) when `peer` is trusted, else `direct`.
    package func scheme(peer: String, forwardedProto: String?, direct: String) -> String {
        guard contains(peer), let proto = forwardedProto?.split(separator: ",").first?.trimmingSpaces.lowercased(),
            proto == "http" || proto == "https"
        else { return direct }
        return proto
    }

    /// `[::1]` → `::1`; `1.2.3.4:5678` (an address with a port, as some
    /// proxies write it) → `1.2.3.4`.
    static func unbracketed(_ text: String) -> String {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<close])
        }
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") { return String(text[..<colon]) }
        return text
    }

    /// IPv4-mapped IPv6 shown as plain IPv4, as the server shows peers.
    static func plain(_ address: String) -> String {
        let lower = address.lowercased()
        if lower.hasPrefix("::ffff:"), lower.dropFirst(7).contains(".") { return String(lower.dropFirst(7)) }
        return lower
    }

    /// 16 bytes of an IPv4 or IPv6 literal (IPv4 mapped into IPv6), or nil.
    static func bytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            let b = withUnsafeBytes(of: v4.s_addr) { Array($0) }
            return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] + b
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        return withUnsafeBytes(of: v6) { Array($0) }
    }
}
