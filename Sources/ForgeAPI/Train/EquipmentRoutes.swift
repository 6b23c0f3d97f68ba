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
            let caller = principal.caller
            return try app.db.read { db in
                let profiles = try EquipmentStore.visible(to: caller.id, in: db)
                let active = try EquipmentStore.active(userID: caller.id, activeID: caller.user.activeProfileID, in: db)
                let listed = profiles.filter(\.shared) + profiles.filter { !$0.shared }
                return EquipmentList(activeID: active?.id, profiles: listed.map(EquipmentProfileWire.init))
            }
        }
        router.route(
            .POST, "/api/equipment/active", "Switch the active equipment profile",
            access: .member, body: EquipmentActiveInput.self, answers: OK.self, errors: [404, 422]
        ) { request, principal in
            let id = try request.decode(EquipmentActiveInput.self).profileID
            try app.db.write { db in
                guard try EquipmentStore.visible(id, to: principal.caller.id, in: db) != nil else {
                    throw HTTPError(404, "profile not found")
                }
                try EquipmentStore.setActive(id, userID: principal.caller.id, in: db)
            }
            return OK()
        }
        router.route(
            .PATCH, "/api/equipment/:id",
            "Replace a profile's item list and/or describe its bar, plates and dumbbells in kg or lb (the demo cannot edit shared ones)",
            access: .member, body: EquipmentPatchInput.self, answers: OK.self, errors: [403, 404, 422]
        ) { request, principal in
            let input = try request.decode(EquipmentPatchInput.self)
            let id = request.parameter("id") ?? ""
            let caller = principal.caller
            try app.db.write { db in
                guard let p = try EquipmentStore.visible(id, to: caller.id, in: db) else {
                    throw HTTPError(404, "profile not found")
                }
                if p.shared, caller.user.isDemo { throw HTTPError(403, "the demo cannot edit shared equipment") }
                if input.changesLoading { try setLoading(input, on: p, in: db) }
                if let items = input.items {
                    try EquipmentStore.setItems(
                        items.map { EquipmentItem(name: $0.name ?? "", available: $0.available ?? true) },
                        profileID: p.id, in: db)
                }
            }
            return OK()
        }
    }

    /// Applies `unit`/`bar`/`plates`/`dumbbells` to `p`; what is not given is
    /// kept. Changing the unit re-describes the profile, so every figure it
    /// already has (a bar, plates, dumbbells) must be given in the new unit:
    /// 422 naming the first missing one otherwise (nothing written).
    static func setLoading(_ input: EquipmentPatchInput, on p: EquipmentProfile, in db: Connection) throws {
        let unit = input.unit.flatMap(LoadUnit.init(rawValue:)) ?? p.unit
        if unit != p.unit {
            let missing = [
                ("bar", p.barKg > 0 && input.bar == nil), ("plates", !p.platesKg.isEmpty && input.plates == nil),
                ("dumbbells", p.dumbbells != nil && input.dumbbells == nil),
            ].first { $0.1 }
            if let (field, _) = missing {
                throw ValidationFailure.error(
                    loc: ["body", field], type: "missing",
                    msg: "Field required when unit changes: give \(field) in \(unit.rawValue)", input: nil)
            }
        }
        let old = p.plates
        let bar = input.bar.map(unit.steps(value:)) ?? old.bar
        let plates = input.plates.map { $0.map(unit.steps(value:)) } ?? old.plates
        let dumbbells = input.dumbbells.map { $0.set(unit: unit) } ?? p.dumbbells
        try EquipmentStore.setLoading(
            unit: unit, plates: PlateInventory(unit: unit, bar: bar, plates: plates),
            dumbbells: dumbbells, profileID: p.id, in: db)
    }
}
