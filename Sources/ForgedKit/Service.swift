import ForgeHTTP

/// A long-lived part of `forged serve` (HTTP server, health monitor, event
/// hub, backup scheduler). `forged serve` starts services in order and stops
/// them in reverse on SIGTERM (STYLE.md, "Services have one entry point and
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
