import ForgeCoach
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `POST /api/coach/run-review` and `GET /api/coach/runs` (docs/contract.md §3.13).
/// The built-in coach needs no key, so run-review never answers 503 (README,
/// differences); a failed review is 502 `coach run failed: <error>`.
enum CoachRunRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/coach/run-review", "Run the weekly review now; the summary is also posted to chat",
            access: .member, answers: ReviewSummary.self, errors: [502]
        ) { _, principal in
            do {
                return ReviewSummary(summary: try app.coach.runReview(userID: principal.caller.id))
            } catch {
                throw HTTPError(502, "coach run failed: \(error)")
            }
        }
        router.route(
            .GET, "/api/coach/runs", "The latest 20 coach runs (chat turns and reviews)", access: .member,
            answers: [CoachRunEntry].self
        ) { _, principal in
            try CoachHistory.runs(userID: principal.caller.id, in: app.db).map(CoachRunEntry.init)
        }
    }
}
