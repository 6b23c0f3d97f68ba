import ForgeCore
import ForgeStore
import Foundation

/// A member's own preferences (docs/contract.md §3.9 `PATCH /api/prefs`; issue 42): a shallow
/// merge of `prefs` and, optionally, the bodyweight unit, in one transaction.
package enum MemberPreferences {
    /// Merges `patch` into the member's prefs (``HouseholdStore/updatePrefs(merge:userID:in:)``'s
    /// rule) and sets the bodyweight unit when `units` is `kg` or `lb` (anything else keeps it).
    /// - Returns: the stored prefs after the merge and the bodyweight unit in force.
    /// - Throws: ``MemberPreferencesError/unknownMember`` when the seat is gone; storage errors.
    package static func update(
        merge patch: [String: JSONValue], units: String?, userID: String, in database: Database
    ) throws -> (prefs: [String: JSONValue], units: String) {
        try database.write { db in
            guard let user = try HouseholdStore.user(id: userID, in: db) else {
                throw MemberPreferencesError.unknownMember
            }
            let prefs = try HouseholdStore.updatePrefs(merge: patch, userID: user.id, in: db)
            guard let units, units == "kg" || units == "lb" else { return (prefs, user.units) }
            try HouseholdStore.setUnits(units, userID: user.id, in: db)
            return (prefs, units)
        }
    }
}

/// Why a preferences change wrote nothing.
package enum MemberPreferencesError: Error, Sendable, Equatable {
    /// The signed-in seat no longer exists.
    case unknownMember
}
