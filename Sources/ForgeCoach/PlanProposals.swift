import ForgeCore
import ForgeStore
import Foundation

/// A member's decisions on the coach's training proposals (docs/contract.md §3.6, §4.16;
/// issue 42): read the pending one, approve or reject it. Each call is one transaction.
package enum PlanProposals {
    /// The member's pending proposal (the highest-numbered `proposed` revision), or nil.
    package static func pending(userID: String, in database: Database) throws -> ProposalRevision? {
        try database.read { db in try ProposalStore.pending(userID: userID, in: db) }
    }

    /// Approves proposal `id`: it becomes the plan in force from `now` (its `activated_at`).
    /// - Returns: the activated revision's number.
    /// - Throws: ``ProposalStore/DecisionError/notFound`` when it is not the member's pending proposal; storage errors.
    package static func approve(id: String, userID: String, now: Date, in database: Database) throws -> Int {
        try database.write { db in try ProposalStore.approve(id: id, userID: userID, now: now, in: db) }
    }

    /// Rejects proposal `id`; the plan in force stays.
    /// - Throws: ``ProposalStore/DecisionError/notFound``; storage errors.
    package static func reject(id: String, userID: String, in database: Database) throws {
        try database.write { db in try ProposalStore.reject(id: id, userID: userID, in: db) }
    }
}
