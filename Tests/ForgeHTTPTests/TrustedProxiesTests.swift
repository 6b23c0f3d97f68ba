import Testing

// SPDX-License-Identifier: Apache-2.0
@testable import ForgeHTTP

@Suite struct TrustedProxiesTests {
    let proxies = TrustedProxies(["10.0.0.0/8", "192.168.1.2", "fd00::/8"].compactMap(TrustedProxies.Network.init))

    @Test func networksParseAndMatch() {
        #expect(TrustedProxies.Network("10.0.0.0/33") == nil)
        #expect(TrustedProxies.Network("fd00::/129") == nil)
        #expect(TrustedProxies.Network("proxy.lan") == nil)
        #expect(TrustedProxies.Network("10.0.0.0/") == nil)
        // A sign, a blank or leading zeros past three digits are not a prefix length.
        for text in ["10.0.0.0/+8", "10.0.0.0/-0", "10.0.0.0/ 8", "fd00::/+8", "10.0.0.0/0008"] {
            #expect(TrustedProxies.Network(text) == nil, "\(text)")
        }
        #expect(TrustedProxies.Network("10.0.0.0/08")?.description == "10.0.0.0/08")
        #expect(proxies.contains("10.200.3.4"))
        #expect(!proxies.contains("11.0.0.1"))
        #expect(proxies.contains("192.168.1.2") && !proxies.contains("192.168.1.3"))
        #expect(proxies.contains("fd12:3456::1") && !proxies.contains("fe80::1"))
        // An IPv4 network does not match IPv6 addresses outside the mapped range.
        #expect(!proxies.contains("::a00:1"))
        #expect(!proxies.contains(""))
    }

    @Test func clientIsTheRightMostUntrustedHop() {
        // Untrusted peer: its header is ignored.
        #expect(proxies.client(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"]) == "203.0.113.9")
        // Trusted peer: the right-most address that is not a proxy.
        #expect(proxies.client(peer: "10.0.0.1", forwardedFor: ["198.51.100.1, 203.0.113.5"]) == "203.0.113.5")
        #expect(
            proxies.client(peer: "10.0.0.1", forwardedFor: ["198.51.100.1, 203.0.113.5, 10.9.9.9"]) == "203.0.113.5")
        // Several fields are one list; brackets and ports are dropped.
        #expect(proxies.client(peer: "10.0.0.1", forwardedFor: ["198.51.100.1", "[2001:db8::7]"]) == "2001:db8::7")
        #expect(proxies.client(peer: "10.0.0.1", forwardedFor: ["198.51.100.1:4711"]) == "198.51.100.1")
        // All hops trusted: the left-most. Garbage stops the walk at the last trusted hop.
        #expect(proxies.client(peer: "10.0.0.1", forwardedFor: ["10.1.1.1, 10.2.2.2"]) == "10.1.1.1")
        #expect(proxies.client(peer: "10.0.0.1", forwardedFor: ["198.51.100.1, unknown, 10.2.2.2"]) == "10.2.2.2")
        #expect(proxies.client(peer: "10.0.0.1", forwardedFor: []) == "10.0.0.1")
    }

    @Test func schemeOnlyFromATrustedPeer() {
        #expect(proxies.scheme(peer: "10.0.0.1", forwardedProto: "https", direct: "http") == "https")
        #expect(proxies.scheme(peer: "10.0.0.1", forwardedProto: "HTTPS, http", direct: "http") == "https")
        #expect(proxies.scheme(peer: "10.0.0.1", forwardedProto: "gopher", direct: "http") == "http")
        #expect(proxies.scheme(peer: "203.0.113.9", forwardedProto: "https", direct: "http") == "http")
        #expect(proxies.scheme(peer: "203.0.113.9", forwardedProto: "http", direct: "https") == "https")
    }
}
