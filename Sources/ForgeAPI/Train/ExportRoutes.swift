import ForgeCoach
import ForgeHTTP

/// `GET /api/export` (docs/contract.md §3.12): everything the caller owns, nothing else
/// (``ExportView``).
enum ExportRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/export", "The caller's own data as JSON",
            access: .member, answers: ExportDocument.self
        ) { _, principal in
            try ExportView.export(of: principal.caller.user, in: app.db)
        }
    }
}
