import Dispatch
import ForgeAPI
import ForgeCore
import ForgeEvents
import ForgeHTTP
import ForgeStore
import ForgeSystemd
import Foundation
import Synchronization

/// `forged serve`: take the sockets systemd passed (or bind `--listen`),
/// then lock the state directory, back up (before an upgrade), migrate and
/// seed the database, tell systemd `READY=1`, serve until SIGTERM or SIGINT,
/// then stop in reverse order and exit 0. Binding first means a busy port
/// exits 1 before anything is created in the state directory.
///
/// systemd integration (all no-ops when not run by systemd):
/// - `READY=1` with `STATUS=` (``StatusLine``) once migrated and listening;
/// - `WATCHDOG=1` at half of `WATCHDOG_USEC`, only while the database
///   answers (``HealthMonitor``);
/// - SIGHUP: `RELOADING=1` + `MONOTONIC_USEC=`, config re-read
///   (``ConfigReload`` says what applies live), then `READY=1`; connections stay;
/// - SIGTERM/SIGINT: `STOPPING=1`, then stop accepting, finish in-flight
///   requests for at most ``shutdownGraceSeconds``, stop the other services
///   in reverse, checkpoint the WAL, close the database.
/// Logs go to journald natively when stderr is the journal stream.
struct ServeCommand {
    let settings: Settings
    /// The command line's flags and the environment, kept for SIGHUP reloads.
    var flags: [String: [String]] = [:]
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// Seconds the HTTP server waits for in-flight requests at stop before
    /// closing connections; well inside the unit's `TimeoutStopSec=30`.
    static let shutdownGraceSeconds = 10.0

    /// The status line; other services plug their parts in (see ``StatusLine``).
    let status = StatusLine()

    /// `BackupStatus.summary` in the words of the STATUS= line's backup part:
    /// `ok 2026-07-20T02:30:00.412Z (forge-….sqlite3)`, `FAILED …`, or `none`.
    static func backupWords(_ summary: String) -> String {
        if summary == "no backup yet" { return "none" }
        return summary.hasPrefix("last backup ") ? String(summary.dropFirst("last backup ".count)) : summary
    }

    func run() throws -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        MallocTuning.apply(environment: environment)
        // Watch the signals first: the default SIGHUP action would kill us.
        let signals = SignalQueue([SIGTERM, SIGINT, SIGHUP])
        Journal.installIfConnected(environment: environment)
        let started = ContinuousClock.now
        let certificate: TLSCertificate?
        var sockets: ActivatedSockets
        let activated: Bool
        do {
            // The certificate before anything else: a bad one stops forged with nothing bound or created.
            certificate = try loadCertificate()
            Self.raiseOpenFileLimit(to: settings.maxConnections + 256)
            // Sockets first (systemd's, or bound here): a busy port stops forged
            // before it creates, opens or migrates anything in the state directory.
            (sockets, activated) = try takeSockets()
        } catch is StartRefused {
            return 1
        }
        let opened: OpenedState
        do {
            opened = try openState()
        } catch {
            let fatal = FatalError.classify(error, stateDir: settings.stateDir)
            guard CannotServe.applies(to: fatal, socketActivated: activated) else { throw error }
            return CannotServe(fatal: fatal).run(
                sockets: sockets, signals: signals, threads: settings.threads, tls: certificate)
        }
        let (stateLock, db, app, preparePending) = (opened.lock, opened.db, opened.app, opened.preparePending)
        defer { stateLock.release() }
        try? FileManager.default.createDirectory(at: app.imports.uploads, withIntermediateDirectories: true)
        warnAboutSettings()
        let server = makeHTTPServer(app, sockets: sockets.http, tls: certificate)
        let monitor = HealthMonitor(db: db, status: status, watchdogInterval: Notify.watchdogInterval)
        let diskFullStart = DiskFullStart(
            app: app, stateDir: settings.stateDir, status: status, preparePending: preparePending)
        let backups = BackupScheduler(settings: settings, db: db)
        wireStatus(db)
        let coach = CoachScheduler(coach: app.coach)
        let cook = CookService(cook: app.cook, runtimeDir: settings.runtimeDir, socketFD: sockets.events)
        sockets.events = nil  // the event hub owns it now
        let notices = NoticeScheduler(notices: app.notices)
        // Start order; stopped in reverse.
        let group = ServiceGroup([server, monitor, diskFullStart, backups, coach, cook, notices])
        do {
            try group.start { failure in
                Log.error(
                    failure.serviceName == server.serviceName
                        ? "cannot listen: \(failure.error)" : "cannot start \(failure.serviceName): \(failure.error)",
                    id: .startFailed)
            }
        } catch {
            sockets.closeUnowned()
            db.close()
            return 1
        }
        announceStarted(server, db: db, tls: certificate != nil, since: started)

        var reload = ConfigReload(settings: settings, flags: flags, environment: environment)
        group.wait(for: signals) { self.reload(&reload, certificate: certificate) }

        Notify.stopping(status: "stopping: draining requests")
        Log.notice("stopping: draining requests")
        group.stop()
        sockets.closeUnowned()
        signals.cancel()
        if !db.isReadOnly {
            do { try db.checkpoint() } catch { Log.warning("WAL checkpoint at stop failed: \(error)") }
        }
        db.close()
        Log.notice("stopped")
        return 0
    }
}

extension ServeCommand {
    /// Connections one client address may hold: a quarter of `--max-connections`
    /// (at least 16, at most all of them), so one host cannot take every slot.
    /// With `--trusted-proxy` set it is all of them: libmicrohttpd counts TCP
    /// peers, and behind a reverse proxy every client is the proxy's address
    /// (its own limits then guard the household's clients).
    /// - Parameters:
    ///   - maxConnections: `--max-connections`, at least 1.
    ///   - behindProxy: whether any `--trusted-proxy` is configured.
    /// - Returns: the per-address connection limit.
    static func perAddressLimit(_ maxConnections: Int, behindProxy: Bool = false) -> Int {
        behindProxy ? maxConnections : min(maxConnections, max(16, maxConnections / 4))
    }

    /// Loads (or reloads) `certificate` from its files and logs what it is,
    /// with a warning when clients will refuse it (expired or not yet valid at
    /// `now`, forged's clock's time).
    /// - Throws: what ``TLSCertificate/load()`` throws; the previous certificate stays in use then.
    static func load(_ certificate: TLSCertificate, reloading: Bool, now: Date) throws {
        let summary = try certificate.load()
        Log.notice("\(reloading ? "reloaded " : "")TLS certificate \(summary)")
        if let problem = summary.validityProblem(at: now) {
            Log.warning("TLS certificate \(summary.subject) is \(problem): clients will refuse it")
        }
    }

    /// What ``openState()`` hands the rest of the start.
    struct OpenedState {
        let lock: StateLock
        let db: Database
        let app: ForgeApp
        /// Whether seeding waits for disk space (``prepare(_:stateDir:)``).
        let preparePending: Bool
    }

    /// Locks the state directory, opens the database (read-only on a full
    /// disk, ``DiskFullStart``; one reader per HTTP worker thread, so no worker
    /// waits for a connection), prepares the backup key, then migrates and seeds.
    /// - Throws: what those throw; nothing stays locked or open then.
    func openState() throws -> OpenedState {
        let lock = try StateLock.acquire(settings.stateDir)
        let db: Database
        do {
            do {
                db = try StateDirectory.open(settings.stateDir, readers: settings.threads, clock: settings.clock)
            } catch  where FatalError.classify(error, stateDir: settings.stateDir).status == ExitStatus.diskFull {
                db = try StateDirectory.openReadOnly(
                    settings.stateDir, readers: settings.threads, clock: settings.clock, cause: error)
            }
        } catch {
            lock.release()
            throw error
        }
        do {
            if !db.isReadOnly { BackupKeyStart.prepare(settings) }
            let app = ForgeApp(db: db, config: settings.appConfiguration, clock: settings.clock)
            let pending = try Self.prepare(app, stateDir: settings.stateDir)
            return OpenedState(lock: lock, db: db, app: app, preparePending: pending)
        } catch {
            db.close()
            lock.release()
            throw error
        }
    }

    /// Migrates and seeds the database and rolls back interrupted imports
    /// (``ForgeApp/prepare()``). On a full disk (the database open read-only,
    /// or the seeding refused for space) that work waits for space
    /// (``DiskFullStart``) as long as the schema is current.
    /// - Returns: whether the work is still to do.
    /// - Throws: what `prepare()` throws; ``FatalError`` (74) when migrations
    ///   are pending and the disk is full, as the old schema cannot be served.
    static func prepare(_ app: ForgeApp, stateDir: String) throws -> Bool {
        func pendingOnFullDisk(_ cause: String) throws {
            let pending = try ForgeSchema.migrator().pending(in: app.db)
            guard pending.isEmpty else {
                throw FatalError(
                    status: ExitStatus.diskFull,
                    message:
                        "the disk holding \(stateDir) is full and \(pending.count) migrations are pending (\(cause))",
                    fix: "free space on that filesystem (`df -h \(stateDir)`; old backups in \(stateDir)/backups)",
                    id: .diskFull, fields: [("FORGE_DATABASE", app.db.path)])
            }
        }
        if app.db.isReadOnly {
            try pendingOnFullDisk("the database is open read-only")
            return true
        }
        do {
            let applied = try app.prepare()
            if !applied.isEmpty { Log.notice("applied migrations: \(applied.joined(separator: ", "))") }
            // Imports a crash or kill -9 interrupted: what they had added is removed.
            for id in try app.imports.pipeline.recover() { Log.warning("import \(id) was interrupted; rolled back") }
            return false
        } catch let error as DatabaseError where error.code == .full {
            try pendingOnFullDisk(error.message)
            return true
        }
    }

    /// Raises the soft open-file limit towards the hard one (at least `wanted`
    /// descriptors when the hard limit allows): each connection is a descriptor,
    /// and systemd's default soft limit is 1024.
    static func raiseOpenFileLimit(to wanted: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let target = min(limit.rlim_max, max(limit.rlim_cur, rlim_t(wanted)))
        guard target > limit.rlim_cur else { return }
        limit.rlim_cur = target
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 {
            Log.warning("cannot raise the open-file limit to \(target): \(String(cString: strerror(errno)))")
        }
    }
}

/// Delivers SIGTERM/SIGINT/SIGHUP one at a time to a waiting thread. Each
/// signal is ignored for its default action and watched with a dispatch
/// source, so it can never kill the process or interrupt a handler.
final class SignalQueue: @unchecked Sendable {
    private final class Inbox: Sendable {
        let pending = Mutex<[Int32]>([])
        let arrived = DispatchSemaphore(value: 0)
    }

    private let inbox = Inbox()
    /// Created once in init, only cancelled afterwards.
    private let sources: [DispatchSourceSignal]

    init(_ numbers: [Int32]) {
        let inbox = self.inbox
        sources = numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                inbox.pending.withLock { $0.append(number) }
                inbox.arrived.signal()
            }
            source.resume()
            return source
        }
    }

    /// Blocks until a signal arrives; returns its number.
    func next() -> Int32 {
        inbox.arrived.wait()
        return inbox.pending.withLock { $0.removeFirst() }
    }

    func cancel() {
        sources.forEach { $0.cancel() }
    }
}
