#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the HTTP server could not start.
package enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host name of a listen address did not resolve.
    case resolveFailed(address: ListenAddress, reason: String)
    /// A socket system call failed (`call` is e.g. `bind`), with its errno.
    case socketFailed(address: ListenAddress, call: String, errno: Int32)
    /// libmicrohttpd refused to start a daemon on the socket.
    case daemonStartFailed(address: String)
    /// The configuration names no listen address and no socket.
    case nothingToListenOn
    /// `start()` was called on a server that was already started.
    case alreadyStarted
    /// HTTPS was asked for and cannot be served: the certificate or key file
    /// is unreadable or invalid, or libmicrohttpd was built without TLS.
    case tls(String)

    package var description: String {
        switch self {
        case .resolveFailed(let address, let reason):
            "cannot resolve listen address \(address): \(reason)"
        case .socketFailed(let address, let call, let code):
            "cannot listen on \(address): \(call) failed: \(String(cString: strerror(code)))"
        case .daemonStartFailed(let address):
            "libmicrohttpd failed to start on \(address)"
        case .nothingToListenOn:
            "no listen address or socket configured"
        case .alreadyStarted:
            "HTTP server already started"
        case .tls(let reason):
            "TLS: \(reason)"
        }
    }
}
