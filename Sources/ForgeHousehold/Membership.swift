import ForgeCore
import ForgeStore
import Foundation

/// Creating seats outside the startup procedure (`forged user add`, the
/// admin route): the seat, its ingest token, and whatever a member owns from
/// day one, in one transaction. What a member owns (profiles, a starter plan)
/// belongs to the domain modules, so the caller passes it in as `seed`.
package enum Membership {
    /// Adds a member seat with `prefs`, a password hash (or none) and an
    /// ingest token, then runs `seed(user, isFirst, connection)` in the same
    /// transaction; `isFirst` is true when no other non-demo seat existed.
    /// - Returns: the stored user.
    /// - Throws: ``UserError`` for seat, email and name rules (nothing is
    ///   written); whatever `seed` throws (the transaction rolls back).
    @discardableResult
    package static func add(
        email: String, name: String, prefs: [String: JSONValue], passwordHash: String?,
        now: Date, in db: Database,
        seed: (User, _ isFirst: Bool, Connection) throws -> Void
    ) throws -> User {
        try db.write { c in
            let first = try HouseholdStore.memberCount(c) == 0
            let user = try HouseholdStore.addUser(
                email: email, name: name, prefs: prefs,
                passwordHash: passwordHash, now: now, in: c)
            try HouseholdStore.rotateIngestToken(userID: user.id, now: now, in: c)
            try seed(user, first, c)
            return user
        }
    }
}
