import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// Equipment profiles (API.md §3.7): the caller's own plus the household-shared one.
enum EquipmentRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/equipment", summary: "Own and household-shared equipment profiles, with the active one",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            .json(try app.db.read { db in
                let profiles = try EquipmentStore.visible(to: caller.id, in: db)
                let active = profiles.first { $0.id == caller.user.activeProfileID } ?? profiles.first
                return ["active_id": .stringOrNull(active?.id), "profiles": .array(try profiles.map { p in
                    ["id": .string(p.id), "name": .string(p.name), "shared": .bool(p.shared), "items": try .encoded(p.items),
                     "bar_kg": .double(p.barKg), "plates_kg": .array(p.platesKg.map(JSONValue.double)),
                     "db_max_kg": .double(p.dbMaxKg)]
                })]
            })
        })
        router.post("/api/equipment/active", summary: "Switch the active equipment profile",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let id = try JSONBody(object: request.jsonObject()).string("profile_id")
            try app.db.write { db in
                guard try EquipmentStore.visible(id, to: caller.id, in: db) != nil else { throw HTTPError(404, "profile not found") }
                try EquipmentStore.setActive(id, userID: caller.id, in: db)
            }
            return .json(JSONValue.object(["ok": true]))
        })
        router.patch("/api/equipment/:id", summary: "Replace a profile's item list (the demo cannot edit shared ones)",
                     tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            guard let list = body.object["items"]?.arrayValue else {
                throw ValidationFailure.error(loc: ["body", "items"], type: "list_type", msg: "Input should be a valid list",
                                              input: body.object["items"])
            }
            let items = try list.enumerated().map { i, v -> EquipmentItem in
                let item = JSONBody(object: v.objectValue ?? [:])
                guard v.objectValue != nil, let name = try? item.string("name"),
                      !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ValidationFailure.error(loc: ["body", "items", String(i), "name"], type: "missing",
                                                  msg: "Field required", input: v)
                }
                return EquipmentItem(name: name, available: try item.optionalBool("available") ?? true)
            }
            let id = request.parameter("id") ?? ""
            try app.db.write { db in
                guard let p = try EquipmentStore.visible(id, to: caller.id, in: db) else { throw HTTPError(404, "profile not found") }
                if p.shared, caller.user.isDemo { throw HTTPError(403, "the demo cannot edit shared equipment") }
                try EquipmentStore.setItems(items, profileID: p.id, in: db)
            }
            return .json(JSONValue.object(["ok": true]))
        })
    }
}
