import Foundation
import Testing

// SPDX-License-Identifier: Apache-2.0
@testable import ForgeHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// ``RequestFraming/problem(_:version:)`` on parsed header fields: what passes and the reason each refusal names.
@Suite struct RequestFramingTests {
    static func fields(_ pairs: [(String, String)]) -> [RequestFraming.Field] {
        pairs.map { RequestFraming.Field(name: Array($0.0.utf8), value: Array($0.1.utf8)) }
    }

    /// One head: its version, its fields and the problem expected (nil: well framed).
    struct Case: CustomTestStringConvertible, Sendable {
        let version: String
        let pairs: [(String, String)]
        let problem: String?
        init(_ version: String, _ pairs: [(String, String)], _ problem: String?) {
            self.version = version
            self.pairs = pairs
            self.problem = problem
        }
        var testDescription: String { "\(version) \(pairs.map { "\($0.0): \($0.1)" }) → \(problem ?? "ok")" }
    }

    static let wellFramed: [Case] = [
        Case("HTTP/1.1", [("Host", "a"), ("Content-Length", "12")], nil),
        Case("HTTP/1.1", [("Host", "a"), ("Transfer-Encoding", "Chunked")], nil),
        Case("HTTP/1.0", [("X-Tab", "a\tb")], nil),
        Case("HTTP/1.0", [("Accept", "*/*")], nil),
        Case("HTTP/1.0", [("Host", "a")], nil),
    ]

    static let refused: [Case] = [
        Case(
            "HTTP/1.1", [("Host", "h"), ("Content-Length", "3"), ("Transfer-Encoding", "chunked")],
            "both Content-Length and Transfer-Encoding"),
        Case(
            "HTTP/1.1", [("Host", "h"), ("Content-Length", "3"), ("content-length", "3")],
            "more than one Content-Length"),
        Case("HTTP/1.1", [("Host", "h"), ("Content-Length", "3, 3")], "malformed Content-Length"),
        Case("HTTP/1.1", [("Host", "h"), ("Content-Length", "+3")], "malformed Content-Length"),
        Case("HTTP/1.1", [("Host", "h"), ("Transfer-Encoding", "gzip, chunked")], "unsupported Transfer-Encoding"),
        Case(
            "HTTP/1.1", [("Host", "h"), ("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")],
            "more than one Transfer-Encoding"),
        Case("HTTP/1.1", [("Host", "h"), ("X Note", "b")], "malformed header name"),
        Case("HTTP/1.1", [("Host", "h"), ("X-Note", "a\u{1}b")], "control character in header X-Note"),
        Case("HTTP/1.1", [("Host", "h"), ("X-Note", "a\u{7F}")], "control character in header X-Note"),
        Case("HTTP/1.1", [("Accept", "*/*")], "HTTP/1.1 request without Host"),
        Case("HTTP/1.1", [("Host", "a"), ("Host", "b")], "more than one Host"),
        // RFC 9112 §3.2: more than one Host is refused whatever the version.
        Case("HTTP/1.0", [("Host", "a"), ("Host", "b")], "more than one Host"),
        Case("HTTP/1.0", [("Host", "a"), ("host", "a")], "more than one Host"),
    ]

    @Test(arguments: wellFramed)
    func wellFramedHeadsPass(_ head: Case) {
        #expect(RequestFraming.problem(Self.fields(head.pairs), version: head.version) == nil)
    }

    @Test(arguments: refused)
    func eachAmbiguityIsNamed(_ head: Case) {
        #expect(RequestFraming.problem(Self.fields(head.pairs), version: head.version) == head.problem)
    }

    /// Heads sent over the wire: libmicrohttpd's in-place parse is read back
    /// (``RequestFraming/fields(of:head:)``) and the refusal is forged's JSON 400.
    static let onTheWire: [(String, String?)] = [
        (
            "GET /n HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n",
            "obsolete line folding (a header line starting with a space or tab)"
        ),
        (
            "GET /n HTTP/1.1\r\nHost: a\r\nX-A: b\r\n\tc\r\nX-B: d\r\n\r\n",
            "obsolete line folding (a header line starting with a space or tab)"
        ),
        (
            "GET /n HTTP/1.1\nHost: a\nX-A: b\n c\n\n",
            "obsolete line folding (a header line starting with a space or tab)"
        ),
        (
            "GET /n HTTP/1.1\r\nHost: a\r\nX-A: b\r\n   \r\n\r\n",
            "obsolete line folding (a header line starting with a space or tab)"
        ),
        ("GET /n HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", "more than one Host"),
        ("GET /n HTTP/1.1\r\nHost: a\r\nX-Note: a\u{0}b\r\n\r\n", "NUL in header X-Note"),
        // Trailing blanks and a tab inside a value are not folding.
        ("GET /n HTTP/1.1\r\nHost:  a  \r\nX-A: b\tc\t\r\nConnection: close\r\n\r\n", nil),
        ("GET /n HTTP/1.0\r\nHost: a\r\n\r\n", nil),
        // Issue 26: bare LF line ends, anywhere but the last line, and HTTP/1.0 with chunked.
        ("GET /n HTTP/1.1\nHost: a\nX-A: b\n\n", "bare LF line ending (lines must end with CRLF)"),
        ("GET /n HTTP/1.1\r\nHost: a\nX-A: b\r\n\r\n", "bare LF line ending (lines must end with CRLF)"),
        ("GET /n HTTP/1.1\nHost: a\r\n\r\n", "bare LF line ending (lines must end with CRLF)"),
        ("GET /n HTTP/1.1\r\nHost: a\r\nX-Empty:\r\nX-A: b \r\nConnection: close\r\n\r\n", nil),
        (
            "GET /n HTTP/1.0\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "Transfer-Encoding in an HTTP/1.0 request"
        ),
    ]

    @Test(arguments: onTheWire)
    func refusalsOnTheWire(_ request: String, _ problem: String?) throws {
        var router = Router()
        router.get("/n") { _ in .text("ok") }
        try withTestServer(router.freeze()) { _, client in
            let fd = try client.connect()
            defer { close(fd) }
            try client.write(fd, Data(request.utf8))
            let reply = try RawHTTPClient.parse(client.readAll(fd), method: "GET")
            if let problem {
                #expect(reply.status == 400, "\(reply.text)")
                #expect(try reply.json()["detail"] as? String == "bad request framing: \(problem)")
                #expect(reply.headers["Connection"]?.lowercased() == "close")
            } else {
                #expect(reply.status == 200 && reply.text == "ok", "\(reply.text)")
            }
        }
    }

    @Test func aFoldedLineIsRefusedFirst() {
        var folded = Self.fields([("Host", "a"), ("X-Ac", "b")])
        folded[1].hidden = true
        folded[1].folded = true
        #expect(
            RequestFraming.problem(folded, version: "HTTP/1.1")
                == "obsolete line folding (a header line starting with a space or tab)")
    }

    @Test func aValueWithHiddenBytesIsRefused() {
        var hidden = Self.fields([("Host", "a"), ("X-Last", "a")])
        hidden[1].hidden = true
        #expect(RequestFraming.problem(hidden, version: "HTTP/1.1") == "NUL in header X-Last")
    }
}
