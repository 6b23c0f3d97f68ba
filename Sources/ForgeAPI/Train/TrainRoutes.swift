import ForgeHTTP

/// The training area's routes beyond Today, Week and the exercise library:
/// sessions, sets, history, records, progress and the member's own
/// training data (docs/contract.md §3.2–§3.12).
enum TrainRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        SessionRoutes.register(app, on: &router)
        SetRoutes.register(app, on: &router)
        HistoryRoutes.register(app, on: &router)
        ProgressRoutes.register(app, on: &router)
        EquipmentRoutes.register(app, on: &router)
        NiggleRoutes.register(app, on: &router)
        LabRoutes.register(app, on: &router)
        BodyRoutes.register(app, on: &router)
        PlanItemRoutes.register(app, on: &router)
        AlternativeRoutes.register(app, on: &router)
        ExportRoutes.register(app, on: &router)
        DashboardRoutes.register(app, on: &router)
        ExerciseMediaRoutes.register(app, on: &router)
    }
}
