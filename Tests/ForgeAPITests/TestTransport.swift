import ForgeHTTP
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a test's requests reach forged (issue 42 part 4; Hummingbird's router test mode).
enum TestTransport: Sendable {
    /// Through ``InProcessServer``: the server's pipeline after libmicrohttpd has read a request
    /// (body cap, method and path checks, the same responder and middleware, the headers it adds),
    /// without a socket. For suites whose behaviour is not the network's.
    case inProcess
    /// Over TCP to a real libmicrohttpd server on 127.0.0.1 and an ephemeral port, through
    /// `URLSession`, `curl` or a raw socket: uploads spooled as they arrive, streams, deferred
    /// answers, framing, limits, timeouts.
    case socket
}

extension InProcessServer {
    /// The header fields `URLSession` (libcurl) adds to every request, as seen on the wire:
    /// `Host` from the URL, then `Accept`, `Accept-Encoding`, `Connection`, `User-Agent` and
    /// `Accept-Language`, each replaced by the request's own field of that name.
    static func clientFields(host: String) -> [(String, String)] {
        [
            ("Host", host), ("Accept", "*/*"), ("Accept-Encoding", "deflate, gzip, br, zstd"),
            ("Connection", "keep-alive"), ("User-Agent", "\(ProcessInfo.processInfo.processName) (in process)"),
            ("Accept-Language", "en"),
        ]
    }

    /// Answers `request` as a test's `URLSession` would receive it over a socket: the client's own
    /// fields (``clientFields(host:)``), `Content-Type: application/x-www-form-urlencoded` on a body
    /// sent without one and its `Content-Length`, as libcurl sends them; repeated response fields
    /// joined with `, ` as `HTTPURLResponse` joins them.
    /// - Throws: ``TestFailure`` for a redirect (`URLSession` would follow it) and for what only a
    ///   socket does (``InProcessServer/Unsupported``): that suite needs `transport: .socket`.
    func send(_ request: URLRequest) async throws -> TestServer.Reply {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw TestFailure("in process: no URL")
        }
        let method = request.httpMethod ?? "GET"
        let own = request.allHTTPHeaderFields ?? [:]
        let named = Set(own.keys.map { $0.lowercased() })
        let host = components.port.map { "\(components.host ?? ""):\($0)" } ?? (components.host ?? "")
        var fields = HTTPHeaders(Self.clientFields(host: host).filter { !named.contains($0.0.lowercased()) })
        for (name, value) in own.sorted(by: { $0.key < $1.key }) { fields.add(name, value) }
        if let body = request.httpBody {
            if !named.contains("content-type") { fields.add("Content-Type", "application/x-www-form-urlencoded") }
            fields.set("Content-Length", String(body.count))
        }
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let response: Response
        do {
            response = try await respond(
                method: method, target: target.isEmpty ? "/" : target, headers: fields, body: request.httpBody ?? Data()
            )
        } catch {
            throw TestFailure("in process: \(error); this suite needs transport: .socket")
        }
        if (300..<400).contains(response.status), let location = response.headers["Location"] {
            throw TestFailure(
                "in process: \(method) \(target) redirects (\(response.status) to \(location)), which URLSession "
                    + "follows; this suite needs transport: .socket")
        }
        var joined: [String: String] = [:]
        for (name, value) in response.headers {
            joined[name] = joined[name].map { $0 + ", " + value } ?? value
        }
        return TestServer.Reply(status: response.status, headers: joined, data: response.body)
    }
}
