import Foundation

/// One HTTP request as seen by a handler: method, decoded path, query,
/// headers, the complete body (at most the server's body cap) and the
/// route it matched.
package struct Request: Sendable {
    /// Request method. HEAD requests are routed to GET handlers.
    package let method: HTTPMethod
    /// Path without the query, percent-decoded (`+` is not a space here).
    package let path: String
    /// Query string as sent, without the `?`; empty when there is none.
    package let rawQuery: String
    /// Query parameters, first value per name, `+` and `%XX` decoded.
    package let query: [String: String]
    /// Request header fields in arrival order.
    package let headers: HTTPHeaders
    /// The request body; empty when none was sent, and for a spooled route.
    package let body: Data
    /// A spooled route's body (``HTTPServer/Configuration/spoolLimit``): the path of a
    /// temporary file holding it, which the server deletes once the handler returns
    /// (a handler keeps it by renaming it). For a `multipart/form-data` body it holds
    /// only the file part's bytes (see ``form``), and is nil when the form had no file
    /// part. nil for every other route.
    package var bodyFile: String?
    /// A spooled route's `multipart/form-data` body as the server read it while it
    /// arrived (``MultipartSpool``): the text fields, the file name, or the problem
    /// that makes it unusable. nil for any other body and route.
    package var form: UploadForm?
    /// The real client's IP address as text (`127.0.0.1`, `::1`): the peer's
    /// address, or, when the peer is a trusted proxy (`--trusted-proxy`), the
    /// client its `X-Forwarded-For` names. IPv4 clients of a dual-stack
    /// socket appear as plain IPv4.
    package let remoteAddress: String
    /// The address of the TCP peer itself (the proxy, when there is one).
    package let peerAddress: String
    /// `https` when the request came over TLS, directly or (per a trusted
    /// proxy's `X-Forwarded-Proto`) to the proxy; else `http`.
    package let scheme: String
    /// Random 16 lowercase hex characters identifying this request in logs
    /// and in the `X-Request-Id` response header.
    package let requestID: String
    /// Values of the `:name` segments of the matched route pattern.
    package var pathParameters: [String: String]
    /// The route this request matched; nil for 404/405 answers and before routing.
    package var route: RouteInfo?

    /// A request built by hand (tests) or by the server.
    package init(
        method: HTTPMethod, path: String, rawQuery: String = "", headers: HTTPHeaders = .init(),
        body: Data = Data(), remoteAddress: String = "127.0.0.1",
        requestID: String = Request.makeRequestID(), peerAddress: String? = nil, scheme: String = "http"
    ) {
        self.method = method
        self.path = path
        self.rawQuery = rawQuery
        self.query = QueryString.parse(rawQuery)
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.peerAddress = peerAddress ?? remoteAddress
        self.scheme = scheme
        self.requestID = requestID
        self.pathParameters = [:]
        self.route = nil
    }

    /// The value of path parameter `name` (pattern segment `:name`), or nil.
    package func parameter(_ name: String) -> String? {
        pathParameters[name]
    }

    /// The value of cookie `name` from the `Cookie` header(s), or nil.
    package func cookie(_ name: String) -> String? {
        for header in headers.values(for: "Cookie") {
            if let value = Cookies.value(named: name, in: header) { return value }
        }
        return nil
    }

    /// A fresh request id: 64 random bits as 16 lowercase hex characters.
    package static func makeRequestID() -> String {
        let hex = String(UInt64.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
