import Foundation
import Testing

@testable import ForgeHTTP

@Test(arguments: [
    ("a%20b", "a b"),
    ("caf%C3%A9", "café"),
    ("a+b", "a+b"),
    ("100%", "100%"),
    ("%zz%4", "%zz%4"),
    ("%2Fslash", "/slash"),
])
func pathPercentDecoding(raw: String, decoded: String) {
    #expect(QueryString.percentDecode(raw) == decoded)
}

@Test func invalidUTF8DecodesToNil() {
    #expect(QueryString.percentDecode("%FF%FE") == nil)
}

@Test func queryDecodesPlusAndPercentAndKeepsTheFirstValue() {
    let query = QueryString.parse("q=hello+world&tag=a%26b&tag=second&empty=&flag&=x&%E2%82%82=co2")
    #expect(query["q"] == "hello world")
    #expect(query["tag"] == "a&b")
    #expect(query["empty"] == "")
    #expect(query["flag"] == "")
    #expect(query["₂"] == "co2")
    #expect(query.count == 6)
}

@Test func requestInitParsesTheQuery() {
    let request = Request(method: .GET, path: "/api/history", rawQuery: "limit=20&before=2024-05-01")
    #expect(request.query == ["limit": "20", "before": "2024-05-01"])
}

@Test func cookiesAreParsedFromTheCookieHeader() {
    let request = Request(
        method: .GET, path: "/",
        headers: [
            "cookie": #"theme=dark; forge_session="abc.def=="; theme=light;  spaced = v "#
        ])
    #expect(request.cookie("forge_session") == "abc.def==")
    #expect(request.cookie("theme") == "dark")
    #expect(request.cookie("spaced") == "v")
    #expect(request.cookie("missing") == nil)
    #expect(Cookies.parse("novalue; a=1") == ["a": "1"])
}

@Test func oneCookieIsFoundLikeTheWholeHeaderIsParsed() {
    let headers = ["novalue; a=1", "\t a = \"x y\" ;a=2", "=v; b=; c=\"\"; d=\"", "é=ü; x=é=é", "  ;;; ", ""]
    for header in headers {
        let all = Cookies.parse(header)
        for name in ["a", "b", "c", "d", "é", "x", "novalue", "", "missing"] {
            #expect(Cookies.value(named: name, in: header) == all[name], "\(name) in \(header)")
        }
    }
    #expect(Cookies.value(named: "a", in: "\t a = \"x y\" ;a=2") == "x y")
    #expect(Cookies.value(named: "x", in: "é=ü; x=é=é") == "é=é")
    #expect(Cookies.value(named: "d", in: "d=\"") == "\"")
}

@Test func headersLookUpCaseInsensitivelyAndKeepOrder() {
    var headers = HTTPHeaders()
    headers.add("Set-Cookie", "a=1")
    headers.add("Content-Type", "text/plain")
    headers.add("set-cookie", "b=2")
    #expect(headers["SET-COOKIE"] == "a=1")
    #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
    headers.set("SET-COOKIE", "c=3")
    #expect(headers.map(\.name) == ["Set-Cookie", "Content-Type"])
    #expect(headers["set-cookie"] == "c=3")
    headers.remove("content-type")
    #expect(headers.count == 1)
}

@Test(arguments: [
    ("127.0.0.1:8080", "127.0.0.1", 8080),
    ("[::]:8080", "::", 8080),
    ("[::1]:0", "::1", 0),
    ("localhost:8080", "localhost", 8080),
    ("0.0.0.0:65535", "0.0.0.0", 65535),
])
func listenAddressParses(text: String, host: String, port: Int) throws {
    let address = try #require(ListenAddress(text))
    #expect(address.host == host)
    #expect(address.port == port)
    #expect(address.description == text)
}

@Test(arguments: [
    "8080", ":8080", "::1:8080", "[::1]", "[::1]8080", "host:", "host:65536", "host:-1", "host:8o", "[]:80",
    "[1.2.3.4]:80",
])
func listenAddressRejectsMalformedText(text: String) {
    #expect(ListenAddress(text) == nil)
}

@Test func requestIDsAreSixteenHexCharacters() {
    let ids = (0..<50).map { _ in Request.makeRequestID() }
    #expect(ids.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) && $0 == $0.lowercased() })
    #expect(Set(ids).count == 50)
}
