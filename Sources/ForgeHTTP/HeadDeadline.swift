import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The request-head deadline libmicrohttpd 0.9.75 lacks: its connection
/// timeout is an idle timeout, so a client sending one header byte every few
/// seconds would hold its connection forever.
///
/// A new connection must complete its first request head within
/// ``limit`` of being accepted; a kept-alive connection must complete each
/// later head within ``limit`` of its request line, and its request line
/// within ``idle`` + ``limit`` of the previous response's end (it may idle
/// up to ``idle`` first, as libmicrohttpd allows, but a request line
/// trickled in a byte at a time, which restarts libmicrohttpd's idle timer
/// on every byte, is cut off there). A body must keep
/// progressing: it is due ``limit`` after the head, and every byte that
/// arrives moves that deadline on by 1/``minimumBodyRate`` s (so a body
/// trickling in slower than 1 KiB/s on average is cut off, while a photo
/// upload on a poor phone link passes). A sweeper thread checks four times a
/// second and shuts an overdue socket down (`shutdown(2)`, so libmicrohttpd
/// sees the end and releases the connection itself; the descriptor stays
/// libmicrohttpd's). No answer is sent: the request never arrived whole.
final class HeadDeadline: Sendable {
    /// One open connection, retained as MHD's socket context.
    final class Watch: Sendable {
        let fd: Int32
        /// The TCP peer's address, for the log line of a close.
        let peer: String
        /// Monotonic nanoseconds by which the current head must be complete; 0 while none is awaited.
        let due = Atomic<UInt64>(0)
        /// A response ended and the next request line has not arrived yet.
        let betweenRequests = Atomic<Bool>(false)
        init(fd: Int32, peer: String = "") {
            self.fd = fd
            self.peer = peer
        }
    }

    /// Seconds a request head may take; also a body's grace before its rate counts.
    let limit: Double
    /// Seconds a kept-alive connection may idle between requests
    /// (libmicrohttpd's connection timeout).
    let idle: Double
    /// Bytes per second a body must average after its grace.
    static let minimumBodyRate = 1024.0
    private let open = Mutex<[ObjectIdentifier: Watch]>([:])
    /// Told the TCP peer's address of each connection closed for a late head or body (for a debug log line).
    let onClose: (@Sendable (_ peer: String) -> Void)?
    private let running = Atomic<Bool>(false)

    init(limit: Double, idle: Double, onClose: (@Sendable (_ peer: String) -> Void)? = nil) {
        self.limit = limit
        self.idle = idle
        self.onClose = onClose
    }

    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// A head is now awaited on `watch`: it is due `limit` from now.
    func awaitHead(_ watch: Watch) {
        watch.due.store(Self.now() + UInt64(limit * 1e9), ordering: .relaxed)
    }

    /// The head arrived, or the request is being answered: nothing is awaited.
    func headDone(_ watch: Watch) { watch.due.store(0, ordering: .relaxed) }

    /// A response ended and the connection stays open: the next request line
    /// is due `idle` + `limit` from now.
    func responseDone(_ watch: Watch) {
        watch.betweenRequests.store(true, ordering: .relaxed)
        watch.due.store(Self.now() + UInt64((idle + limit) * 1e9), ordering: .relaxed)
    }

    /// A request line arrived: on a kept-alive connection (or one with nothing
    /// awaited) the rest of its head is due `limit` from now; a new
    /// connection's first head stays due from its accept.
    func requestLine(_ watch: Watch) {
        if watch.betweenRequests.exchange(false, ordering: .relaxed) || watch.due.load(ordering: .relaxed) == 0 {
            awaitHead(watch)
        }
    }

    /// The head arrived and a body follows: it is due `limit` from now, plus
    /// what ``bodyProgress(_:bytes:)`` adds.
    func awaitBody(_ watch: Watch) { awaitHead(watch) }

    /// `bytes` more of the body arrived: the deadline moves on by their time at the minimum rate.
    func bodyProgress(_ watch: Watch, bytes: Int) {
        let due = watch.due.load(ordering: .relaxed)
        guard due != 0 else { return }
        watch.due.store(due + UInt64(Double(bytes) / Self.minimumBodyRate * 1e9), ordering: .relaxed)
    }

    func opened(_ watch: Watch) {
        awaitHead(watch)
        open.withLock { $0[ObjectIdentifier(watch)] = watch }
    }

    /// Called from MHD's close notification, before it closes the descriptor;
    /// the sweeper holds the same lock while it shuts a socket down, so it
    /// never touches a descriptor number that was reused.
    func closing(_ watch: Watch) {
        _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(watch)) }
    }

    /// Starts the sweeper thread (once).
    func start() {
        guard !running.exchange(true, ordering: .relaxed) else { return }
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                usleep(250_000)
                sweep()
            }
        }
        thread.name = "forged-head-deadline"
        thread.start()
    }

    func stop() { running.store(false, ordering: .relaxed) }

    /// Shuts down every connection whose head is overdue.
    func sweep() {
        let now = Self.now()
        let closed = open.withLock { open in
            var closed: [String] = []
            for watch in open.values {
                let due = watch.due.load(ordering: .relaxed)
                guard due != 0, now > due else { continue }
                watch.due.store(0, ordering: .relaxed)
                Glibc.shutdown(watch.fd, Int32(SHUT_RDWR))
                closed.append(watch.peer)
            }
            return closed
        }
        if let onClose { for peer in closed { onClose(peer) } }
    }
}
