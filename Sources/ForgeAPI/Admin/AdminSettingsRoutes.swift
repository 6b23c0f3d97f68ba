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
            try AdminSettings(try HouseholdSettings.settings(in: app.db))
        }
        router.route(
            .PUT, "/api/admin/settings", "Store or clear app-managed setting overrides", access: .admin,
            body: AdminSettingsInput.self, answers: AdminSettings.self, errors: [422]
        ) { request, _ in
            let input = try request.decode(AdminSettingsInput.self)
            return try AdminSettings(
                try HouseholdSettings.applySettings(input.resolved, now: app.clock.now(), in: app.db))
        }
    }
}
