import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// `GET/PUT /api/admin/settings` (docs/contract.md §3.18, §4.25).
enum AdminSettingsRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/admin/settings", "The seven app-managed settings, secrets masked", access: .admin,
            answers: AdminSettings.self
        ) { _, _ in
            try AdminSettings(try app.db.read { try AppSettings.report(in: $0) })
        }
        router.route(
            .PUT, "/api/admin/settings", "Store or clear app-managed setting overrides", access: .admin,
            body: AdminSettingsInput.self, answers: AdminSettings.self, errors: [422]
        ) { request, _ in
            let input = try request.decode(AdminSettingsInput.self)
            let now = app.clock.now()
            let report = try app.db.write { c in
                try AppSettings.apply(input.resolved, now: now, in: c)
                return try AppSettings.report(in: c)
            }
            return try AdminSettings(report)
        }
    }
}
