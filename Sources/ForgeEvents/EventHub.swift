import ForgeCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The event socket (docs/architecture.md §9): a
/// Unix stream socket, mode 0660, one JSON envelope per line.
///
/// A new subscriber first gets one `snapshot` line — `{"v": 2, "type":
/// "snapshot", "seq", "at", "events": [the latest envelope of every active
/// timer]}`, `at` being forged's clock's time when it connected — then every
/// live event, in publish order. ``publish(_:key:retain:)``
/// never blocks: it writes what the socket takes at once and buffers the
/// rest; a subscriber whose backlog passes `maxBufferedBytes` (beyond its
/// opening snapshot) is dropped (its socket shut down). One poll thread accepts, drains buffers and
/// notices hang-ups.
///
/// The socket is two-way: a subscriber may write one-line commands
/// (``SocketCommand``); each line goes to the ``CommandHandler`` set with
/// ``handleCommands(_:)`` on the poll thread, and its reply is queued to
/// that subscriber alone. Without a handler a line is answered
/// `{"v", "type": "reply", "ok": false, "error": {"code": "unavailable", "message"}}`
/// (``SocketReply``).
package final class EventHub: Sendable {
    /// Answers one command line (without its newline) with a reply envelope.
    package typealias CommandHandler = @Sendable (String) -> SocketReply

    /// Largest backlog a subscriber may have before it is dropped, bytes.
    package let maxBufferedBytes: Int

    private struct Subscriber {
        var pending: [UInt8] = []
        var dropped = false
        /// Bytes of the opening snapshot: allowed on top of the bound, so
        /// a household with many ringing timers never drops a newcomer.
        var allowance = 0
        /// Bytes of a command line not yet ended by a newline.
        var input: [UInt8] = []
    }

    private struct State {
        var listenFD: Int32 = -1
        var path: String?
        var subscribers: [Int32: Subscriber] = [:]
        /// Latest envelope per key of everything still active, in first-seen order.
        var retained: [(key: String, envelope: JSONValue)] = []
        var lastSeq = 0
        var dropped = 0
        var running = false
    }

    private let state = Mutex(State())
    private let handler = Mutex<CommandHandler?>(nil)

    /// Longest command line kept before it is answered as too long, bytes.
    static let maxCommandBytes = SocketCommand.maxLineBytes
    private let wakeFDs: (read: Int32, write: Int32)
    private let exited = Atomic<Bool>(false)
    /// Stamps a snapshot's `at`.
    private let clock: any Clock

    /// A hub not listening yet.
    /// - Parameters:
    ///   - clock: forged's clock (`Settings.clock`, `ForgeApp.clock`), the time of a snapshot's `at`.
    ///   - maxBufferedBytes: the backlog past which a subscriber is dropped, bytes.
    package init(clock: any Clock, maxBufferedBytes: Int = 256 * 1024) {
        self.clock = clock
        self.maxBufferedBytes = maxBufferedBytes
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds { UnixSocket.makeNonBlocking(fd) }
        wakeFDs = (fds[0], fds[1])
    }

    deinit {
        close(wakeFDs.read)
        close(wakeFDs.write)
    }

    // MARK: lifecycle

    /// Binds `path` (mode 0660) and starts serving subscribers.
    package func start(path: String) throws {
        let fd = try UnixSocket.listen(path: path)
        state.withLock { $0.path = path }
        start(listeningOn: fd)
    }

    /// Serves subscribers on an already-listening socket (e.g. systemd's
    /// `events` socket); the hub closes it on ``stop()``.
    package func start(listeningOn fd: Int32) {
        UnixSocket.makeNonBlocking(fd)
        state.withLock {
            $0.listenFD = fd
            $0.running = true
        }
        let thread = Thread { [self] in loop() }
        thread.name = "forge-events"
        thread.start()
    }

    /// Closes every subscriber and the listening socket (and removes the
    /// socket file the hub bound itself).
    package func stop() {
        let wasRunning = state.withLock { s in
            defer { s.running = false }
            return s.running
        }
        guard wasRunning else { return }
        wakeUp()
        while !exited.load(ordering: .acquiring) { usleep(1_000) }
        state.withLock { s in
            for fd in s.subscribers.keys { close(fd) }
            s.subscribers = [:]
            if s.listenFD >= 0 { close(s.listenFD) }
            s.listenFD = -1
            if let path = s.path { unlink(path) }
        }
    }

    /// Connected subscribers now.
    package var subscriberCount: Int { state.withLock { $0.subscribers.values.filter { !$0.dropped }.count } }
    /// Subscribers dropped for falling behind since start.
    package var droppedCount: Int { state.withLock { $0.dropped } }

    /// Sets who answers subscribers' command lines (``SocketCommand``).
    package func handleCommands(_ handler: @escaping CommandHandler) {
        self.handler.withLock { $0 = handler }
    }

    // MARK: publishing

    /// Sends `envelope` as one line to every subscriber. With a `key`, the
    /// envelope becomes that key's latest state for future snapshots while
    /// `retain` is true, and is forgotten when it is false.
    package func publish(_ envelope: JSONValue, key: String? = nil, retain: Bool = false) {
        var line = Array(JSONWriter.data(envelope))
        line.append(10)
        let wake = state.withLock { s -> Bool in
            if let seq = envelope["seq"]?.intValue { s.lastSeq = max(s.lastSeq, seq) }
            if let key {
                if let index = s.retained.firstIndex(where: { $0.key == key }) {
                    if retain { s.retained[index].envelope = envelope } else { s.retained.remove(at: index) }
                } else if retain {
                    s.retained.append((key, envelope))
                }
            }
            var wake = false
            for fd in Array(s.subscribers.keys) {
                wake = enqueue(line, to: fd, in: &s) || wake
            }
            return wake
        }
        if wake { wakeUp() }
    }

    /// Publishes a timer event: retained while the timer is active.
    package func publish(_ event: TimerEvent) {
        publish(EventEnvelope.timer(event), key: "timer:\(event.timer.id)", retain: event.timer.state.isActive)
    }

    /// Appends `line` to a subscriber, writing at once when nothing is
    /// queued. Returns true when the poll thread must watch for POLLOUT.
    private func enqueue(_ line: [UInt8], to fd: Int32, in s: inout State) -> Bool {
        guard var sub = s.subscribers[fd], !sub.dropped else { return false }
        var rest = line[...]
        if sub.pending.isEmpty {
            let n = rest.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, UnixSocket.noSignal) }
            if n > 0 { rest = rest.dropFirst(n) }
        }
        if !rest.isEmpty { sub.pending += rest }
        if sub.pending.count > maxBufferedBytes + sub.allowance {
            sub.dropped = true
            sub.pending = []
            s.dropped += 1
            shutdown(fd, Int32(Glibc.SHUT_RDWR))
            Log.warning("event subscriber dropped: more than \(maxBufferedBytes) bytes behind")
        }
        s.subscribers[fd] = sub
        return !sub.pending.isEmpty || sub.dropped
    }

    private func snapshotLine(_ s: State) -> [UInt8] {
        let snapshot: JSONValue = [
            "v": .int(EventEnvelope.version), "type": "snapshot", "seq": .int(s.lastSeq),
            "at": .string(Instant.wire(clock.now())), "events": .array(s.retained.map(\.envelope)),
        ]
        return Array(JSONWriter.data(snapshot)) + [10]
    }

    // MARK: poll thread

    private func wakeUp() {
        var byte: UInt8 = 1
        _ = write(wakeFDs.write, &byte, 1)
    }

    private func loop() {
        defer { exited.store(true, ordering: .releasing) }
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let (running, listenFD, watched) = state.withLock { s in
                (s.running, s.listenFD, s.subscribers.map { ($0.key, !$0.value.pending.isEmpty) })
            }
            guard running else { return }
            var fds = [
                pollfd(fd: wakeFDs.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0),
            ]
            for (fd, wantsOut) in watched {
                fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (wantsOut ? Int16(POLLOUT) : 0), revents: 0))
            }
            let ready = poll(&fds, nfds_t(fds.count), 1000)
            if ready < 0 && errno != EINTR {
                usleep(10_000)
                continue
            }
            if fds[0].revents != 0 { while read(wakeFDs.read, &scratch, scratch.count) > 0 {} }
            if fds[1].revents & Int16(POLLIN) != 0 { acceptAll(listenFD) }
            for p in fds.dropFirst(2) where p.revents != 0 {
                service(p, &scratch)
            }
        }
    }

    private func acceptAll(_ listenFD: Int32) {
        while true {
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { return }
            UnixSocket.makeNonBlocking(fd)
            var size: Int32 = 1 << 20
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            state.withLock { s in
                let snapshot = snapshotLine(s)
                s.subscribers[fd] = Subscriber(allowance: snapshot.count)
                _ = enqueue(snapshot, to: fd, in: &s)
            }
        }
    }

    private func service(_ p: pollfd, _ scratch: inout [UInt8]) {
        var closed = p.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        var lines: [String] = []
        if p.revents & Int16(POLLIN) != 0 {
            let n = read(p.fd, &scratch, scratch.count)
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { closed = true }
            if n > 0 { lines = takeLines(p.fd, scratch[..<n]) }
        }
        for line in lines where !line.isEmpty { answer(line, to: p.fd) }
        state.withLock { s in
            guard var sub = s.subscribers[p.fd] else { return }
            if !closed, !sub.dropped, p.revents & Int16(POLLOUT) != 0, !sub.pending.isEmpty {
                let n = sub.pending.withUnsafeBytes { send(p.fd, $0.baseAddress, $0.count, UnixSocket.noSignal) }
                if n > 0 { sub.pending.removeFirst(n) } else if n < 0, errno != EAGAIN, errno != EINTR { closed = true }
                s.subscribers[p.fd] = sub
            }
            if closed || sub.dropped {
                s.subscribers[p.fd] = nil
                close(p.fd)
            }
        }
    }

    /// Adds `bytes` to a subscriber's unfinished input and returns the
    /// complete lines; an unfinished line past the bound is returned as is
    /// (and answered as too long).
    private func takeLines(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> [String] {
        state.withLock { s in
            guard var sub = s.subscribers[fd] else { return [] }
            sub.input += bytes
            var lines: [String] = []
            while let newline = sub.input.firstIndex(of: 10) {
                lines.append(String(decoding: sub.input[..<newline], as: UTF8.self))
                sub.input.removeSubrange(...newline)
            }
            if sub.input.count > Self.maxCommandBytes {
                lines.append(String(decoding: sub.input, as: UTF8.self))
                sub.input = []
            }
            s.subscribers[fd] = sub
            return lines
        }
    }

    /// Runs the handler on one command line (outside the lock: the change
    /// it makes publishes through this hub) and queues the reply to `fd`.
    private func answer(_ line: String, to fd: Int32) {
        let reply =
            handler.withLock { $0 }.map { $0(line) }
            ?? .refused(id: nil, code: "unavailable", message: "this socket takes no commands")
        let bytes = reply.line
        _ = state.withLock { s in enqueue(bytes, to: fd, in: &s) }
    }
}
