import Foundation

/// Throw from a handler or middleware to answer with `status` and a JSON
/// body: `{"detail": detail}` unless `body` is given.
package struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// HTTP status code to answer with.
    package let status: Int
    /// Human-readable reason; the `detail` of the default body.
    package let detail: String
    /// A complete JSON body replacing `{"detail": ...}` (e.g. the 422
    /// validation shape), or nil.
    package let body: Data?
    /// Extra response headers (e.g. `WWW-Authenticate`).
    package var headers: HTTPHeaders

    /// An error answered as `{"detail": detail}`.
    package init(_ status: Int, _ detail: String, headers: HTTPHeaders = .init()) {
        self.status = status
        self.detail = detail
        self.body = nil
        self.headers = headers
    }

    /// An error answered with an already-encoded JSON body.
    package init(status: Int, jsonBody: Data) {
        self.status = status
        self.detail = String(decoding: jsonBody, as: UTF8.self)
        self.body = jsonBody
        self.headers = HTTPHeaders()
    }

    /// The response this error is answered with.
    package var response: Response {
        var response = body.map { Response.jsonData($0, status: status) } ?? Response.error(status, detail)
        for (name, value) in headers { response.headers.set(name, value) }
        return response
    }

    package var description: String { "HTTP \(status): \(detail)" }
}
