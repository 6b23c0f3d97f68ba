/// Why an ``HTTPClient`` request produced no response. `description` is the
/// text callers show: "timed out", "response larger than N bytes", or the
/// transport's own reason.
package enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libcurl cannot be loaded; the text names the library and the Debian package.
    case unavailable(String)
    /// The whole request took longer than its timeout.
    case timedOut
    /// The body grew past the cap (bytes); the transfer was aborted.
    case tooLarge(Int)
    /// Anything else: refused scheme, DNS, connect, TLS, protocol errors (libcurl's message).
    case transport(String)

    package var description: String {
        switch self {
        case .unavailable(let reason): return reason
        case .timedOut: return "timed out"
        case .tooLarge(let cap): return "response larger than \(cap) bytes"
        case .transport(let reason): return reason
        }
    }
}
