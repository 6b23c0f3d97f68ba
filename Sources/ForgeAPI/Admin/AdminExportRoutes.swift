import ForgeHTTP
import ForgeStore

/// `GET /api/admin/export`: the whole household as JSON
/// (``ForgeStore/HouseholdExport``; format in docs/export.md). Admin only.
enum AdminExportRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        // Reading the whole database runs as a job: no HTTP worker waits on it.
        router.raw(
            .GET, "/api/admin/export", "The whole household as one JSON document (secrets left out)",
            access: .admin, answers: HouseholdExport.Document.self
        ) { _, _ in
            StorageErrors.job { .wire(try HouseholdExport.document(app.db, now: app.clock.now())) }
        }
    }
}
