import ForgeHTTP

/// The admin area (docs/contract.md §3.18): every route is for `role == "admin"` only;
/// anyone else signed in (a member, the demo) gets 403 `admin only`.
enum AdminRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        AdminBackupRoutes.register(app, on: &router)
        AdminSettingsRoutes.register(app, on: &router)
        AdminUserRoutes.register(app, on: &router)
        AdminDemoRoutes.register(app, on: &router)
    }
}
