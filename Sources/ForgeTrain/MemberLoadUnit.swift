import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// One load unit per member (issue 38): every seat forged creates gets `prefs.unit_load`, so the API,
/// the app, imports and forged's own words read loads alike (the contract reads an absent one as lb).
/// Seats stored before that get it once, at the first start after the upgrade (``settleOnce(now:in:)``).
package enum MemberLoadUnit {
    /// The `seed_marks` asset that records the one-time fill.
    static let asset = "unit_load"
    /// The mark's digest: the SHA-256 of the step's name (the step runs once, whatever forged's version).
    static let digest = SeedMarks.digest(Data("unit_load: from the active equipment profile (issue 38)".utf8))

    /// Once per database: writes `unit_load` for every seat that has none (``settle(userID:unit:in:)``),
    /// then marks it done, so a member who later removes theirs is not given one again. Runs in the
    /// caller's transaction (the seeder's).
    /// - Returns: how many seats gained a unit (0 once done).
    @discardableResult
    package static func settleOnce(now: Date, in c: Connection) throws -> Int {
        guard try SeedMarks.keys(asset: asset, digest: digest, in: c) == nil else { return 0 }
        var settled = 0
        for user in try HouseholdStore.allUsers(c) where try settle(userID: user.id, in: c) { settled += 1 }
        try SeedMarks.record(asset: asset, digest: digest, keys: [], now: now, in: c)
        return settled
    }

    /// Writes `unit` as the seat's `prefs.unit_load`, or, with no `unit`, the unit of its active
    /// equipment profile when it has no `unit_load` yet (a member's own choice is never overwritten;
    /// ``EquipmentStore/memberUnit(userID:prefs:activeID:in:)``). Runs in the caller's transaction.
    /// - Returns: whether it wrote a unit (false: the seat has one, or no profile, or no seat has `userID`).
    /// - Throws: ``UserError/unknownUser`` when `unit` is given and no seat has `userID`; database errors.
    @discardableResult
    package static func settle(userID: String, unit: LoadUnit? = nil, in c: Connection) throws -> Bool {
        if let unit {
            try HouseholdStore.updatePrefs(merge: ["unit_load": .string(unit.rawValue)], userID: userID, in: c)
            return true
        }
        guard let user = try HouseholdStore.user(id: userID, in: c), user.prefs["unit_load"] == nil,
            let found = try EquipmentStore.memberUnit(
                userID: userID, prefs: user.prefs, activeID: user.activeProfileID, in: c)
        else { return false }
        try HouseholdStore.updatePrefs(merge: ["unit_load": .string(found.rawValue)], userID: userID, in: c)
        return true
    }
}
