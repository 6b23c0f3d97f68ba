import ForgeAPI
import ForgeHTTP

/// A long-lived part of `forged serve` (HTTP server, health monitor, event
/// hub, backup scheduler). `forged serve` starts services in order and stops
/// them in reverse on SIGTERM (docs/architecture.md §19.2, "Services have one entry point and
/// stop in reverse").
protocol Service: AnyObject {
    /// For log lines (`"http"`, `"monitor"`).
    var serviceName: String { get }
    /// Starts the service; throws when it cannot, and then nothing of it runs.
    func start() throws
    /// Stops it; idempotent, bounded in time, never throws.
    func stop()
}

extension HTTPServer: Service {
    var serviceName: String { "http" }
}

extension BackupScheduler: Service {
    var serviceName: String { "backups" }
}

extension CoachScheduler: Service {
    var serviceName: String { "coach" }
}

/// Cook timers, the event socket and the live stream (`app.cook`) as a
/// `serve` service: the socket comes from systemd (`events`) when passed,
/// else it is bound at `<runtime-dir>/events.sock`.
final class CookService: Service {
    let cook: CookServices
    let runtimeDir: String
    let socketFD: Int32?

    init(cook: CookServices, runtimeDir: String, socketFD: Int32?) {
        self.cook = cook
        self.runtimeDir = runtimeDir
        self.socketFD = socketFD
    }

    var serviceName: String { "cook" }
    func start() throws { try cook.start(runtimeDir: socketFD == nil ? runtimeDir : nil, socketFD: socketFD) }
    func stop() { cook.stop() }
}
