import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

extension EquipmentStore {
    /// The profile `id` when the user may see it (own or household-shared), else nil.
    public static func visible(_ id: String, to userID: String, in db: Connection) throws -> EquipmentProfile? {
        try db.queryOne("SELECT * FROM equipment_profiles WHERE id = ? AND (user_id = ? OR shared = 1)",
                        [id, userID]).map(profile)
    }

    /// Points the user's `active_profile_id` at `profileID` (already checked visible).
    public static func setActive(_ profileID: String, userID: String, in db: Connection) throws {
        try HouseholdStore.setActiveProfile(profileID, userID: userID, in: db)
    }

    /// Replaces a profile's item list wholesale.
    public static func setItems(_ items: [EquipmentItem], profileID: String, in db: Connection) throws {
        try db.execute("UPDATE equipment_profiles SET items = ? WHERE id = ?", [try JSONColumn.text(items), profileID])
    }
}
