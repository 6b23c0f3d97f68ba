import ForgeCore
import ForgeStore
import Foundation

/// The one write path of `plans` and `plan_revisions` (docs/architecture.md §20):
/// the starter seed, the coach's proposals and decisions, the intake's goal and
/// the demo's generated year all write through these. Every call runs in the
/// caller's transaction (`Database.write`).
extension PlanStore {
    /// Creates the user's plan (one per user: `plans.user_id` is unique), status
    /// `active`, created at `createdAt` (a stored instant).
    /// - Returns: the plan id.
    /// - Throws: `DatabaseError` (a constraint error when the user has a plan).
    package static func create(userID: String, goal: String, createdAt: String, in db: Connection) throws -> String {
        let id = Identifier.make()
        try db.execute(
            "INSERT INTO plans (id, user_id, goal, status, created_at) VALUES (?, ?, ?, 'active', ?)",
            [id, userID, goal, createdAt])
        return id
    }

    /// The id of the user's plan, or nil when there is none.
    package static func planID(userID: String, in db: Connection) throws -> String? {
        try db.scalar("SELECT id FROM plans WHERE user_id = ?", [userID])
    }

    /// Sets the user's plan goal (no plan: nothing changes).
    package static func setGoal(userID: String, goal: String, in db: Connection) throws {
        try db.execute("UPDATE plans SET goal = ? WHERE user_id = ?", [goal, userID])
    }

    /// The number the plan's next revision gets: the highest so far + 1 (1 for none).
    package static func nextRevisionNumber(planID: String, in db: Connection) throws -> Int {
        (try db.scalar("SELECT MAX(num) FROM plan_revisions WHERE plan_id = ?", [planID]) as Int? ?? 0) + 1
    }

    /// Stores revision `num` of a plan: `status` is `proposed`, `active` or
    /// `superseded`, `content` the plan document (encoded by ``JSONColumn``),
    /// `createdAt` a stored instant. Other revisions are not touched
    /// (``supersede(planID:status:in:)``).
    /// - Parameter activatedAt: the stored instant the revision came into force; nil for one
    ///   never in force (a proposal). An `active` revision without one is in force from `createdAt`.
    /// - Returns: the revision id.
    @discardableResult
    package static func addRevision<Content: Encodable>(
        planID: String, num: Int, status: String, rationale: String, content: Content, createdAt: String,
        activatedAt: String? = nil, in db: Connection
    ) throws -> String {
        let id = Identifier.make()
        let activated = activatedAt ?? (status == "active" ? createdAt : nil)
        try db.execute(
            """
            INSERT INTO plan_revisions (id, plan_id, num, status, rationale, content, created_at, activated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, planID, num, status, rationale, try JSONColumn.text(content), createdAt, activated])
        return id
    }

    /// Puts revision `id` in force: status `active`, `activated_at` = `now` (the caller supersedes
    /// the revision it replaces).
    package static func activate(_ id: String, now: Date, in db: Connection) throws {
        try db.execute(
            "UPDATE plan_revisions SET status = 'active', activated_at = ? WHERE id = ?",
            [Instant.storage(now), id])
    }

    /// Every revision of the plan with `status` becomes `superseded`.
    package static func supersede(planID: String, status: String, in db: Connection) throws {
        try db.execute(
            "UPDATE plan_revisions SET status = 'superseded' WHERE plan_id = ? AND status = ?", [planID, status])
    }

    /// Sets the status of revision `id`.
    package static func setRevisionStatus(_ id: String, status: String, in db: Connection) throws {
        try db.execute("UPDATE plan_revisions SET status = ? WHERE id = ?", [status, id])
    }

    /// The revision `id` as stored, or nil.
    package static func revision(id: String, in db: Connection) throws -> PlanRevision? {
        try db.queryOne("SELECT * FROM plan_revisions WHERE id = ?", [id]).map(revision)
    }
}

extension PlanStore {
    /// Rule 1 of docs/contract.md §4.16 for stored revisions: every `active` or
    /// `proposed` revision whose rationale or content holds a literal `\uXXXX`
    /// escape is repaired (``TextRepair``) and rewritten. Call inside `Database.write`.
    /// - Returns: how many revisions were rewritten.
    package static func repairEscapes(in db: Connection) throws -> Int {
        let rows = try db.query(
            """
            SELECT id, rationale, content FROM plan_revisions WHERE status IN ('active', 'proposed')
            AND (instr(rationale, '\\u') > 0 OR instr(content, '\\u') > 0)
            """)
        for row in rows {
            try db.execute(
                "UPDATE plan_revisions SET rationale = ?, content = ? WHERE id = ?",
                [
                    try TextRepair.repair(column: "rationale", try row.get("rationale")),
                    try TextRepair.repair(column: "content", try row.get("content")), try row.get("id") as String,
                ])
        }
        return rows.count
    }
}
