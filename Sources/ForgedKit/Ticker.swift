import Dispatch
import Synchronization

/// Runs a job on its own serial queue every `interval` seconds, the first
/// time at once (the coach and notice schedulers). ``stop()`` cancels and
/// waits for a run in progress.
final class Ticker: Sendable {
    let interval: Double
    private let queue: DispatchQueue
    private let timer = Mutex<DispatchSourceTimer?>(nil)

    init(label: String, interval: Double) {
        self.interval = interval
        queue = DispatchQueue(label: label)
    }

    /// Starts ticking (idempotent).
    func start(leeway: DispatchTimeInterval, _ job: @escaping @Sendable () -> Void) {
        timer.withLock { t in
            guard t == nil else { return }
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.schedule(deadline: .now(), repeating: interval, leeway: leeway)
            source.setEventHandler(handler: job)
            source.resume()
            t = source
        }
    }

    /// Stops ticking and waits for a run in progress.
    func stop() {
        timer.withLock { t in
            t?.cancel()
            t = nil
        }
        queue.sync {}
    }
}
