import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The rules of every outbound fetch (docs/architecture.md §15): http(s)
/// only, at most `maxRedirects` redirects, a timeout, a size cap, and no
/// loopback, link-local, private, shared (CGNAT), multicast or unspecified
/// targets unless `allowPrivate` is on.
package struct OutboundFetchPolicy: Sendable {
    /// Allow targets on private and loopback networks (`--allow-private-fetch`).
    package var allowPrivate: Bool
    /// Whole-request timeout, seconds.
    package var timeout: TimeInterval
    /// Redirects followed at most.
    package var maxRedirects: Int

    package init(allowPrivate: Bool = false, timeout: TimeInterval = 8, maxRedirects: Int = 3) {
        self.allowPrivate = allowPrivate
        self.timeout = timeout
        self.maxRedirects = maxRedirects
    }

    /// Why `url` may not be fetched, or nil when it may: ``clearance(for:)``'s
    /// refusal.
    package func refusal(for url: URL) -> String? {
        if case .refused(let reason) = clearance(for: url) { return reason }
        return nil
    }

    /// The verdict on one fetch target.
    package enum Clearance: Sendable, Equatable {
        /// Off-limits; the text says why.
        case refused(String)
        /// May be fetched. `addresses` are the host's checked numeric addresses,
        /// the only ones the connection may use (empty when `allowPrivate` is on
        /// and nothing was resolved).
        case allowed(addresses: [String])
    }

    /// Checks `url`'s scheme and host; unless `allowPrivate` is on, resolves
    /// the host (getaddrinfo) and refuses when any address is off-limits.
    /// With `allowPrivate` on nothing is resolved and nothing pinned: any
    /// address the host has, and any proxy from the environment, may be used.
    /// Otherwise ``OutboundFetcher`` connects only to the returned addresses
    /// (``HTTPClient/Request/pinnedAddresses``), so a DNS answer that changes
    /// between the check and the connection cannot redirect the fetch to a
    /// private address.
    package func clearance(for url: URL) -> Clearance {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .refused("only http(s) URLs can be fetched")
        }
        guard var host = url.host, !host.isEmpty else { return .refused("URL has no host") }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if allowPrivate { return .allowed(addresses: []) }
        let addresses = Self.resolve(host)
        guard !addresses.isEmpty else { return .refused("cannot resolve \(host)") }
        if let bad = addresses.first(where: Self.isOffLimits) {
            return .refused("refusing to fetch from a private or local address (\(bad))")
        }
        return .allowed(addresses: addresses)
    }

    /// Numeric addresses of `host`.
    static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(list) }
        var out: [String] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let current = node {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(
                current.pointee.ai_addr, current.pointee.ai_addrlen, &buffer, socklen_t(buffer.count),
                nil, 0, NI_NUMERICHOST) == 0
            {
                let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !out.contains(text) { out.append(text) }
            }
            node = current.pointee.ai_next
        }
        return out
    }

    /// True for loopback, private, link-local, CGNAT, unspecified, multicast
    /// and reserved addresses, IPv4 or IPv6 (including IPv4-mapped IPv6).
    package static func isOffLimits(_ address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            let b = withUnsafeBytes(of: v4.s_addr) { Array($0) }
            return isOffLimitsV4(b)
        }
        var v6 = in6_addr()
        let zoneless = String(address.split(separator: "%")[0])
        guard inet_pton(AF_INET6, zoneless, &v6) == 1 else { return true }
        let b = withUnsafeBytes(of: v6) { Array($0) }
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff {
            return isOffLimitsV4(Array(b[12..<16]))
        }
        if b[0..<15].allSatisfy({ $0 == 0 }) { return true }  // :: and ::1
        if b[0] == 0xfe && (b[1] & 0xc0) == 0x80 { return true }  // fe80::/10 link-local
        if (b[0] & 0xfe) == 0xfc { return true }  // fc00::/7 unique local
        if b[0] == 0xff { return true }  // multicast
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8 { return true }  // documentation
        if b[0..<12].allSatisfy({ $0 == 0 }) { return isOffLimitsV4(Array(b[12..<16])) }  // IPv4-compatible
        return false
    }

    static func isOffLimitsV4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return true
        case (169, 254), (192, 168): return true
        case (172, 16...31): return true
        case (100, 64...127): return true
        case (192, 0) where b[2] == 0 || b[2] == 2: return true
        case (198, 18...19): return true
        case (224...255, _): return true
        default: return false
        }
    }
}
