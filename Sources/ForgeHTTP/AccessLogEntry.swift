/// One line of the access log, reported after the response was queued.
package struct AccessLogEntry: Sendable {
    /// Request method as sent (may be a method the router does not know).
    package let method: String
    /// Decoded request path (raw if it could not be decoded), without query.
    package let path: String
    /// Response status code.
    package let status: Int
    /// Response body bytes sent (0 for HEAD).
    package let bytes: Int
    /// Time from the request line arriving to the response being queued, milliseconds.
    package let durationMs: Double
    /// Textual client IP address.
    package let remoteAddress: String
    /// The request id also sent as `X-Request-Id`.
    package let requestID: String
    /// The `User-Agent` header, or empty.
    package let userAgent: String

    package init(
        method: String, path: String, status: Int, bytes: Int, durationMs: Double,
        remoteAddress: String, requestID: String, userAgent: String
    ) {
        self.method = method
        self.path = path
        self.status = status
        self.bytes = bytes
        self.durationMs = durationMs
        self.remoteAddress = remoteAddress
        self.requestID = requestID
        self.userAgent = userAgent
    }

    /// The access-log message: `GET /api/today 200 2048B 0.4ms` (duration to
    /// 0.1 ms, rounded half up). Built by appending integers, without
    /// Foundation's `String(format:)`, since it runs once per request.
    package var line: String {
        let tenths = max(0, Int((durationMs * 10).rounded()))
        var text = method
        text.reserveCapacity(method.utf8.count + path.utf8.count + 32)
        text += " "
        text += path
        text += " "
        text += String(status)
        text += " "
        text += String(bytes)
        text += "B "
        text += String(tenths / 10)
        text += "."
        text += String(tenths % 10)
        text += "ms"
        return text
    }
}
