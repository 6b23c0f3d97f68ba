import ForgeCoach
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

extension Membership {
    /// Adds a member with a password, an ingest token, Gym/Travel profiles and
    /// the starter plan (scale 1.0 for the first seat, 0.6 otherwise), in one
    /// transaction, and writes their `prefs.unit_load`: `unit`, else their
    /// active equipment profile's unit (issue 38: one unit per member, so an
    /// import, the API and forged's own words agree).
    /// - Throws: ``UserError`` for seat, email and name rules.
    @discardableResult
    package static func add(
        email: String, name: String, passwordHash: String?, unit: LoadUnit? = nil, now: Date, in db: Database
    ) throws -> User {
        try add(
            email: email, name: name, prefs: HouseholdSeed.memberPrefs, passwordHash: passwordHash, now: now, in: db
        ) {
            user, first, c in
            try HouseholdSeed.seedMember(
                user.id, scale: first ? StarterPlan.adminScale : StarterPlan.memberScale, now: now, in: c)
            try MemberLoadUnit.settle(userID: user.id, unit: unit, in: c)
        }
    }
}
