import ForgeHTTP

/// Every route of the server, registered in one place. The OpenAPI document,
/// the auth-wall test and the access log all walk this table.
enum RouteTable {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        HTTPMappedErrors.register(on: &router)
        StorageErrors.register(on: &router)
        SystemRoutes.register(app, on: &router)
        AuthRoutes.register(app, on: &router)
        TodayRoutes.register(app, on: &router)
        WeekRoutes.register(app, on: &router)
        ExerciseRoutes.register(app, on: &router)
        TrainRoutes.register(app, on: &router)
        FoodWeekRoutes.register(app, on: &router)
        RecipeRoutes.register(app, on: &router)
        FoodReferenceRoutes.register(app, on: &router)
        MealLogRoutes.register(app, on: &router)
        FoodWeekSlotRoutes.register(app, on: &router)
        FoodProposalRoutes.register(app, on: &router)
        ShoppingRoutes.register(app, on: &router)
        MediaRoutes.register(app, on: &router)
        AdminRecipeRoutes.register(app, on: &router)
        AdminRoutes.register(app, on: &router)
        AdminExportRoutes.register(app, on: &router)
        RecipeImportRoutes.register(app, on: &router)
        MCPRoutes.register(app, on: &router)
        OAuthRoutes.register(app, on: &router)
        CoachRoutes.register(app, on: &router)
        IngestRoutes.register(app, on: &router)
        ConnectionRoutes.register(app, on: &router)
        PushRoutes.register(app, on: &router)
        WithingsRoutes.register(app, on: &router)
        SecurityTxtRoutes.register(app, on: &router)
        SessionImportRoutes.register(app, on: &router)
        ImportRoutes.register(app, on: &router)
        KitchenRoutes.register(app, on: &router)
        TimerRoutes.register(app, on: &router)
        CookSessionRoutes.register(app, on: &router)
        EventRoutes.register(app, on: &router)
        DisplayGate.register(on: &router)
        SystemRoutes.registerOpenAPI(app, on: &router)
    }
}
