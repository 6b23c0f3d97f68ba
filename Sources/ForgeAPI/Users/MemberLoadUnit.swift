import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain

/// One load unit per member (issue 38): every seat forged creates gets `prefs.unit_load`, so the API,
/// the app, imports and forged's own words read loads alike (the contract reads an absent one as lb).
enum MemberLoadUnit {
    /// Writes `unit` as the seat's `prefs.unit_load`, or, with no `unit`, the unit of its active
    /// equipment profile when it has no `unit_load` yet (a member's own choice is never overwritten).
    /// Runs in the caller's transaction.
    /// - Throws: ``UserError/unknownUser`` when no seat has `userID`; database errors.
    static func settle(userID: String, unit: LoadUnit? = nil, in c: Connection) throws {
        if let unit {
            try HouseholdStore.updatePrefs(merge: ["unit_load": .string(unit.rawValue)], userID: userID, in: c)
            return
        }
        guard let user = try HouseholdStore.user(id: userID, in: c), user.prefs["unit_load"] == nil,
            let profile = try EquipmentStore.active(userID: userID, activeID: user.activeProfileID, in: c)
        else { return }
        try HouseholdStore.updatePrefs(merge: ["unit_load": .string(profile.unit.rawValue)], userID: userID, in: c)
    }
}
