import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// A stored equipment profile (docs/contract.md §3.7): a user's own or the household-shared one.
package struct EquipmentProfile: Sendable, Hashable {
    package let id: String
    package let userID: String?
    package let name: String
    package let shared: Bool
    package let barKg: Double
    package let platesKg: [Double]
    package let dbMaxKg: Double
    package let items: [EquipmentItem]
    /// The unit the bar, plates and dumbbells are marked in (issue 14); `kg` for §5.2's seeds.
    package let unit: LoadUnit
    /// The dumbbells owned, nil when not described.
    package let dumbbells: DumbbellSet?

    /// The bar and plates in the profile's unit.
    package var plates: PlateInventory { PlateInventory(unit: unit, barKg: barKg, platesKg: platesKg) }
    /// What the profile can load, for rounding computed loads.
    package var kit: LoadingKit { LoadingKit(unit: unit, plates: plates, dumbbells: dumbbells) }
}

/// The stored form of a ``DumbbellSet``, kg (canonical, docs/contract.md §1.3): exact
/// conversions of the profile's figures, re-read in its unit.
struct StoredDumbbells: Codable {
    var pairsKg: [Double]?
    var minKg: Double?
    var maxKg: Double?
    var stepKg: Double?

    enum CodingKeys: String, CodingKey {
        case pairsKg = "pairs_kg"
        case minKg = "min_kg"
        case maxKg = "max_kg"
        case stepKg = "step_kg"
    }

    init(_ set: DumbbellSet, unit: LoadUnit) {
        switch set {
        case .pairs(let w): pairsKg = w.map { unit.kg(steps: $0) }
        case .adjustable(let lo, let hi, let step):
            minKg = unit.kg(steps: lo)
            maxKg = unit.kg(steps: hi)
            stepKg = unit.kg(steps: step)
        }
    }

    func set(unit: LoadUnit) -> DumbbellSet? {
        if let pairsKg { return .pairs(pairsKg.map { unit.steps(kg: $0) }) }
        guard let minKg, let maxKg, let stepKg else { return nil }
        return .adjustable(min: unit.steps(kg: minKg), max: unit.steps(kg: maxKg), step: unit.steps(kg: stepKg))
    }
}

/// Reads and seeds `equipment_profiles`.
package enum EquipmentStore {
    /// Creates the household `Home` profile when no shared profile exists.
    package static func seedHousehold(now: Date, in db: Connection) throws {
        let shared: Int = try db.scalar("SELECT COUNT(*) FROM equipment_profiles WHERE shared = 1") ?? 0
        guard shared == 0 else { return }
        for seed in EquipmentProfileSeed.household {
            try insert(seed, userID: nil, now: now, in: db)
        }
    }

    /// Creates the user's `Gym` and `Travel` profiles when missing, adds any
    /// missing standard Gym items (as available) to every profile named `Gym`,
    /// and points `active_profile_id` at the Gym profile when it is unset.
    package static func seedUser(_ userID: String, now: Date, in db: Connection) throws {
        for seed in EquipmentProfileSeed.perUser {
            let exists: Int =
                try db.scalar(
                    "SELECT COUNT(*) FROM equipment_profiles WHERE user_id = ? AND name = ?",
                    [userID, seed.name]) ?? 0
            if exists == 0 { try insert(seed, userID: userID, now: now, in: db) }
        }
        if let gymSeed = EquipmentProfileSeed.perUser.first(where: { $0.name == "Gym" }) {
            for row in try db.query(
                "SELECT id, items FROM equipment_profiles WHERE user_id = ? AND name = 'Gym'", [userID])
            {
                var items = JSONColumn.decode([EquipmentItem].self, try row.get("items"), fallback: [])
                let missing = gymSeed.items.filter { item in !items.contains { $0.name == item.name } }
                guard !missing.isEmpty else { continue }
                items += missing.map { EquipmentItem(name: $0.name, available: true) }
                try db.execute(
                    "UPDATE equipment_profiles SET items = ? WHERE id = ?",
                    [try JSONColumn.text(items), try row.get("id") as String])
            }
        }
        try HouseholdStore.defaultActiveProfile(named: "Gym", userID: userID, in: db)
    }

    static func insert(_ seed: EquipmentProfileSeed, userID: String?, now: Date, in db: Connection) throws {
        try db.execute(
            """
            INSERT INTO equipment_profiles (id, user_id, name, shared, bar_kg, plates_kg, db_max_kg, items, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                Identifier.make(), userID, seed.name, seed.shared, seed.barKg, try JSONColumn.text(seed.platesKg),
                seed.dbMaxKg, try JSONColumn.text(seed.items), Instant.storage(now),
            ])
    }

    /// Profiles visible to the user: their own, then household-shared, each oldest first.
    package static func visible(to userID: String, in db: Connection) throws -> [EquipmentProfile] {
        try db.query(
            """
            SELECT * FROM equipment_profiles WHERE user_id = ? OR shared = 1
            ORDER BY shared, created_at, rowid
            """, [userID]
        ).map(profile)
    }

    /// The active profile (docs/contract.md §3.7): the user's `active_profile_id` if it
    /// still exists and is visible, else the first visible profile.
    package static func active(userID: String, activeID: String?, in db: Connection) throws -> EquipmentProfile? {
        let profiles = try visible(to: userID, in: db)
        return profiles.first { $0.id == activeID } ?? profiles.first
    }

    /// A member's load unit (issue 38): `prefs.unit_load` when it names one, else the unit of their active
    /// profile (what forged writes as `unit_load` for a member who never chose one), else nil (no profile).
    /// The one rule for imports and for the seats forged settles.
    package static func memberUnit(
        userID: String, prefs: [String: JSONValue], activeID: String?, in db: Connection
    ) throws -> LoadUnit? {
        if let text = prefs["unit_load"]?.stringValue, let unit = LoadUnit(rawValue: text) { return unit }
        return try active(userID: userID, activeID: activeID, in: db)?.unit
    }

    static func profile(_ row: Row) throws -> EquipmentProfile {
        let unit = LoadUnit(rawValue: try row.get("unit")) ?? .kg
        let dumbbells: String? = try row.optional("dumbbells")
        return EquipmentProfile(
            id: try row.get("id"), userID: try row.optional("user_id"), name: try row.get("name"),
            shared: try row.get("shared"), barKg: try row.get("bar_kg"),
            platesKg: JSONColumn.decode([Double].self, try row.get("plates_kg"), fallback: []),
            dbMaxKg: try row.get("db_max_kg"),
            items: JSONColumn.decode([EquipmentItem].self, try row.get("items"), fallback: []),
            unit: unit,
            dumbbells: dumbbells.flatMap {
                JSONColumn.decode(StoredDumbbells?.self, $0, fallback: nil)?.set(unit: unit)
            })
    }
}
