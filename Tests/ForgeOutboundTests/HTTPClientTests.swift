import ForgeHTTP
import Foundation
import Testing

@testable import ForgeOutbound

/// ``HTTPClient`` end to end: the real libcurl (loaded with dlopen) against a
/// real ForgeHTTP server on 127.0.0.1.
@Suite(.serialized) struct HTTPClientTests {
    /// A local site: an echo page, a 100 000-byte body, a slow page, a redirect.
    final class Site: Sendable {
        let server: HTTPServer
        let origin: String
        let port: Int
        static let big = Data((0..<100_000).map { UInt8($0 % 251) })

        init() throws {
            var router = Router()
            router.get("/page", summary: "echo") { request in
                Response(
                    status: 203, headers: ["Content-Type": "text/plain; charset=utf-8", "X-Extra": "1"],
                    body: Data(
                        "accept=\(request.headers["accept"] ?? "-") ua=\(request.headers["user-agent"] ?? "-")".utf8))
            }
            router.post("/echo", summary: "echo the body") { request in
                Response(
                    status: 200, headers: ["Content-Type": request.headers["content-type"] ?? "none"],
                    body: Data("\(request.method.rawValue) ".utf8) + request.body)
            }
            router.put("/echo", summary: "echo the body") { request in
                Response(status: 200, body: Data("\(request.method.rawValue) ".utf8) + request.body)
            }
            router.get("/big", summary: "large body") { _ in
                Response(status: 200, headers: ["Content-Type": "application/octet-stream"], body: Site.big)
            }
            router.get("/chunked", summary: "large body without a Content-Length") { _ in
                let stream = ResponseStream()
                for _ in 0..<10 { stream.send(Site.big.prefix(10_000)) }
                stream.finish()
                var response = Response(status: 200, headers: ["Content-Type": "application/octet-stream"])
                response.stream = stream
                return response
            }
            router.get("/slow", summary: "answers after 2 s") { _ in
                Thread.sleep(forTimeInterval: 2)
                return .text("late")
            }
            router.get("/old", summary: "redirect") { _ in .redirect("/page", status: 301) }
            server = HTTPServer(
                configuration: .init(listen: [ListenAddress("127.0.0.1:0")!]), responder: router.freeze())
            try server.start()
            port = Int(server.boundAddresses[0].port)
            origin = "http://127.0.0.1:\(port)"
        }

        func stop() { server.stop() }
    }

    @Test func aGetReturnsStatusHeadersAndBodyAndSendsTheGivenHeaders() throws {
        let site = try Site()
        defer { site.stop() }
        let response = try HTTPClient.perform(
            .init(
                url: site.origin + "/page",
                headers: [("Accept", "text/html"), ("User-Agent", "forged test")],
                timeout: 5, maxBodyBytes: 1000))
        #expect(response.status == 203)
        #expect(response.contentType == "text/plain; charset=utf-8")
        #expect(response.location == nil)
        #expect(String(decoding: response.body, as: UTF8.self) == "accept=text/html ua=forged test")
    }

    @Test func aPostAndAPutSendTheirBodies() throws {
        let site = try Site()
        defer { site.stop() }
        let json = Data(#"{"model":"claude-test","messages":[]}"#.utf8) + Data(repeating: 0x20, count: 4000)
        let post = try HTTPClient.perform(
            .init(
                method: "POST", url: site.origin + "/echo",
                headers: [("content-type", "application/json")], body: json,
                timeout: 5, maxBodyBytes: 10_000))
        #expect(post.status == 200 && post.contentType == "application/json")
        #expect(post.body == Data("POST ".utf8) + json)
        let put = try HTTPClient.perform(
            .init(
                method: "PUT", url: site.origin + "/echo", body: Data("x=1".utf8),
                timeout: 5, maxBodyBytes: 100))
        #expect(String(decoding: put.body, as: UTF8.self) == "PUT x=1")
    }

    @Test func aBodyPastTheCapAbortsTheTransferAndOneAtTheCapIsKept() throws {
        let site = try Site()
        defer { site.stop() }
        #expect(throws: HTTPClientError.tooLarge(10_000)) {
            try HTTPClient.perform(.init(url: site.origin + "/big", timeout: 5, maxBodyBytes: 10_000))
        }
        // Chunked, no length declared: cut off while receiving.
        #expect(throws: HTTPClientError.tooLarge(25_000)) {
            try HTTPClient.perform(.init(url: site.origin + "/chunked", timeout: 5, maxBodyBytes: 25_000))
        }
        let whole = try HTTPClient.perform(.init(url: site.origin + "/chunked", timeout: 5, maxBodyBytes: 100_000))
        #expect(whole.body.count == 100_000)
        #expect(HTTPClientError.tooLarge(10_000).description == "response larger than 10000 bytes")
        let exact = try HTTPClient.perform(.init(url: site.origin + "/big", timeout: 5, maxBodyBytes: 100_000))
        #expect(exact.body == Site.big)
    }

    @Test func aSlowServerTimesOutWithinTheTimeout() throws {
        let site = try Site()
        defer { site.stop() }
        let started = ContinuousClock.now
        #expect(throws: HTTPClientError.timedOut) {
            try HTTPClient.perform(.init(url: site.origin + "/slow", timeout: 0.4, maxBodyBytes: 100))
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(350) && elapsed < .milliseconds(1500), "\(elapsed)")
        #expect(HTTPClientError.timedOut.description == "timed out")
    }

    @Test func aRedirectIsReturnedNotFollowed() throws {
        let site = try Site()
        defer { site.stop() }
        let response = try HTTPClient.perform(.init(url: site.origin + "/old", timeout: 5, maxBodyBytes: 1000))
        #expect(response.status == 301)
        #expect(response.location == "/page")
        #expect(!String(decoding: response.body, as: UTF8.self).contains("accept="))
    }

    @Test func schemesOtherThanHTTPAndHTTPSAreRefused() throws {
        let site = try Site()
        defer { site.stop() }
        for url in ["ftp://127.0.0.1:\(site.port)/page", "file:///etc/hostname", "gopher://127.0.0.1:\(site.port)/"] {
            do {
                let response = try HTTPClient.perform(.init(url: url, timeout: 5, maxBodyBytes: 1000))
                Issue.record("\(url) answered \(response.status)")
            } catch let error as HTTPClientError {
                guard case .transport(let reason) = error else {
                    Issue.record("\(url): \(error)")
                    continue
                }
                #expect(reason.lowercased().contains("protocol"), "\(url): \(reason)")
            }
        }
    }

    @Test func aPinnedHostConnectsOnlyToTheGivenAddress() throws {
        let site = try Site()
        defer { site.stop() }
        // `.invalid` never resolves (RFC 2606); the pin supplies the address.
        let url = "http://recipes.forged.invalid:\(site.port)/page"
        let pinned = try HTTPClient.perform(
            .init(url: url, timeout: 5, maxBodyBytes: 1000, pinnedAddresses: ["127.0.0.1"]))
        #expect(pinned.status == 203)
        #expect(throws: HTTPClientError.self) {
            try HTTPClient.perform(.init(url: url, timeout: 5, maxBodyBytes: 1000))
        }
        // Pinned to an address where nothing listens: the connection fails rather than resolving the name itself.
        let localhost = "http://localhost:\(site.port)/page"
        #expect(throws: HTTPClientError.self) {
            try HTTPClient.perform(
                .init(url: localhost, timeout: 5, maxBodyBytes: 1000, pinnedAddresses: ["127.0.0.2"]))
        }
    }

    /// Names libcurl may read differently from Foundation (a trailing dot, a
    /// numeric host, shorthand IPv4) never reach an address outside the pins:
    /// the socket itself is refused, whatever libcurl resolved.
    @Test(arguments: ["localhost.", "127.0.0.1", "2130706433", "LOCALHOST"])
    func aHostLibcurlReadsDifferentlyStillConnectsOnlyToThePins(_ host: String) throws {
        let site = try Site()
        defer { site.stop() }
        let url = "http://\(host):\(site.port)/page"
        // The site listens on 127.0.0.1 only; 127.0.0.2 (also loopback) and ::1 refuse: any answer is an unchecked connect.
        for pin in ["127.0.0.2", "::1"] {
            do {
                let response = try HTTPClient.perform(
                    .init(url: url, timeout: 5, maxBodyBytes: 1000, pinnedAddresses: [pin]))
                Issue.record("\(host) pinned to \(pin) reached the site: \(response.status)")
            } catch let error as HTTPClientError {
                // Either libcurl used the pin (nothing listens there) or the socket to its own answer was refused.
                guard case .transport(let reason) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(reason.contains("onnect"), "\(reason)")
            }
        }
        // A numeric host has no name to pin: only the socket check stands between it and an unchecked address.
        if host == "127.0.0.1" {
            #expect(
                throws: HTTPClientError.transport("refused to connect to an unchecked address (checked: 127.0.0.2)")
            ) {
                try HTTPClient.perform(.init(url: url, timeout: 5, maxBodyBytes: 1000, pinnedAddresses: ["127.0.0.2"]))
            }
        }
    }

    @Test func aPinForAHostWithATrailingDotStillReachesThePinnedAddress() throws {
        let site = try Site()
        defer { site.stop() }
        let response = try HTTPClient.perform(
            .init(
                url: "http://localhost.:\(site.port)/page", timeout: 5,
                maxBodyBytes: 1000, pinnedAddresses: ["127.0.0.1"]))
        #expect(response.status == 203)
    }

    /// `http_proxy` is honoured for an unpinned request and bypassed for a
    /// pinned one (the proxy would connect wherever the name leads). The
    /// variable is set for this test only; the suite runs serialized.
    @Test func aPinnedRequestIgnoresTheEnvironmentsProxy() throws {
        let site = try Site()
        defer { site.stop() }
        let proxy = try Site()
        defer { proxy.stop() }
        let saved = ProcessInfo.processInfo.environment["http_proxy"]
        setenv("http_proxy", proxy.origin, 1)
        defer { if let saved { setenv("http_proxy", saved, 1) } else { unsetenv("http_proxy") } }
        let url = "http://recipes.forged.invalid:\(site.port)/page"
        // Unpinned: the proxy gets the absolute-form request (and has no such page); the name never resolves here.
        let proxied = try HTTPClient.perform(.init(url: url, timeout: 5, maxBodyBytes: 1000))
        #expect(proxied.status != 203, "\(proxied.status)")
        let pinned = try HTTPClient.perform(
            .init(url: url, timeout: 5, maxBodyBytes: 1000, pinnedAddresses: ["127.0.0.1"]))
        #expect(pinned.status == 203 && String(decoding: pinned.body, as: UTF8.self).hasPrefix("accept="))
    }

    @Test func aPinnedAddressThatIsNotNumericIsRefusedBeforeConnecting() throws {
        #expect(throws: HTTPClientError.transport("pinned address localhost is not a numeric IP address")) {
            try HTTPClient.perform(
                .init(url: "http://localhost:9/", timeout: 5, maxBodyBytes: 10, pinnedAddresses: ["localhost"]))
        }
    }

    @Test(
        arguments: [
            ("http://Recipes.Example.ORG/x", ["93.184.215.14"], "recipes.example.org:80:93.184.215.14"),
            (
                "https://recipes.example.org/x", ["93.184.215.14", "2606:2800:21f:cb07::1"],
                "recipes.example.org:443:93.184.215.14,[2606:2800:21f:cb07::1]"
            ),
            ("HTTPS://recipes.example.org:8443/x", ["93.184.215.14"], "recipes.example.org:8443:93.184.215.14"),
            (
                "http://recipes.example.org:8080", ["2606:2800:21f:cb07::1"],
                "recipes.example.org:8080:[2606:2800:21f:cb07::1]"
            ),
            ("http://93.184.215.14/x", ["93.184.215.14"], nil),
            ("http://93.184.215.14:8080/x", ["10.0.0.1"], nil),
            ("https://[2606:2800:21f:cb07::1]/x", ["2606:2800:21f:cb07::1"], nil),
        ] as [(String, [String], String?)])
    func theResolveEntryMapsTheHostAndPortToThePins(_ url: String, _ pins: [String], _ entry: String?) throws {
        #expect(
            try HTTPClient.resolveEntry(.init(url: url, timeout: 1, maxBodyBytes: 1, pinnedAddresses: pins)) == entry)
    }

    @Test func aURLWithoutAHostHasNoResolveEntry() {
        #expect(throws: HTTPClientError.transport("not a URL: http:///x")) {
            try HTTPClient.resolveEntry(
                .init(url: "http:///x", timeout: 1, maxBodyBytes: 1, pinnedAddresses: ["1.1.1.1"]))
        }
    }

    @Test(
        arguments: [
            (0.4, 400), (8, 8000), (0.0005, 1), (0, 1), (-3, 1), (Double.nan, 1), (-Double.infinity, 1),
            (Double.infinity, Int(Int32.max)), (1e300, Int(Int32.max)), (2_147_483.647, 2_147_483_647),
        ] as [(Double, Int)])
    func theTimeoutIsClampedToWhatLibcurlTakes(_ seconds: Double, _ milliseconds: Int) {
        #expect(HTTPClient.timeoutMilliseconds(seconds) == milliseconds)
    }

    @Test func aNonFiniteTimeoutDoesNotTrap() throws {
        let site = try Site()
        defer { site.stop() }
        let response = try HTTPClient.perform(.init(url: site.origin + "/page", timeout: .infinity, maxBodyBytes: 1000))
        #expect(response.status == 203)
        #expect(throws: HTTPClientError.timedOut) {
            try HTTPClient.perform(.init(url: site.origin + "/slow", timeout: .nan, maxBodyBytes: 1000))
        }
    }

    @Test func aRequestWithoutHeadersOrBodySendsNoHeaderList() throws {
        let site = try Site()
        defer { site.stop() }
        let response = try HTTPClient.perform(.init(url: site.origin + "/page", timeout: 5, maxBodyBytes: 1000))
        #expect(String(decoding: response.body, as: UTF8.self) == "accept=*/* ua=-")
    }

    @Test func aHeaderWithALineBreakIsRefusedBeforeAnythingIsSent() throws {
        #expect(throws: HTTPClientError.transport("header x-api-key contains a line break")) {
            try HTTPClient.perform(
                .init(
                    method: "POST", url: "http://127.0.0.1:9/", headers: [("x-api-key", "k\r\nX-Evil: 1")],
                    body: Data(), timeout: 5, maxBodyBytes: 10))
        }
    }

    @Test func aRefusedConnectionIsATransportErrorNamingIt() throws {
        do {
            _ = try HTTPClient.perform(.init(url: "http://127.0.0.1:9/", timeout: 5, maxBodyBytes: 1000))
            Issue.record("the discard port answered")
        } catch let error as HTTPClientError {
            guard case .transport(let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("onnect"), "\(reason)")
        }
    }
}
