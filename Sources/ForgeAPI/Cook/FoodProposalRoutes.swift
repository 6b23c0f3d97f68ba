import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `GET /api/food/proposal` and `POST /api/food/proposal/{id}/approve|reject`
/// (docs/contract.md §3.15, §4.17). Either member may decide the household's proposal;
/// the demo sees and decides only its own.
enum FoodProposalRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/food/proposal", "The pending food-week proposal of the caller's scope, or null",
            access: .member, answers: FoodWire.ProposalAnswer.self
        ) { _, principal in
            let caller = principal.caller
            let scope = FoodWeekStore.scope(userID: caller.id, isDemo: caller.user.isDemo)
            return FoodWire.ProposalAnswer(proposal: try FoodPlan.pending(scope: scope, in: app.db).map(shape))
        }
        router.route(
            .POST, "/api/food/proposal/:id/approve", "Activate the pending food-week proposal",
            access: .member, answers: FoodWire.ProposalApproved.self, errors: [404, 409]
        ) { request, principal in
            let caller = principal.caller
            let scope = FoodWeekStore.scope(userID: caller.id, isDemo: caller.user.isDemo)
            let id = request.parameter("id") ?? ""
            let num = try FoodPlan.approve(id: id, scope: scope, in: app.db)
            return FoodWire.ProposalApproved(revision: num)
        }
        router.route(
            .POST, "/api/food/proposal/:id/reject", "Reject the pending food-week proposal",
            access: .member, answers: OK.self, errors: [404, 409]
        ) { request, principal in
            let caller = principal.caller
            let scope = FoodWeekStore.scope(userID: caller.id, isDemo: caller.user.isDemo)
            let id = request.parameter("id") ?? ""
            try FoodPlan.reject(id: id, scope: scope, now: app.clock.now(), in: app.db)
            return OK()
        }
    }

    /// `{ id, num, rationale, changes, content, recipes: { slug: RecipeCard }, created_at }`;
    /// `recipes` holds every slug a slot names directly by `recipe` that the library has.
    static func shape(_ pending: FoodPlan.Pending) -> FoodWire.FoodProposal {
        let (proposal, found) = pending
        let cards = found.mapValues(FoodWire.RecipeCard.init)
        let recipes = OrderedMap(
            cards.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, cards[$0]!) })
        return FoodWire.FoodProposal(
            id: proposal.id, num: proposal.num, rationale: proposal.rationale,
            changes: proposal.changes, content: proposal.document, recipes: recipes,
            createdAt: Instant.wire(stored: proposal.createdAt))
    }
}
