import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd: one MHD daemon per listening socket,
/// each with its own internal epoll thread pool. Handlers run synchronously
/// on the pool threads and must be short.
///
/// Lifecycle: `start()` once, `stop()` once (idempotent; also on deinit).
/// Do not call `stop()` from a handler: it waits for the pool threads.
package final class HTTPServer: Sendable {
    /// Listening and resource limits.
    package struct Configuration: Sendable {
        /// Addresses to bind (see `ListenSocket.bind`).
        package var listen: [ListenAddress]
        /// Already-listening sockets (e.g. from systemd); the server takes
        /// ownership and closes them on `stop()`.
        package var listenSockets: [Int32]
        /// Worker threads per listening socket (at least 1).
        package var threadPoolSize: Int
        /// Maximum simultaneous connections per listening socket.
        package var connectionLimit: Int
        /// Maximum simultaneous connections per client IP (the TCP peer, so a
        /// reverse proxy counts as one client); at least 1.
        package var perIPConnectionLimit: Int
        /// Idle seconds after which a connection is closed.
        package var connectionTimeoutSeconds: Int
        /// Largest accepted request body in bytes; larger ones get 413.
        package var maxBodyBytes: Int
        /// Larger caps for upload routes, by exact request path (no query):
        /// e.g. `["/ingest": 32 << 20]`. Other paths use `maxBodyBytes`.
        package var uploadLimits: [String: Int] = [:]
        /// Routes tagged `spool` (``RouteInfo/tags``) receive their body in a
        /// temporary file in ``spoolDirectory`` (``Request/bodyFile``), never in
        /// memory; of a `multipart/form-data` body only the file part, the text
        /// fields in ``Request/form`` (``MultipartSpool``). Tag `spool: yes` caps
        /// the body at this many bytes (`--max-import`); tag `spool: body` keeps the
        /// route's own cap (its ``uploadLimits`` entry, else ``maxBodyBytes``).
        package var spoolLimit: Int = 4 << 30
        /// Where spooled bodies are written (the state directory's `imports/`).
        package var spoolDirectory: String = NSTemporaryDirectory()
        /// Seconds `stop()` waits for in-flight requests before closing.
        package var shutdownGraceSeconds: Double
        /// Seconds a request head may take from the connection's start (or,
        /// on a kept-alive connection, from its request line) before the
        /// connection is closed; a kept-alive connection's next request line
        /// must arrive within `connectionTimeoutSeconds` + this of the
        /// previous response's end. See ``HeadDeadline``.
        package var headTimeoutSeconds: Double = 10
        /// Serve HTTPS only, with this certificate (already ``TLSCertificate/load()``ed).
        package var tls: TLSCertificate?
        /// Peers whose `X-Forwarded-For`/`-Proto` are believed.
        package var trustedProxies = TrustedProxies()

        /// A configuration; see the properties (counts, bytes and seconds as they say).
        package init(
            listen: [ListenAddress] = [], listenSockets: [Int32] = [], threadPoolSize: Int = 4,
            connectionLimit: Int = 256, perIPConnectionLimit: Int = 128,
            connectionTimeoutSeconds: Int = 30, maxBodyBytes: Int = 1 << 20,
            shutdownGraceSeconds: Double = 5
        ) {
            self.listen = listen
            self.listenSockets = listenSockets
            self.threadPoolSize = threadPoolSize
            self.connectionLimit = connectionLimit
            self.perIPConnectionLimit = perIPConnectionLimit
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.maxBodyBytes = maxBodyBytes
            self.shutdownGraceSeconds = shutdownGraceSeconds
        }
    }

    private struct Daemon: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private enum Phase { case idle, running, stopped }

    private struct State {
        var phase = Phase.idle
        var daemons: [Daemon] = []
        var bound: [ListenAddress] = []
    }

    /// What the server was started with.
    package let configuration: Configuration
    private let core: ServerCore
    private let state = Mutex(State())

    /// - Parameters:
    ///   - accessLog: called once per request, after its response is queued.
    ///   - onError: called once per non-`HTTPError` error thrown by a handler.
    ///   - onHeadTimeout: called, from the deadline's sweeper thread, with the
    ///     TCP peer's address of each connection closed because its request
    ///     head or body was late (``HeadDeadline``).
    package init(
        configuration: Configuration, responder: Responder,
        accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil,
        onError: (@Sendable (Request, Error) -> Void)? = nil,
        onHeadTimeout: (@Sendable (_ peer: String) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.core = ServerCore(
            configuration: configuration, responder: responder, accessLog: accessLog, onError: onError,
            onHeadTimeout: onHeadTimeout)
    }

    deinit {
        stop()
    }

    /// The body cap of each spooled route's path, bytes (see ``Configuration/spoolLimit``).
    static func spoolLimits(_ routes: [RouteInfo], _ configuration: Configuration) -> [String: Int] {
        var limits: [String: Int] = [:]
        for route in routes {
            switch route.tags["spool"] {
            case "yes": limits[route.pattern] = max(0, configuration.spoolLimit)
            case "body":
                limits[route.pattern] = max(0, configuration.uploadLimits[route.pattern] ?? configuration.maxBodyBytes)
            default: continue
            }
        }
        return limits
    }

    /// Binds the configured addresses and starts serving. Ignores SIGPIPE.
    /// - Throws: `HTTPServerError` naming the address that failed; nothing
    ///   is left listening when it throws.
    package func start() throws {
        signal(SIGPIPE, SIG_IGN)
        if configuration.tls != nil, !TLSCertificate.isSupported {
            throw HTTPServerError.tls("this libmicrohttpd was built without HTTPS support")
        }
        try state.withLock { state throws(HTTPServerError) in
            guard state.phase == .idle else { throw .alreadyStarted }
            var sockets: [(fd: Int32, label: String)] = []
            do {
                for address in configuration.listen {
                    sockets.append((try ListenSocket.bind(address), address.description))
                }
            } catch {
                for socket in sockets { close(socket.fd) }
                throw error as? HTTPServerError ?? .nothingToListenOn
            }
            sockets += configuration.listenSockets.map { ($0, "socket \($0)") }
            guard !sockets.isEmpty else { throw .nothingToListenOn }

            let bound = sockets.compactMap { ListenSocket.localAddress(of: $0.fd) }
            var daemons: [Daemon] = []
            for (index, socket) in sockets.enumerated() {
                guard let pointer = startDaemon(on: socket.fd) else {
                    for daemon in daemons { MHD_stop_daemon(daemon.pointer) }
                    for rest in sockets[index...] { close(rest.fd) }
                    throw .daemonStartFailed(address: socket.label)
                }
                daemons.append(Daemon(pointer: pointer))
            }
            state = State(phase: .running, daemons: daemons, bound: bound)
            core.headDeadline.start()
        }
    }

    /// Stops accepting (the ports are released at once), waits up to
    /// `shutdownGraceSeconds` for in-flight requests to finish, then closes
    /// every connection and joins the worker threads. Idempotent.
    package func stop() {
        let daemons = state.withLock { state in
            defer {
                state.phase = .stopped
                state.daemons = []
                state.bound = []
            }
            return state.daemons
        }
        guard !daemons.isEmpty else { return }
        for daemon in daemons {
            let fd = MHD_quiesce_daemon(daemon.pointer)
            if fd >= 0 { close(fd) }
        }
        core.finishStreams()
        let deadline = ContinuousClock.now + .milliseconds(Int(configuration.shutdownGraceSeconds * 1000))
        while core.inFlight.load(ordering: .relaxed) > 0, ContinuousClock.now < deadline {
            usleep(2_000)
        }
        for daemon in daemons { MHD_stop_daemon(daemon.pointer) }
        core.headDeadline.stop()
    }

    /// The addresses actually listened on (real ports when 0 was asked for);
    /// empty unless running.
    package var boundAddresses: [ListenAddress] {
        state.withLock { $0.bound }
    }

    /// Requests received but not yet completed (for tests and shutdown).
    var inFlightRequests: Int {
        core.inFlight.load(ordering: .relaxed)
    }

    private func startDaemon(on fd: Int32) -> OpaquePointer? {
        let poolSize = max(1, configuration.threadPoolSize)
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(fd), ptr_value: nil),
            MHD_OptionItem(
                option: .CONNECTION_LIMIT, value: max(poolSize, configuration.connectionLimit), ptr_value: nil),
            MHD_OptionItem(
                option: .PER_IP_CONNECTION_LIMIT, value: max(1, configuration.perIPConnectionLimit),
                ptr_value: nil),
            MHD_OptionItem(
                option: .CONNECTION_TIMEOUT, value: max(1, configuration.connectionTimeoutSeconds),
                ptr_value: nil),
        ]
        if poolSize > 1 {
            options.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: poolSize, ptr_value: nil))
        }
        options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
        let flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let cls = Unmanaged.passUnretained(core).toOpaque()
        return options.withUnsafeMutableBufferPointer { items in
            forge_mhd_start_daemon(
                flags, MHDCallbacks.access, cls, MHDCallbacks.completed, cls,
                MHDCallbacks.uriLog, cls, MHDCallbacks.connection, cls,
                configuration.tls == nil ? nil : TLSCertificate.retrieve, TLSCertificate.priorities,
                items.baseAddress)
        }
    }
}
