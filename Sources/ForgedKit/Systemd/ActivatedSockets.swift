import ForgeCore
import ForgeSystemd
import Foundation

/// The sockets systemd passed to `forged serve`, sorted by purpose
/// (`FileDescriptorName=` in forged.socket):
/// - `http`: one or more listening stream sockets the HTTP server serves on
///   instead of binding `--listen` itself;
/// - `events`: the event hub's Unix socket (`%t/forge/events.sock`), handed to
///   the cook service (`forged serve` clears it here once handed over).
/// Any other name, or a descriptor that is not a listening stream socket, is
/// logged and closed.
struct ActivatedSockets {
    /// Listening HTTP sockets, set non-blocking (libmicrohttpd's thread pool
    /// shares them), owned by the HTTP server once handed over.
    var http: [Int32] = []
    /// The event hub's socket, if passed.
    var events: Int32?

    /// Sorts `activation`'s descriptors; logs what it found.
    init(_ activation: SocketActivation) {
        for socket in activation.sockets {
            switch socket.name {
            case "http" where socket.isListeningStream:
                let flags = fcntl(socket.fd, F_GETFL)
                if flags >= 0 { _ = fcntl(socket.fd, F_SETFL, flags | O_NONBLOCK) }
                http.append(socket.fd)
            case "events" where socket.isListeningStream && events == nil:
                events = socket.fd
                Log.notice("event socket passed by systemd (fd \(socket.fd))")
            default:
                Log.warning(
                    "closing unexpected socket from systemd: fd \(socket.fd) named \"\(socket.name)\""
                        + (socket.isListeningStream ? "" : " (not a listening stream socket)"))
                close(socket.fd)
            }
        }
        if !http.isEmpty {
            Log.notice("serving on \(http.count) socket(s) passed by systemd; --listen is not bound")
        }
    }

    /// Closes the sockets nobody took over.
    func closeUnowned() {
        if let events { close(events) }
    }
}
