import ForgeCore
import ForgeHTTP
import ForgeTrain

/// `GET /api/week` (docs/contract.md §3.2, §4.6): the Monday-snapped calendar week of
/// the active plan (``TrainingWeekView``).
enum WeekRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/week", "The training week containing a date, Monday first",
            access: .member, cache: .day, query: DateQuery.self, answers: TrainingWeek.self, errors: [400, 422]
        ) { request, principal in
            let today = app.today
            let date = try request.decodeQueryValidated(DateQuery.self) ?? today
            return try TrainingWeekView.week(principal.caller.user, containing: date, today: today, in: app.db)
        }
    }
}
