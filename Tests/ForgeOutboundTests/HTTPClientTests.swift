import ForgeHTTP
import ForgeOutbound
import Foundation
import Testing

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
                Response(status: 203, headers: ["Content-Type": "text/plain; charset=utf-8", "X-Extra": "1"],
                         body: Data("accept=\(request.headers["accept"] ?? "-") ua=\(request.headers["user-agent"] ?? "-")".utf8))
            }
            router.post("/echo", summary: "echo the body") { request in
                Response(status: 200, headers: ["Content-Type": request.headers["content-type"] ?? "none"],
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
            server = HTTPServer(configuration: .init(listen: [ListenAddress("127.0.0.1:0")!]), responder: router.freeze())
            try server.start()
            port = Int(server.boundAddresses[0].port)
            origin = "http://127.0.0.1:\(port)"
        }

        func stop() { server.stop() }
    }

    @Test func aGetReturnsStatusHeadersAndBodyAndSendsTheGivenHeaders() throws {
        let site = try Site()
        defer { site.stop() }
        let response = try HTTPClient.perform(.init(url: site.origin + "/page",
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
        let post = try HTTPClient.perform(.init(method: "POST", url: site.origin + "/echo",
                                               headers: [("content-type", "application/json")], body: json,
                                               timeout: 5, maxBodyBytes: 10_000))
        #expect(post.status == 200 && post.contentType == "application/json")
        #expect(post.body == Data("POST ".utf8) + json)
        let put = try HTTPClient.perform(.init(method: "PUT", url: site.origin + "/echo", body: Data("x=1".utf8),
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
                guard case .transport(let reason) = error else { Issue.record("\(url): \(error)"); continue }
                #expect(reason.lowercased().contains("protocol"), "\(url): \(reason)")
            }
        }
    }

    @Test func aPinnedHostConnectsOnlyToTheGivenAddress() throws {
        let site = try Site()
        defer { site.stop() }
        // `.invalid` never resolves (RFC 2606); the pin supplies the address.
        let url = "http://recipes.forged.invalid:\(site.port)/page"
        let pinned = try HTTPClient.perform(.init(url: url, timeout: 5, maxBodyBytes: 1000, pinnedAddresses: ["127.0.0.1"]))
        #expect(pinned.status == 203)
        #expect(throws: HTTPClientError.self) {
            try HTTPClient.perform(.init(url: url, timeout: 5, maxBodyBytes: 1000))
        }
        // Pinned to an address where nothing listens: the connection fails rather than resolving the name itself.
        let localhost = "http://localhost:\(site.port)/page"
        #expect(throws: HTTPClientError.self) {
            try HTTPClient.perform(.init(url: localhost, timeout: 5, maxBodyBytes: 1000, pinnedAddresses: ["127.0.0.2"]))
        }
    }

    @Test func aHeaderWithALineBreakIsRefusedBeforeAnythingIsSent() throws {
        #expect(throws: HTTPClientError.transport("header x-api-key contains a line break")) {
            try HTTPClient.perform(.init(method: "POST", url: "http://127.0.0.1:9/", headers: [("x-api-key", "k\r\nX-Evil: 1")],
                                         body: Data(), timeout: 5, maxBodyBytes: 10))
        }
    }

    @Test func aRefusedConnectionIsATransportErrorNamingIt() throws {
        do {
            _ = try HTTPClient.perform(.init(url: "http://127.0.0.1:9/", timeout: 5, maxBodyBytes: 1000))
            Issue.record("the discard port answered")
        } catch let error as HTTPClientError {
            guard case .transport(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("onnect"), "\(reason)")
        }
    }
}
