import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

extension EquipmentStore {
    /// The profile `id` when the user may see it (own or household-shared), else nil.
    package static func visible(_ id: String, to userID: String, in db: Connection) throws -> EquipmentProfile? {
        try db.queryOne(
            "SELECT * FROM equipment_profiles WHERE id = ? AND (user_id = ? OR shared = 1)",
            [id, userID]
        ).map(profile)
    }

    /// Points the user's `active_profile_id` at `profileID` (already checked visible).
    package static func setActive(_ profileID: String, userID: String, in db: Connection) throws {
        try HouseholdStore.setActiveProfile(profileID, userID: userID, in: db)
    }

    /// Replaces a profile's item list wholesale.
    package static func setItems(_ items: [EquipmentItem], profileID: String, in db: Connection) throws {
        try db.execute("UPDATE equipment_profiles SET items = ? WHERE id = ?", [try JSONColumn.text(items), profileID])
    }

    /// Rewrites a profile's loading description (issue 14): `unit`, the bar
    /// and plates (steps of `unit`, stored as exact kg conversions in
    /// `bar_kg`/`plates_kg`, largest plate first) and the dumbbells (nil = not
    /// described; `db_max_kg` becomes the heaviest one, else stays as it was).
    package static func setLoading(
        unit: LoadUnit, plates: PlateInventory, dumbbells: DumbbellSet?,
        profileID: String, in db: Connection
    ) throws {
        let stored = try dumbbells.map { try JSONColumn.text(StoredDumbbells($0, unit: unit)) }
        let heaviest = dumbbells?.weights.last.map { unit.kg(steps: $0) }
        try db.execute(
            """
            UPDATE equipment_profiles SET unit = ?, bar_kg = ?, plates_kg = ?, dumbbells = ?, db_max_kg = COALESCE(?, db_max_kg)
            WHERE id = ?
            """,
            [
                unit.rawValue, unit.kg(steps: plates.bar),
                try JSONColumn.text(plates.plates.map { unit.kg(steps: $0) }),
                stored, heaviest, profileID,
            ])
    }
}
