import ForgeCore
import ForgeStore
import Foundation

/// What the coach needs to know about a household seat: read straight from
/// `users`, so the coach module does not depend on the HTTP layer.
public struct Member: Sendable, Hashable {
    public let id: String
    public let name: String
    /// `admin`, `member` or `demo`.
    public let role: String
    public let prefs: [String: JSONValue]
    public let activeProfileID: String?

    public init(id: String, name: String, role: String, prefs: [String: JSONValue], activeProfileID: String?) {
        self.id = id; self.name = name; self.role = role; self.prefs = prefs; self.activeProfileID = activeProfileID
    }

    public var isDemo: Bool { role == "demo" }

    /// `prefs.coach_approval == "auto"`: new proposals are activated at once.
    public var autoApprove: Bool { prefs["coach_approval"]?.stringValue == "auto" }

    /// The member `id`, or nil.
    public static func find(_ id: String, in db: Connection) throws -> Member? {
        try db.queryOne("SELECT id, name, role, prefs, active_profile_id FROM users WHERE id = ?", [id]).map(member)
    }

    /// Every seat, oldest first.
    public static func all(in db: Connection) throws -> [Member] {
        try db.query("SELECT id, name, role, prefs, active_profile_id FROM users ORDER BY created_at, rowid").map(member)
    }

    static func member(_ row: Row) throws -> Member {
        let prefsText: String = try row.get("prefs")
        let prefs = (try? JSONCoding.decode([String: JSONValue].self, from: Data(prefsText.utf8))) ?? [:]
        return Member(id: try row.get("id"), name: try row.get("name"), role: try row.get("role"),
                      prefs: prefs, activeProfileID: try row.optional("active_profile_id"))
    }
}
