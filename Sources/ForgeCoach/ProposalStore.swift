import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// A training plan revision as the coach writes and reads it (the same
/// row type as ``PlanStore``'s).
package typealias ProposalRevision = PlanRevision

/// Training plan proposals (docs/contract.md §3.13, §4.16): creating, listing and
/// deciding `proposed` revisions of the member's one plan. Every call runs in
/// the caller's transaction (`Database.write` for writes) and is scoped by
/// `user_id`: another member's revision is simply not found.
package enum ProposalStore {
    /// Why a decision was refused; nothing was written.
    package enum DecisionError: Error, Equatable, CustomStringConvertible {
        case notFound
        package var description: String { "proposal not found" }
    }

    /// The highest-numbered `proposed` revision of the member's plan, or nil.
    package static func pending(userID: String, in db: Connection) throws -> ProposalRevision? {
        try db.queryOne(
            """
            SELECT r.* FROM plan_revisions r JOIN plans p ON p.id = r.plan_id
            WHERE p.user_id = ? AND r.status = 'proposed' ORDER BY r.num DESC LIMIT 1
            """, [userID]
        ).map(revision)
    }

    /// Validates and stores a proposal for `member`: the validator sees the
    /// member's library, active equipment profile, niggles and active revision.
    /// Every other pending proposal is superseded (one pending at a time). With
    /// `prefs.coach_approval == "auto"` the revision is created `active` and the
    /// older active ones are superseded, in the same transaction.
    /// - Returns: the stored revision.
    /// - Throws: ``ProposalFailure`` (nothing written), `DatabaseError`.
    @discardableResult
    package static func propose(
        member: Member, content: JSONValue, rationale: String, now: Date,
        in db: Connection
    ) throws -> ProposalRevision {
        let validator = try validator(for: member, in: db)
        let (checked, text) = try validator.validate(content: content, rationale: rationale)
        let planID = try planID(for: member.id, now: now, in: db)
        let num = try PlanStore.nextRevisionNumber(planID: planID, in: db)
        try PlanStore.supersede(planID: planID, status: "proposed", in: db)
        if member.autoApprove { try PlanStore.supersede(planID: planID, status: "active", in: db) }
        let id = try PlanStore.addRevision(
            planID: planID, num: num, status: member.autoApprove ? "active" : "proposed", rationale: text,
            content: checked, createdAt: Instant.storage(now), in: db)
        return try PlanStore.revision(id: id, in: db)!
    }

    /// The validator for `member` as of now.
    package static func validator(for member: Member, in db: Connection) throws -> PlanProposalValidator {
        let library = try ExerciseCatalog.library(in: db)
        let profile = try EquipmentStore.active(userID: member.id, activeID: member.activeProfileID, in: db)
        return PlanProposalValidator(
            library: library,
            available: profile.map { Set($0.items.filter(\.available).map(\.name)) },
            niggles: try NiggleStore.all(userID: member.id, in: db),
            active: try PlanStore.active(userID: member.id, in: db)?.content,
            kit: profile?.kit)
    }

    /// Approves proposal `id`: every active revision of the plan becomes
    /// `superseded` and this one `active`, in force from `now`, atomically (caller's transaction).
    /// - Returns: the revision number.
    package static func approve(id: String, userID: String, now: Date, in db: Connection) throws -> Int {
        guard let row = try find(id: id, userID: userID, in: db) else { throw DecisionError.notFound }
        let planID: String = try row.get("plan_id")
        try PlanStore.supersede(planID: planID, status: "active", in: db)
        try PlanStore.activate(id, now: now, in: db)
        return try row.get("num")
    }

    /// Rejects proposal `id`: it becomes `superseded`; the active plan is untouched.
    package static func reject(id: String, userID: String, in db: Connection) throws {
        guard try find(id: id, userID: userID, in: db) != nil else { throw DecisionError.notFound }
        try PlanStore.setRevisionStatus(id, status: "superseded", in: db)
    }

    static func find(id: String, userID: String, in db: Connection) throws -> Row? {
        try db.queryOne(
            """
            SELECT r.id, r.plan_id, r.num FROM plan_revisions r JOIN plans p ON p.id = r.plan_id
            WHERE r.id = ? AND p.user_id = ? AND r.status = 'proposed'
            """, [id, userID])
    }

    static func planID(for userID: String, now: Date, in db: Connection) throws -> String {
        if let id = try PlanStore.planID(userID: userID, in: db) { return id }
        return try PlanStore.create(userID: userID, goal: "", createdAt: Instant.storage(now), in: db)
    }

    static func revision(_ row: Row) throws -> ProposalRevision { try PlanStore.revision(row) }
}
