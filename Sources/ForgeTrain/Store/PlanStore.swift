import ForgeCore
import ForgeStore
import Foundation

/// A plan revision (docs/contract.md §4.16): numbered, `proposed`, `active` or `superseded`.
package struct PlanRevision: Sendable {
    package let id: String
    package let num: Int
    package let status: String
    package let rationale: String
    package let content: PlanContent
    package let createdAt: String
}

/// Reads and seeds training plans and their revisions; the writes are in `PlanStore+Writes.swift`.
package enum PlanStore {
    /// Creates the starter plan (revision 1, active) at `scale` unless the
    /// user already has a plan. Returns true when one was created.
    @discardableResult
    package static func seedStarter(userID: String, scale: Double, now: Date, in db: Connection) throws -> Bool {
        let existing: Int = try db.scalar("SELECT COUNT(*) FROM plans WHERE user_id = ?", [userID]) ?? 0
        guard existing == 0 else { return false }
        let planID = try create(userID: userID, goal: StarterPlan.goal, createdAt: Instant.storage(now), in: db)
        try addRevision(
            planID: planID, num: 1, status: "active", rationale: StarterPlan.rationale,
            content: StarterPlan.content(scale: scale), createdAt: Instant.storage(now), in: db)
        return true
    }

    /// The user's active revision: the highest-numbered `active` one, or nil.
    package static func active(userID: String, in db: Connection) throws -> PlanRevision? {
        try db.queryOne(
            """
            SELECT r.* FROM plan_revisions r JOIN plans p ON p.id = r.plan_id
            WHERE p.user_id = ? AND r.status = 'active' ORDER BY r.num DESC LIMIT 1
            """, [userID]
        ).map(revision)
    }

    /// Every revision of the user's plan that has been in force, by when it came into force
    /// (`activated_at`, oldest first): the one in force at an instant is the last activated at or
    /// before it. A proposal never approved is not listed.
    package static func inForce(
        userID: String, in db: Connection
    ) throws -> [(activatedAt: Date, revision: PlanRevision)] {
        try db.query(
            """
            SELECT r.* FROM plan_revisions r JOIN plans p ON p.id = r.plan_id
            WHERE p.user_id = ? AND r.activated_at IS NOT NULL ORDER BY r.activated_at, r.num
            """, [userID]
        ).map { row in (try row.get("activated_at"), try revision(row)) }
    }

    /// Decoded plan contents by stored text (revisions are read on every Today/Week request).
    static let contents = DecodeCache<PlanContent>()

    /// A `plan_revisions` row (content decoded once per distinct text).
    package static func revision(_ row: Row) throws -> PlanRevision {
        PlanRevision(
            id: try row.get("id"), num: try row.get("num"), status: try row.get("status"),
            rationale: try row.get("rationale"),
            content: contents.value(for: try row.get("content")) ?? PlanContent(days: [:]),
            createdAt: try row.get("created_at"))
    }
}
