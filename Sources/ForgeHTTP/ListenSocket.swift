#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creation and inspection of listening TCP sockets, bound by us (not by
/// libmicrohttpd) so the same path serves sockets handed over by systemd.
package enum ListenSocket {
    /// Listen backlog passed to `listen(2)`.
    package static let backlog: Int32 = 128

    /// Resolves `address`, creates a socket with `SO_REUSEADDR`, binds it,
    /// listens (backlog 128) and makes it non-blocking and close-on-exec.
    /// An IPv6 socket is dual-stack (`IPV6_V6ONLY=0`), so `[::]` also
    /// serves IPv4 clients.
    /// - Returns: the listening file descriptor; the caller owns it.
    /// - Throws: `HTTPServerError.resolveFailed` or `.socketFailed`.
    package static func bind(_ address: ListenAddress) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPServerError.resolveFailed(address: address, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        let info = first.pointee

        let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HTTPServerError.socketFailed(address: address, call: "socket", errno: errno) }
        do {
            try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1, address)
            if info.ai_family == AF_INET6 {
                try setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0, address)
            }
            guard Glibc.bind(fd, info.ai_addr, info.ai_addrlen) == 0 else {
                throw HTTPServerError.socketFailed(address: address, call: "bind", errno: errno)
            }
            guard listen(fd, backlog) == 0 else {
                throw HTTPServerError.socketFailed(address: address, call: "listen", errno: errno)
            }
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
                throw HTTPServerError.socketFailed(address: address, call: "fcntl", errno: errno)
            }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// The address a socket is bound to (the real port after binding port 0),
    /// or nil if `fd` is not a bound IPv4/IPv6 socket.
    package static func localAddress(of fd: Int32) -> ListenAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0 else { return nil }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketAddress.address(of: $0) }
        }
    }

    private static func setOption(
        _ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32,
        _ address: ListenAddress
    ) throws {
        var value = value
        guard setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw HTTPServerError.socketFailed(address: address, call: "setsockopt", errno: errno)
        }
    }
}

/// Conversion of C socket addresses to text.
enum SocketAddress {
    /// Host and port of an IPv4/IPv6 socket address; IPv4-mapped IPv6
    /// addresses (`::ffff:1.2.3.4`) are shown as plain IPv4.
    static func address(of pointer: UnsafePointer<sockaddr>) -> ListenAddress? {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let length: socklen_t
        switch Int32(pointer.pointee.sa_family) {
        case AF_INET: length = socklen_t(MemoryLayout<sockaddr_in>.size)
        case AF_INET6: length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        default: return nil
        }
        guard
            getnameinfo(
                pointer, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                NI_NUMERICHOST | NI_NUMERICSERV) == 0
        else { return nil }
        var text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("::ffff:"), text.dropFirst(7).contains(".") { text = String(text.dropFirst(7)) }
        let port = Int(String(decoding: service.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) ?? 0
        return ListenAddress(host: text, port: port)
    }
}
