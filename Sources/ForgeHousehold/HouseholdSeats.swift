import ForgeCore
import ForgeStore
import Foundation

/// The household's seats as the admin manages them (docs/contract.md §3.18; issue 42): list the
/// members and change one's email or name. Adding a member is ``Membership/add(email:name:prefs:passwordHash:now:in:seed:)``.
/// Each call is one transaction.
package enum HouseholdSeats {
    /// The oldest admin seat, the household's security contact (RFC 9116); nil before there is one.
    package static func securityContact(in database: Database) throws -> User? {
        try database.read { db in try HouseholdStore.allUsers(db) }.first(where: \.isAdmin)
    }

    /// The member seats (the demo seat left out), oldest first.
    package static func members(in database: Database) throws -> [User] {
        try database.read { db in try HouseholdStore.allUsers(db) }.filter { !$0.isDemo }
    }

    /// Changes member `id`'s sign-in email and/or name (nil keeps each), checked in the contract's
    /// order: unknown (or demo) seat, email shape, name, then an email another seat uses.
    /// - Returns: the member as stored.
    /// - Throws: ``UserError`` (nothing written); storage errors.
    package static func update(id: String, email: String?, name: String?, in database: Database) throws -> User {
        try database.write { db in try HouseholdStore.updateMember(id: id, email: email, name: name, in: db) }
    }
}
