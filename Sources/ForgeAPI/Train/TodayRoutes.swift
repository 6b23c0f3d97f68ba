import ForgeCore
import ForgeHTTP
import ForgeTrain

/// `GET /api/today` query: `date` (default today; 400 `bad date`) and
/// `budget`, whole minutes 25…120 (422 otherwise, docs/contract.md §3.2).
struct TodayQuery: ValidatingInput {
    var date: String?
    var budget: Int?
    static let rules: [InputRule<Self>] = [
        .dateText("query", "date"),
        .range("query", "budget", within: 25...120) { $0.budget },
    ]

    /// The query with its `date` parsed once: ``rules`` (`budget`) first, then
    /// 400 `bad date` or 422 `["query", "date"]` outside 1900–2100.
    func validated() throws -> Dated<Self> {
        try checkRules()
        return Dated(input: self, date: try DayInput.optional(date, query: true))
    }
}

/// `GET /api/today` (docs/contract.md §3.2): the plan entry for a date, fitted to a
/// time budget (``TodayView``).
enum TodayRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/today", "Today's planned session, fitted to an optional time budget", access: .member,
            cache: .day,
            query: TodayQuery.self, answers: TodayResponse.self, errors: [400]
        ) { request, principal in
            let checked = try request.decodeQueryValidated(TodayQuery.self)
            return try TodayView.today(
                principal.caller.user, on: checked.day(or: app.today), budget: checked.input.budget,
                library: app.exercises, in: app.db)
        }
    }
}
