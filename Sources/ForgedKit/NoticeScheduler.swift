import Dispatch
import ForgeAPI
import Synchronization

/// Ticks the proposal-ready and planned-day-reminder notices
/// (``Notices/runDue()``) for `forged serve`: once a minute, first at start,
/// so a notice held through quiet hours or queued before a restart goes out
/// within a minute of being allowed.
final class NoticeScheduler: Service {
    let notices: Notices
    /// Seconds between ticks.
    let interval: Double
    private let queue = DispatchQueue(label: "forged.notices")
    private let timer = Mutex<DispatchSourceTimer?>(nil)

    init(notices: Notices, interval: Double = 60) {
        self.notices = notices
        self.interval = interval
    }

    var serviceName: String { "notices" }

    func start() {
        timer.withLock { t in
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.schedule(deadline: .now(), repeating: interval, leeway: .seconds(5))
            source.setEventHandler { [notices] in notices.runDue() }
            source.resume()
            t = source
        }
    }

    /// Stops ticking and waits for a tick in progress.
    func stop() {
        timer.withLock { t in t?.cancel(); t = nil }
        queue.sync {}
    }
}
