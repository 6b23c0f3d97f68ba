import ForgeCore
import Foundation

/// A household seat as ``HouseholdStore`` reads it from `users`.
package struct User: Sendable, Hashable {
    /// Opaque identifier (``Identifier/make()``).
    package let id: String
    /// Sign-in email, lower-cased and trimmed.
    package let email: String
    /// Display name, trimmed, never empty.
    package let name: String
    /// `admin`, `member` or `demo`.
    package let role: String
    /// Bodyweight display unit, `kg` or `lb`.
    package let units: String
    /// Stored preferences (docs/contract.md §3.10), returned untouched.
    package let prefs: [String: JSONValue]
    /// The equipment profile the member trains with, when one is set.
    package let activeProfileID: String?
    /// Whether a password hash is stored (a seat may sign in by other means until then).
    package let hasPassword: Bool
    /// Stored instant of creation; "oldest first" orders by it.
    package let createdAt: String

    /// `role == "admin"`.
    package var isAdmin: Bool { role == "admin" }
    /// `role == "demo"`: the throwaway seat (docs/contract.md §1.8).
    package var isDemo: Bool { role == "demo" }
}

/// Why a seat could not be created or changed. The API maps these to
/// 404/409/422 with the contract's details; the CLI prints them.
package enum UserError: Error, Equatable, CustomStringConvertible {
    /// The email does not have the shape `local@domain.tld`.
    case invalidEmail
    /// The name is empty after trimming.
    case nameRequired
    /// Both member seats (admin and member) are taken.
    case bothSeatsTaken
    /// Another seat signs in with this email.
    case emailInUse
    /// No seat has the id (or the seat may not be changed this way).
    case unknownUser
    /// A password is needed and none was given.
    case passwordRequired
    /// A bodyweight unit other than `kg` or `lb`.
    case invalidUnits

    /// The contract's detail text.

    package var description: String {
        switch self {
        case .invalidEmail: return "invalid email"
        case .nameRequired: return "name required"
        case .bothSeatsTaken: return "both seats are taken"
        case .emailInUse: return "email already in use"
        case .unknownUser: return "no such user"
        case .passwordRequired: return "password required"
        case .invalidUnits: return "units must be kg or lb"
        }
    }
}
