import ForgeCore
import ForgeHTTP
import ForgeTrain

/// `GET /api/dashboard` (docs/contract.md §3.6): display prefs, series, twelve weeks
/// of tonnage, zone 2 and the training heatmap, lipids and records (``DashboardView``).
enum DashboardRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/dashboard", "Everything the dashboard draws, twelve household weeks back",
            access: .member, cache: .minute, answers: Dashboard.self
        ) { _, principal in
            let now = app.minuteNow
            let today = app.today  // minute-floored: the answer is cached per minute
            return try DashboardView.dashboard(
                for: principal.caller.user, now: now, today: today, clock: app.clock, calendar: app.calendar,
                library: app.exercises, in: app.db)
        }
    }
}
