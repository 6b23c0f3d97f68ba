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

extension ForgeApp {
    /// Wraps a handler for admins only: the session and same-origin checks of
    /// ``signedIn(_:)``, then 403 `admin only` for any other role.
    func adminOnly(_ handler: @escaping @Sendable (Request, Caller) throws -> Response) -> Handler {
        signedIn { request, caller in
            guard caller.user.isAdmin else { throw HTTPError(403, "admin only") }
            return try handler(request, caller)
        }
    }
}
