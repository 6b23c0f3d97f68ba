import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Unix stream sockets for the event hub and its clients.
package enum UnixSocket {
    /// Why a socket could not be opened: the call and `errno`.
    package struct Failure: Error, CustomStringConvertible {
        package let call: String
        package let path: String
        package let code: Int32
        package var description: String { "\(call) \(path): \(String(cString: strerror(code)))" }
    }

    /// Binds and listens on `path` with `mode` (default 0660), replacing a
    /// stale socket file; a path that exists and is not a socket is refused.
    package static func listen(path: String, mode: mode_t = 0o660, backlog: Int32 = 64) throws -> Int32 {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFSOCK else {
                throw Failure(call: "bind (not a socket)", path: path, code: EEXIST)
            }
            unlink(path)
        }
        let fd = try socketFD(path)
        var address = try address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            let e = errno
            close(fd)
            throw Failure(call: "bind", path: path, code: e)
        }
        guard chmod(path, mode) == 0 else {
            let e = errno
            close(fd)
            throw Failure(call: "chmod", path: path, code: e)
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let e = errno
            close(fd)
            throw Failure(call: "listen", path: path, code: e)
        }
        return fd
    }

    /// Connects to the socket at `path` (blocking).
    package static func connect(path: String) throws -> Int32 {
        let fd = try socketFD(path)
        var address = try address(path)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let e = errno
            close(fd)
            throw Failure(call: "connect", path: path, code: e)
        }
        return fd
    }

    /// `send(2)` flags for every write to a peer: `MSG_NOSIGNAL` (0x4000 on
    /// Linux, <bits/socket.h>), so a vanished peer is an `EPIPE`, not a
    /// SIGPIPE. Spelled as its value: in a whole-module build the macro's
    /// Swift import belongs to the module that includes <sys/socket.h>
    /// first (CSystemd via sd-bus.h), which not every file here imports.
    package static let noSignal: Int32 = 0x4000

    /// Sets `O_NONBLOCK` and `FD_CLOEXEC` on `fd`.
    static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    private static func socketFD(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", path: path, code: errno) }
        return fd
    }

    private static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw Failure(call: "bind (path too long)", path: path, code: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }
}
