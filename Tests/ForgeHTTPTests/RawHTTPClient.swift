import Foundation

@testable import ForgeHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal blocking HTTP/1.1 client over a raw socket, so tests control
/// exactly what goes on the wire. Every request is sent with `Connection: close`.
struct RawHTTPClient {
    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    let address: ListenAddress

    /// Opens a connection (5 s send/receive timeouts so a bug fails instead of hanging).
    func connect() throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address.host, String(address.port), &hints, &list) == 0, let info = list?.pointee else {
            throw Failure(description: "cannot resolve \(address)")
        }
        defer { freeaddrinfo(list) }
        let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard Glibc.connect(fd, info.ai_addr, info.ai_addrlen) == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect to \(address) failed: errno \(code)")
        }
        return fd
    }

    /// Sends one request and reads the reply until the server closes.
    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: Data = Data()) throws -> Reply
    {
        let fd = try connect()
        defer { close(fd) }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(address)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" || method == "PATCH" {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        try write(fd, Data(head.utf8) + body)
        return try Self.parse(readAll(fd), method: method)
    }

    func write(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
                offset += sent
            }
        }
    }

    func readAll(_ fd: Int32) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return data }
            guard count > 0 else { throw Failure(description: "recv failed: errno \(errno)") }
            data.append(contentsOf: buffer[..<count])
        }
    }

    static func parse(_ data: Data, method: String) throws -> Reply {
        guard let split = data.firstRange(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no header end in \(data.count) bytes")
        }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Reply(status: status, headers: headers, body: Data(data[split.upperBound...]))
    }
}

/// Starts a server with `responder` on `127.0.0.1:0` (or `listen`), runs
/// `body` with a client for it, and always stops the server.
func withTestServer<T>(
    _ responder: Responder, listen: String = "127.0.0.1:0",
    configure: (inout HTTPServer.Configuration) -> Void = { _ in },
    accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil,
    onError: (@Sendable (Request, Error) -> Void)? = nil,
    _ body: (HTTPServer, RawHTTPClient) throws -> T
) throws -> T {
    var configuration = HTTPServer.Configuration(listen: [ListenAddress(listen)!], threadPoolSize: 2)
    configure(&configuration)
    let server = HTTPServer(
        configuration: configuration, responder: responder,
        accessLog: accessLog, onError: onError)
    try server.start()
    defer { server.stop() }
    return try body(server, RawHTTPClient(address: server.boundAddresses[0]))
}
