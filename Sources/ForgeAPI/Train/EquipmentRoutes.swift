import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/equipment` (API.md §3.7).
struct EquipmentList: Codable, Sendable {
    /// The active profile: the member's choice while it exists, else the first own profile.
    @Nullable var activeID: String?
    /// The household-shared profile first, then the member's own, each oldest first.
    let profiles: [EquipmentProfileWire]

    enum CodingKeys: String, CodingKey { case activeID = "active_id", profiles }
}

/// One equipment profile as the API shows it.
struct EquipmentProfileWire: Codable, Sendable {
    let id: String
    let name: String
    let shared: Bool
    let items: [EquipmentItemWire]
    /// Bar weight, kg.
    let barKg: Double
    /// Plate denominations, kg.
    let platesKg: [Double]
    /// Heaviest dumbbell, kg.
    let dbMaxKg: Double
}

/// `{ name, available }`.
struct EquipmentItemWire: Codable, Sendable {
    let name: String
    let available: Bool
}

/// `POST /api/equipment/active`: `{ profile_id }`.
struct EquipmentActiveInput: RequestInput {
    static var example: JSONValue? { ["profile_id": "0123456789abcdef0123456789abcdef"] }
    let profileID: String

    enum CodingKeys: String, CodingKey { case profileID = "profile_id" }

    func validate() throws { try Check.length(profileID, max: Bounds.label, "profile_id") }
}

/// `PATCH /api/equipment/{id}`: `{ items: { name: string, available?: boolean = true }[] }`,
/// replacing the list wholesale.
struct EquipmentItemsInput: RequestInput {
    static var example: JSONValue? { ["items": [["name": "Barbell"], ["name": "Dumbbells"]]] }
    let items: [EquipmentItemInput]

    /// The most items a profile may list.
    static let maxItems = 200

    func validate() throws {
        try Check.count(items, max: Self.maxItems, "items")
        for (i, item) in items.enumerated() {
            guard let name = item.name, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationFailure.error(loc: ["body", "items", .int(i), "name"], type: "missing",
                                              msg: "Field required", input: item.name.map(JSONValue.string))
            }
            try Check.length(name, max: Bounds.label, "items", .int(i), "name")
        }
    }
}

/// One item of ``EquipmentItemsInput``.
struct EquipmentItemInput: Decodable, Sendable {
    /// Required and not blank; at most ``Bounds/label`` characters.
    var name: String?
    /// Default true.
    var available: Bool?
}

/// Equipment profiles (API.md §3.7): the household-shared one and the caller's own.
enum EquipmentRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(.GET, "/api/equipment", "Household-shared and own equipment profiles, with the active one",
                     access: .member, answers: EquipmentList.self) { _, principal in
            let caller = principal.caller
            return try app.db.read { db in
                let profiles = try EquipmentStore.visible(to: caller.id, in: db)
                let active = try EquipmentStore.active(userID: caller.id, activeID: caller.user.activeProfileID, in: db)
                let listed = profiles.filter(\.shared) + profiles.filter { !$0.shared }
                return EquipmentList(activeID: active?.id, profiles: listed.map { p in
                    EquipmentProfileWire(id: p.id, name: p.name, shared: p.shared,
                                         items: p.items.map { EquipmentItemWire(name: $0.name, available: $0.available) },
                                         barKg: p.barKg, platesKg: p.platesKg, dbMaxKg: p.dbMaxKg)
                })
            }
        }
        router.route(.POST, "/api/equipment/active", "Switch the active equipment profile",
                     access: .member, body: EquipmentActiveInput.self, answers: OK.self, errors: [404, 422]) { request, principal in
            let id = try request.decode(EquipmentActiveInput.self).profileID
            try app.db.write { db in
                guard try EquipmentStore.visible(id, to: principal.caller.id, in: db) != nil else {
                    throw HTTPError(404, "profile not found")
                }
                try EquipmentStore.setActive(id, userID: principal.caller.id, in: db)
            }
            return OK()
        }
        router.route(.PATCH, "/api/equipment/:id", "Replace a profile's item list (the demo cannot edit shared ones)",
                     access: .member, body: EquipmentItemsInput.self, answers: OK.self, errors: [403, 404, 422]) { request, principal in
            let input = try request.decode(EquipmentItemsInput.self)
            let items = input.items.map { EquipmentItem(name: $0.name ?? "", available: $0.available ?? true) }
            let id = request.parameter("id") ?? ""
            let caller = principal.caller
            try app.db.write { db in
                guard let p = try EquipmentStore.visible(id, to: caller.id, in: db) else { throw HTTPError(404, "profile not found") }
                if p.shared, caller.user.isDemo { throw HTTPError(403, "the demo cannot edit shared equipment") }
                try EquipmentStore.setItems(items, profileID: p.id, in: db)
            }
            return OK()
        }
    }
}
