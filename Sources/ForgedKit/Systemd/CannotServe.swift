import Dispatch
import ForgeCore
import ForgeHTTP
import ForgeSystemd
import Foundation

/// `forged serve` under socket activation when a restart cannot help: a
/// configuration error (status 2) or a database that will not open (65).
///
/// Exiting would not shut the door: systemd's socket keeps listening, the next
/// client's connection starts forged again, it fails again, and the start
/// limit then fails both sockets, so clients hang and then get "connection
/// refused" until someone runs `systemctl reset-failed`. So forged stays up on
/// the sockets systemd passed and says why:
/// - every HTTP request is answered at once, 503
///   `{"detail":"cannot serve: REASON; fix: COMMAND"}` with `Retry-After: 60`;
///   `/healthz` adds `"ok":false`, `"reason"` (the same text), `version` and `build`;
/// - each event-socket connection is accepted and closed (end of stream, never a hang);
/// - systemd gets `READY=1` with `STATUS=cannot serve: REASON; fix: COMMAND`, and
///   `WATCHDOG=1` at half of `WATCHDOG_USEC`;
/// - the state directory's lock is not held, so `forged restore` runs beside it;
/// - SIGTERM or SIGINT exits 0, so `systemctl restart forged` after the fix
///   starts a forged that serves.
///
/// The failure is logged once at error priority with its `MESSAGE_ID` before
/// any of this. Run without passed sockets, forged still exits 2 or 65.
struct CannotServe {
    /// Why forged cannot serve (its ``FatalError/line`` is REASON; fix: COMMAND).
    let fatal: FatalError

    /// `cannot serve: REASON; fix: COMMAND`: the 503 body's `detail`, `/healthz`'s `reason` and `STATUS=`.
    var detail: String { "cannot serve: " + fatal.line }

    /// The 503 body; the `/healthz` fields are nil (absent) on other paths.
    struct Answer: Encodable {
        let detail: String
        let ok: Bool?
        let reason: String?
        let version: String?
        let build: String?
    }

    /// Whether `fatal` is one forged answers for instead of exiting, given
    /// whether systemd passed listening sockets: only the statuses the unit
    /// does not restart on (``ExitStatus/noRestart``), and only under socket activation.
    static func applies(to fatal: FatalError, socketActivated: Bool) -> Bool {
        socketActivated && ExitStatus.noRestart.contains(fatal.status)
    }

    /// The answer to every request (see the type's description).
    func responder() -> Responder {
        let detail = self.detail
        var router = Router()
        router.use { request, _ in
            let health = request.path == "/healthz"
            let body = Answer(
                detail: detail, ok: health ? false : nil, reason: health ? detail : nil,
                version: health ? BuildInfo.version : nil, build: health ? BuildInfo.stamp : nil)
            var response = try Response.json(body, status: 503)
            response.headers.set("Retry-After", "60")
            return response
        }
        return router.freeze()
    }

    /// Logs the failure, serves the 503s on `sockets` until SIGTERM or SIGINT
    /// arrives on `signals` (SIGHUP is logged and ignored), and returns the exit
    /// status: 0, or `fatal`'s own status when even the 503s cannot be served.
    /// - Parameters:
    ///   - sockets: the descriptors systemd passed; the process exits after this returns.
    ///   - signals: the queue `forged serve` watches SIGTERM, SIGINT and SIGHUP on.
    ///   - threads: HTTP worker threads (`--threads`, or its default when the configuration itself is wrong).
    ///   - tls: the loaded certificate when the configuration names one (HTTPS sockets stay HTTPS).
    func run(sockets: ActivatedSockets, signals: SignalQueue, threads: Int, tls: TLSCertificate? = nil) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        fatal.log()
        var configuration = HTTPServer.Configuration(
            listenSockets: sockets.http, threadPoolSize: max(1, threads), connectionLimit: 64, perIPConnectionLimit: 64,
            shutdownGraceSeconds: 1)
        configuration.tls = tls
        let server = HTTPServer(configuration: configuration, responder: responder())
        do { try server.start() } catch {
            Log.error("cannot listen to answer \"\(detail)\": \(error)", id: .startFailed)
            sockets.closeUnowned()
            return fatal.status
        }
        let events = sockets.events.map(Self.refuse)
        let watchdog = Notify.watchdogInterval.map { interval in
            Ticker(label: "forged.cannot-serve-watchdog", interval: Double(interval / .milliseconds(2)) / 1000)
        }
        watchdog?.start(leeway: .milliseconds(50)) { Notify.watchdog() }
        Log.notice("answering every request 503 until restarted: \(detail)")
        Notify.ready(status: detail)
        while true {
            let number = signals.next()
            guard number == SIGHUP else { break }
            Log.notice("SIGHUP: the configuration is read again at a restart (`systemctl restart forged`)")
            Notify.ready(status: detail)
        }
        watchdog?.stop()  // waits for a ping in progress: none follows STOPPING=1
        Notify.stopping()
        events?.cancel()
        server.stop()
        signals.cancel()
        return ExitStatus.success
    }

    /// Accepts each connection on the event socket `fd` and closes it at once.
    /// - Returns: the read source; cancelling it closes `fd`.
    static func refuse(_ fd: Int32) -> DispatchSourceRead {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .global())
        source.setEventHandler {
            while case let client = accept(fd, nil, nil), client >= 0 { close(client) }
            // Out of descriptors: wait a little rather than spin on a socket that stays readable.
            if errno == EMFILE || errno == ENFILE { usleep(100_000) }
        }
        source.setCancelHandler { close(fd) }
        source.resume()
        return source
    }
}
