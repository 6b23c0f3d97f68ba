/// One item of an equipment profile: a name that exercises' `equipment`
/// lists refer to, and whether it is available.
package struct EquipmentItem: Codable, Sendable, Hashable {
    package var name: String
    package var available: Bool

    package init(name: String, available: Bool) {
        self.name = name
        self.available = available
    }
}

/// A seeded equipment profile (docs/contract.md §5.2): `Gym` and `Travel` are created
/// for each user, `Home` once for the household (`shared`).
package struct EquipmentProfileSeed: Codable, Sendable, Hashable {
    package var name: String
    /// True for the household-shared profile (`scope: "shared"` in the asset).
    package var shared: Bool
    /// Bar weight, kg (0 = no barbell, as the seeded Travel and Home).
    package var barKg: Double
    /// Plate denominations available per side, kg, largest first.
    package var platesKg: [Double]
    /// Heaviest dumbbell, kg; informational only.
    package var dbMaxKg: Double
    /// Items in display order.
    package var items: [EquipmentItem]

    package init(
        name: String, shared: Bool, barKg: Double, platesKg: [Double], dbMaxKg: Double,
        items: [EquipmentItem]
    ) {
        self.name = name
        self.shared = shared
        self.barKg = barKg
        self.platesKg = platesKg
        self.dbMaxKg = dbMaxKg
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case name, scope, items
        case barKg = "bar_kg"
        case platesKg = "plates_kg"
        case dbMaxKg = "db_max_kg"
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        shared = try c.decode(String.self, forKey: .scope) == "shared"
        barKg = try c.decode(Double.self, forKey: .barKg)
        platesKg = try c.decode([Double].self, forKey: .platesKg)
        dbMaxKg = try c.decode(Double.self, forKey: .dbMaxKg)
        items = try c.decode([EquipmentItem].self, forKey: .items)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(shared ? "shared" : "user", forKey: .scope)
        try c.encode(barKg, forKey: .barKg)
        try c.encode(platesKg, forKey: .platesKg)
        try c.encode(dbMaxKg, forKey: .dbMaxKg)
        try c.encode(items, forKey: .items)
    }

    /// The three seeded profiles in order: Gym, Travel (per user), Home (shared).
    package static let all: [EquipmentProfileSeed] = SeedAsset.decode([EquipmentProfileSeed].self, "equipment.json")

    /// The seeded profiles created for each user (not shared).
    package static var perUser: [EquipmentProfileSeed] { all.filter { !$0.shared } }

    /// The seeded household-shared profiles.
    package static var household: [EquipmentProfileSeed] { all.filter(\.shared) }
}
