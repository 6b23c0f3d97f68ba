import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// Creating seats outside the startup procedure (`forged user add`, and the
/// admin route later): the seat plus everything a member owns from day one.
public enum Membership {
    /// Adds a member with a password, an ingest token, Gym/Travel profiles and
    /// the starter plan (scale 1.0 for the first seat, 0.6 otherwise), in one
    /// transaction.
    /// - Throws: ``UserError`` for seat, email and name rules.
    @discardableResult
    public static func add(email: String, name: String, passwordHash: String?, now: Date, in db: Database) throws -> User {
        try db.write { c in
            let first = try UserDirectory.all(c).filter { !$0.isDemo }.isEmpty
            let user = try UserDirectory.add(email: email, name: name, prefs: Seeder.memberPrefs,
                                             passwordHash: passwordHash, now: now, in: c)
            try IngestTokens.rotate(userID: user.id, now: now, in: c)
            try Seeder.seedMember(user.id, scale: first ? StarterPlan.adminScale : StarterPlan.memberScale, now: now, in: c)
            return user
        }
    }
}
