import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// What the coach needs to know about a household seat, read through
/// ``HouseholdStore`` (the owner of `users`).
package struct Member: Sendable, Hashable {
    package let id: String
    package let name: String
    /// `admin`, `member` or `demo`.
    package let role: String
    package let prefs: [String: JSONValue]
    package let activeProfileID: String?

    package init(id: String, name: String, role: String, prefs: [String: JSONValue], activeProfileID: String?) {
        self.id = id
        self.name = name
        self.role = role
        self.prefs = prefs
        self.activeProfileID = activeProfileID
    }

    package var isDemo: Bool { role == "demo" }

    /// `prefs.coach_approval == "auto"`: new proposals are activated at once.
    package var autoApprove: Bool { prefs["coach_approval"]?.stringValue == "auto" }

    /// The coach's view of a seat.
    package init(_ user: User) {
        self.init(
            id: user.id, name: user.name, role: user.role, prefs: user.prefs, activeProfileID: user.activeProfileID)
    }

    /// The member `id`, or nil.
    package static func find(_ id: String, in db: Connection) throws -> Member? {
        try HouseholdStore.user(id: id, in: db).map(Member.init)
    }

    /// Every seat, oldest first.
    package static func all(in db: Connection) throws -> [Member] {
        try HouseholdStore.allUsers(db).map(Member.init)
    }
}
