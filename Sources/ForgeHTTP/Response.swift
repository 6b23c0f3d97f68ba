import Foundation

/// An HTTP response produced by a handler. `Content-Length` is computed by
/// the server from `body`; a `Content-Length` header given here is ignored.
package struct Response: Sendable {
    /// HTTP status code.
    package var status: Int
    /// Header fields to send (besides Content-Length, Date and X-Request-Id).
    package var headers: HTTPHeaders
    /// Response body bytes; not sent for HEAD requests.
    package var body: Data
    /// A long-lived body (Server-Sent Events); when set, `body` is ignored
    /// and the response is sent chunked as the stream produces bytes.
    package var stream: ResponseStream?
    /// An answer computed off the worker threads (``DeferredResponse``);
    /// when set, this response only stands for it and is never sent.
    package var deferred: DeferredResponse?

    /// A response with `status`, `headers` and `body` (bytes as sent).
    package init(status: Int = 200, headers: HTTPHeaders = .init(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// `value` encoded as compact JSON with sorted keys, unescaped slashes and
    /// literal non-ASCII; `Content-Type: application/json`.
    /// - Throws: the `EncodingError` of `JSONEncoder`.
    package static func json<T: Encodable>(_ value: T, status: Int = 200) throws -> Response {
        jsonData(try JSONCoding.encoder.encode(value), status: status)
    }

    /// Already-encoded JSON bytes with `Content-Type: application/json`.
    package static func jsonData(_ data: Data, status: Int = 200) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], body: data)
    }

    /// UTF-8 text with the given content type.
    package static func text(
        _ s: String, status: Int = 200,
        contentType: String = "text/plain; charset=utf-8"
    ) -> Response {
        Response(status: status, headers: ["Content-Type": contentType], body: Data(s.utf8))
    }

    /// UTF-8 HTML (`text/html; charset=utf-8`).
    package static func html(_ s: String, status: Int = 200) -> Response {
        text(s, status: status, contentType: "text/html; charset=utf-8")
    }

    /// An empty-bodied redirect to `location` (302 unless told otherwise).
    package static func redirect(_ location: String, status: Int = 302) -> Response {
        Response(status: status, headers: ["Location": location])
    }

    /// The ordinary error body `{"detail": detail}` as JSON (docs/contract.md §1.4).
    package static func error(_ status: Int, _ detail: String) -> Response {
        jsonData(JSONCoding.detailBody(detail), status: status)
    }
}

/// The one JSON encoder configuration of the HTTP layer (docs/contract.md §1.1).
enum JSONCoding {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `{"detail": detail}` plus any extra string fields, keys sorted.
    static func detailBody(_ detail: String, extra: [String: String] = [:]) -> Data {
        var object = extra
        object["detail"] = detail
        return (try? encoder.encode(object)) ?? Data(#"{"detail":"internal error"}"#.utf8)
    }
}
