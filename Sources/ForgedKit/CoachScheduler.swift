import ForgeCoach
import ForgeCore
import Foundation

/// Runs the coach's time-driven work for `forged serve` (one of the daemon's
/// services: `start()` after the HTTP server, `stop()` before it).
///
/// - At start: resumes chat turns left pending by a previous process, then
///   runs any weekly review that came due while the daemon was down.
/// - Then every ``interval`` seconds (default 10 minutes, docs/contract.md §4.18) it runs
///   the reviews that are due: each member's ``ReviewSchedule`` in the
///   household zone, once per ISO week, persisted in ``ReviewLedger`` so a
///   restart never reviews a week twice.
package final class CoachScheduler: Sendable {
    let coach: CoachService
    /// Seconds between ticks.
    package var interval: TimeInterval { ticker.interval }
    private let ticker: Ticker

    /// A scheduler for `coach`, ticking every `interval` seconds (10 minutes) once started.
    package init(coach: CoachService, interval: TimeInterval = 600) {
        self.coach = coach
        ticker = Ticker(label: "forged.coach-scheduler", interval: interval)
    }

    /// Resumes pending turns and starts ticking (the first tick runs at once).
    package func start() {
        let resumed = coach.resumePending()
        if resumed > 0 { Log.notice("resumed \(resumed) pending coach turn(s)") }
        ticker.start(leeway: .seconds(30)) { [coach] in coach.runDueReviews() }
    }

    /// Stops ticking, waits for a review in progress, then up to 10 s for
    /// running chat turns (an unfinished turn stays pending and resumes at the next start).
    package func stop() {
        ticker.stop()
        if !coach.waitIdle(timeout: 10) {
            Log.notice("stopping with a coach turn still running; it resumes at the next start")
        }
    }
}
