import CSystemd
import Foundation

/// Sockets passed by systemd socket activation (sd_listen_fds_with_names(3)),
/// grouped by their `FileDescriptorName=`.
package struct SocketActivation: Sendable, Equatable {
    /// One passed descriptor.
    package struct Socket: Sendable, Equatable {
        /// The descriptor number (3, 4, ...), owned by the caller from now on.
        package let fd: Int32
        /// Its `FileDescriptorName=` (`"unknown"` when the unit named none;
        /// `"stored"` for fds from the fd store).
        package let name: String
        /// Whether it is a listening stream socket (what forged can serve on).
        package let isListeningStream: Bool
    }

    /// Every passed descriptor, in order.
    package let sockets: [Socket]

    /// Descriptors with `name`.
    package func named(_ name: String) -> [Socket] { sockets.filter { $0.name == name } }

    /// Reads `LISTEN_FDS`/`LISTEN_PID`/`LISTEN_FDNAMES` once and unsets them
    /// (so children do not inherit them). Empty when forged was not socket
    /// activated or the variables name another process. The descriptors are
    /// marked close-on-exec.
    package static func take() -> SocketActivation {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = sd_listen_fds_with_names(1, &names)
        guard count > 0 else { return SocketActivation(sockets: []) }
        defer {
            if let names {
                for i in 0..<Int(count) { free(names[i]) }
                free(names)
            }
        }
        let start = forge_sd_listen_fds_start()
        var sockets: [Socket] = []
        for i in 0..<Int(count) {
            let fd = start + Int32(i)
            let name = names?[i].map { String(cString: $0) } ?? "unknown"
            let listening = sd_is_socket(fd, AF_UNSPEC, Int32(SOCK_STREAM.rawValue), 1) > 0
            sockets.append(Socket(fd: fd, name: name, isListeningStream: listening))
        }
        return SocketActivation(sockets: sockets)
    }
}
