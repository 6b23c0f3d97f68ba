import ForgeHTTP

/// The training area's routes beyond Today, Week and the exercise library:
/// sessions, sets, history, records, progress and the member's own
/// training data (API.md §3.2–§3.12).
enum TrainRoutes {
    static func register(_ app: ForgeApp, on router: inout Router) {
        SessionRoutes.register(app, on: &router)
        SetRoutes.register(app, on: &router)
        HistoryRoutes.register(app, on: &router)
        ProgressRoutes.register(app, on: &router)
    }
}
