import ForgeCore
import ForgeHTTP
import ForgeTrain

/// `GET /api/progress` and `GET /api/metrics/{type}/history` (docs/contract.md §3.6, §4.15;
/// ``ProgressView``).
enum ProgressRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/progress", "e1RM series with trend words, body metrics, zone 2 and this week",
            access: .member, cache: .minute, answers: ProgressReport.self
        ) { _, principal in
            let now = app.minuteNow
            let today = app.today  // minute-floored: the answer is cached per minute
            return try ProgressView.report(
                for: principal.caller.user, now: now, today: today, clock: app.clock, calendar: app.calendar,
                library: app.exercises, in: app.db)
        }
        router.route(
            .GET, "/api/metrics/:type/history", "Full history (3650 days) of one body metric",
            access: .member, answers: MetricHistory.self, errors: [404]
        ) { request, principal in
            try ProgressView.metricHistory(
                request.parameter("type") ?? "", userID: principal.caller.id, now: app.clock.now(),
                calendar: app.calendar, in: app.db)
        }
    }
}
