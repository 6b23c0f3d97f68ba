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
/// later head within ``limit`` of its request line. A sweeper thread checks
/// once a second and shuts the socket down (`shutdown(2)`, so libmicrohttpd
/// sees the end and releases the connection itself; the descriptor stays
/// libmicrohttpd's). Bodies are covered by the idle timeout: a body that
/// stops arriving for `connectionTimeoutSeconds` ends the connection.
final class HeadDeadline: Sendable {
    /// One open connection, retained as MHD's socket context.
    final class Watch: Sendable {
        let fd: Int32
        /// Monotonic nanoseconds by which the current head must be complete; 0 while none is awaited.
        let due = Atomic<UInt64>(0)
        init(fd: Int32) { self.fd = fd }
    }

    /// Seconds a request head may take.
    let limit: Double
    private let open = Mutex<[ObjectIdentifier: Watch]>([:])
    /// Connections closed for a late head (for the log and tests).
    let closed = Atomic<Int>(0)
    private let running = Atomic<Bool>(false)

    init(limit: Double) { self.limit = limit }

    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// A head is now awaited on `watch`: it is due `limit` from now.
    func awaitHead(_ watch: Watch) {
        watch.due.store(Self.now() + UInt64(limit * 1e9), ordering: .relaxed)
    }

    /// The head arrived (or the connection is between requests).
    func headDone(_ watch: Watch) { watch.due.store(0, ordering: .relaxed) }

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
        open.withLock { open in
            for watch in open.values {
                let due = watch.due.load(ordering: .relaxed)
                guard due != 0, now > due else { continue }
                watch.due.store(0, ordering: .relaxed)
                Glibc.shutdown(watch.fd, Int32(SHUT_RDWR))
                closed.add(1, ordering: .relaxed)
            }
        }
    }
}
