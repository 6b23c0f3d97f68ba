import ForgeCore
import ForgeStore
import Foundation

/// Who may sign in and how a sign-in is kept (docs/contract.md §3.1; issue 42): the seats, a
/// member's stored credentials, and the sessions behind the cookie. The password check itself
/// (libsodium's Argon2id) and the throttling stay with the HTTP layer's authenticator, which
/// calls these. Each call is one transaction.
package enum SignIns {
    /// Every seat, the demo's included, oldest first.
    package static func seats(in database: Database) throws -> [User] {
        try database.read { db in try HouseholdStore.allUsers(db) }
    }

    /// The seat signing in with `email` (already normalised), or nil.
    package static func seat(email: String, in database: Database) throws -> User? {
        try database.read { db in try HouseholdStore.user(email: email, in: db) }
    }

    /// The seat signing in with `email` and its password hash (nil when it has none), or nil.
    package static func credentials(email: String, in database: Database) throws -> (
        user: User, passwordHash: String?
    )? {
        try database.read { db in
            guard let user = try HouseholdStore.user(email: email, in: db) else { return nil }
            return (user, try HouseholdStore.passwordHash(userID: user.id, in: db))
        }
    }

    /// The member `userID`'s password hash, or nil when they have none.
    package static func passwordHash(userID: String, in database: Database) throws -> String? {
        try database.read { db in try HouseholdStore.passwordHash(userID: userID, in: db) }
    }

    /// The member `userID` and their password hash now (a session held in memory is valid only
    /// while the hash it was made with still is).
    /// - Throws: ``SignInError/unknownUser`` when the seat is gone; storage errors.
    package static func member(_ userID: String, in database: Database) throws -> (user: User, passwordHash: String?) {
        try database.read { db in
            guard let user = try HouseholdStore.user(id: userID, in: db) else { throw SignInError.unknownUser(userID) }
            return (user, try HouseholdStore.passwordHash(userID: user.id, in: db))
        }
    }

    /// The member behind the session `token` and when it expires.
    /// - Throws: ``SignInError/invalidSession`` for a token unknown, expired or revoked;
    ///   ``SignInError/unknownUser`` when its member no longer exists; storage errors.
    package static func session(token: String, now: Date, in database: Database) throws -> (
        user: User, expires: Date
    ) {
        try database.read { db in
            guard let session = try HouseholdStore.session(token: token, now: now, in: db) else {
                throw SignInError.invalidSession
            }
            guard let user = try HouseholdStore.user(id: session.userID, in: db) else {
                throw SignInError.unknownUser(session.userID)
            }
            return (user, session.expires)
        }
    }

    /// A new session for `userID`, stamped `now`.
    /// - Returns: the raw token for the cookie (only its hash is stored).
    package static func startSession(userID: String, now: Date, in database: Database) throws -> String {
        try database.write { db in try HouseholdStore.createSession(userID: userID, now: now, in: db) }
    }

    /// Revokes the session behind `token` (sign-out).
    package static func endSession(token: String, in database: Database) throws {
        try database.write { db in try HouseholdStore.revokeSession(token: token, in: db) }
    }
}

/// Why a sign-in is refused.
package enum SignInError: Error, Sendable, Equatable {
    /// The session token is unknown, expired or revoked.
    case invalidSession
    /// The session's member no longer exists (their id, for the debug log).
    case unknownUser(String?)
}
