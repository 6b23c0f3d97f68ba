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
                proposal: try PlanProposals.pending(userID: principal.caller.id, in: app.db).map(PendingProposal.init))
        }
        router.route(
            .POST, "/api/proposal/:id/approve", "Activate the pending training proposal", access: .member,
            answers: ProposalApproved.self, errors: [404]
        ) { request, principal in
            let id = request.parameter("id") ?? ""
            let num = try PlanProposals.approve(
                id: id, userID: principal.caller.id, now: app.clock.now(), in: app.db)
            return ProposalApproved(revision: num)
        }
        router.route(
            .POST, "/api/proposal/:id/reject", "Reject the pending training proposal (the active plan stays)",
            access: .member, answers: OK.self, errors: [404]
        ) { request, principal in
            let id = request.parameter("id") ?? ""
            try PlanProposals.reject(id: id, userID: principal.caller.id, in: app.db)
            return OK()
        }
    }
}
