import ForgeCoach
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `GET /api/proposal`, `POST /api/proposal/{id}/approve|reject` (docs/contract.md §3.13, §4.16).
/// Ownership failures are 404 `proposal not found`.
enum ProposalRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/proposal", "The pending training proposal, or null", access: .member,
            answers: ProposalEnvelope.self
        ) { _, principal in
            ProposalEnvelope(
                proposal: try app.db.read { db in
                    try ProposalStore.pending(userID: principal.caller.id, in: db).map(PendingProposal.init)
                })
        }
        router.route(
            .POST, "/api/proposal/:id/approve", "Activate the pending training proposal", access: .member,
            answers: ProposalApproved.self, errors: [404]
        ) { request, principal in
            let id = request.parameter("id") ?? ""
            let num = try decision {
                try app.db.write {
                    try ProposalStore.approve(id: id, userID: principal.caller.id, now: app.clock.now(), in: $0)
                }
            }
            return ProposalApproved(revision: num)
        }
        router.route(
            .POST, "/api/proposal/:id/reject", "Reject the pending training proposal (the active plan stays)",
            access: .member, answers: OK.self, errors: [404]
        ) { request, principal in
            let id = request.parameter("id") ?? ""
            try decision { try app.db.write { try ProposalStore.reject(id: id, userID: principal.caller.id, in: $0) } }
            return OK()
        }
    }

    /// Runs a proposal decision; 404 `proposal not found` when it is not an owned pending proposal.
    static func decision<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch is ProposalStore.DecisionError { throw HTTPError(404, "proposal not found") }
    }
}
