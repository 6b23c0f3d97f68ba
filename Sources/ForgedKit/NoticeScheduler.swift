import ForgeAPI

/// Ticks the proposal-ready and planned-day-reminder notices
/// (``Notices/runDue()``) for `forged serve`: once a minute, first at start,
/// so a notice held through quiet hours or queued before a restart goes out
/// within a minute of being allowed.
final class NoticeScheduler: Service {
    let notices: Notices
    private let ticker: Ticker

    init(notices: Notices, interval: Double = 60) {
        self.notices = notices
        ticker = Ticker(label: "forged.notices", interval: interval)
    }

    var serviceName: String { "notices" }

    func start() {
        ticker.start(leeway: .seconds(5)) { [notices] in notices.runDue() }
    }

    /// Stops ticking and waits for a tick in progress.
    func stop() { ticker.stop() }
}
