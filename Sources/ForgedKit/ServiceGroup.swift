import ForgeAPI
import ForgeHTTP
import Foundation

/// The services of `forged serve`, run as one group (as swift-service-lifecycle's `ServiceGroup`):
/// started in order, and stopped in reverse, whether a later one failed to start or a signal
/// asked the group to stop (docs/architecture.md §19.2).
final class ServiceGroup {
    /// The services in start order.
    let services: [any Service]
    /// The ones started so far, in start order.
    private(set) var running: [any Service] = []

    init(_ services: [any Service]) {
        self.services = services
    }

    /// Starts every service in order. When one cannot start, `report` hears it first (so its log
    /// line comes before anything the others log as they stop), then those already started are
    /// stopped in reverse and the failure is thrown.
    /// - Throws: ``StartFailure``.
    func start(reporting report: (StartFailure) -> Void = { _ in }) throws(StartFailure) {
        for service in services {
            do {
                try service.start()
                running.append(service)
            } catch {
                let failure = StartFailure(serviceName: service.serviceName, error: error)
                report(failure)
                stop()
                throw failure
            }
        }
    }

    /// Waits for signals: SIGHUP runs `reload` and waits again; SIGTERM or SIGINT returns.
    func wait(for signals: SignalQueue, reload: () -> Void) {
        while signals.next() == SIGHUP { reload() }
    }

    /// Stops the running services in reverse start order; idempotent.
    func stop() {
        for service in running.reversed() { service.stop() }
        running = []
    }

    /// A service that could not start (its ``Service/serviceName``), and why.
    struct StartFailure: Error {
        let serviceName: String
        let error: any Error
    }
}
