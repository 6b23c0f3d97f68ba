import ForgeCore
import Foundation

/// A household seat. `role` is `admin`, `member` or `demo`.
public struct User: Sendable, Hashable {
    public let id: String
    public let email: String
    public let name: String
    public let role: String
    /// Bodyweight display unit, `kg` or `lb`.
    public let units: String
    /// Stored preferences (API.md §3.10), returned untouched.
    public let prefs: [String: JSONValue]
    public let activeProfileID: String?
    public let hasPassword: Bool
    /// Stored instant of creation; "oldest first" orders by it.
    public let createdAt: String

    public var isAdmin: Bool { role == "admin" }
    public var isDemo: Bool { role == "demo" }
}

/// Why a seat could not be created or changed. The API maps these to
/// 409/422 with the contract's details; the CLI prints them.
public enum UserError: Error, Equatable, CustomStringConvertible {
    case invalidEmail, nameRequired, bothSeatsTaken, emailInUse, unknownUser, passwordRequired

    public var description: String {
        switch self {
        case .invalidEmail: return "invalid email"
        case .nameRequired: return "name required"
        case .bothSeatsTaken: return "both seats are taken"
        case .emailInUse: return "email already in use"
        case .unknownUser: return "no such user"
        case .passwordRequired: return "password required"
        }
    }
}
