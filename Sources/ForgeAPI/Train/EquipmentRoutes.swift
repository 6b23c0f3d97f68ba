import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// Equipment profiles (docs/contract.md §3.7): the household-shared one and the caller's own.
enum EquipmentRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/equipment", "Household-shared and own equipment profiles, with the active one",
            access: .member, answers: EquipmentList.self
        ) { _, principal in
            let (profiles, active) = try EquipmentProfiles.list(for: principal.caller.user, in: app.db)
            return EquipmentList(activeID: active?.id, profiles: profiles.map(EquipmentProfileWire.init))
        }
        router.route(
            .POST, "/api/equipment/active", "Switch the active equipment profile",
            access: .member, body: EquipmentActiveInput.self, answers: OK.self, errors: [404, 422]
        ) { request, principal in
            let id = try request.decode(EquipmentActiveInput.self).profileID
            try EquipmentProfiles.activate(id, userID: principal.caller.id, in: app.db)
            return OK()
        }
        router.route(
            .PATCH, "/api/equipment/:id",
            "Replace a profile's item list and/or describe its bar, plates and dumbbells in kg or lb (the demo cannot edit shared ones)",
            access: .member, body: EquipmentPatchInput.self, answers: OK.self, errors: [403, 404, 422]
        ) { request, principal in
            let input = try request.decode(EquipmentPatchInput.self)
            let caller = principal.caller
            try EquipmentProfiles.edit(
                request.parameter("id") ?? "", userID: caller.id, isDemo: caller.user.isDemo,
                items: input.items?.map { EquipmentItem(name: $0.name ?? "", available: $0.available ?? true) },
                loading: input.loading, in: app.db)
            return OK()
        }
    }
}
