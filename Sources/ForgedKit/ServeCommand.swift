import Dispatch
import ForgeAPI
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `forged serve`: migrate and seed the database, listen, serve until
/// SIGTERM/SIGINT, then stop in reverse order (stop accepting, drain
/// in-flight requests, checkpoint the WAL, close the database) and exit 0.
struct ServeCommand {
    let settings: Settings

    func run() throws -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let started = Date()
        let stateLock = try StateLock.acquire(settings.stateDir); defer { stateLock.release() }
        let db = try StateDirectory.open(settings.stateDir)
        let app = ForgeApp(db: db, config: settings.appConfiguration)
        let applied = try app.prepare()
        if !applied.isEmpty { Log.notice("applied migrations: \(applied.joined(separator: ", "))") }
        if settings.devAuth {
            Log.warning("dev sign-in is ENABLED (--dev-auth): anyone who can reach this server can sign in as any member")
        }
        let addresses = try settings.listen.map { text -> ForgeHTTP.ListenAddress in
            guard let address = ForgeHTTP.ListenAddress(text) else {
                throw ConfigError(setting: "listen", message: "expected HOST:PORT", value: text)
            }
            return address
        }
        let server = HTTPServer(
            configuration: .init(listen: addresses, threadPoolSize: settings.threads,
                                 connectionLimit: settings.maxConnections, maxBodyBytes: settings.maxBody),
            responder: app.makeResponder(),
            accessLog: { e in
                Log.info("\(e.method) \(e.path) \(e.status) \(e.bytes)B \(String(format: "%.1f", e.durationMs))ms",
                         fields: ["FORGE_REQUEST_ID": e.requestID, "REMOTE_ADDR": e.remoteAddress])
            },
            onError: { request, error in
                Log.error("handler failed: \(error)", fields: ["FORGE_REQUEST_ID": request.requestID])
            })
        do {
            try server.start()
        } catch {
            Log.error("cannot listen: \(error)")
            db.close()
            return 1
        }
        let backups = BackupScheduler(settings: settings, db: db); backups.start()
        let coach = CoachScheduler(coach: app.coach); coach.start()
        let elapsed = Int(Date().timeIntervalSince(started) * 1000)
        for address in server.boundAddresses {
            Log.notice("listening on http://\(address) (forged \(BuildInfo.version), build \(BuildInfo.stamp), \(settings.timezoneName), ready in \(elapsed) ms)")
        }

        let stop = DispatchSemaphore(value: 0)
        let sources = [SIGTERM, SIGINT].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        stop.wait()
        Log.notice("stopping: draining requests")
        coach.stop()
        backups.stop()
        server.stop()
        sources.forEach { $0.cancel() }
        do { try db.checkpoint() } catch { Log.warning("WAL checkpoint at stop failed: \(error)") }
        db.close()
        Log.notice("stopped")
        return 0
    }
}
