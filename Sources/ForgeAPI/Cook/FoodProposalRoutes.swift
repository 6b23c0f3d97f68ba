import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `GET /api/food/proposal` and `POST /api/food/proposal/{id}/approve|reject`
/// (API.md §3.15, §4.17). Either member may decide the household's proposal;
/// the demo sees and decides only its own.
enum FoodProposalRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/food/proposal", summary: "The pending food-week proposal of the caller's scope, or null",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            let scope = FoodWeekStore.scope(userID: caller.id, isDemo: caller.user.isDemo)
            return .json(try app.db.read { db in
                guard let proposal = try FoodProposalStore.pending(scope: scope, in: db) else {
                    return ["proposal": .null]
                }
                return ["proposal": try shape(proposal, in: db)]
            })
        })
        router.post("/api/food/proposal/:id/approve", summary: "Activate the pending food-week proposal",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let scope = FoodWeekStore.scope(userID: caller.id, isDemo: caller.user.isDemo)
            let id = request.parameter("id") ?? ""
            let num = try foodErrors { try app.db.write { try FoodProposalStore.approve(id: id, scope: scope, in: $0) } }
            return .json(["ok": true, "revision": .int(num)])
        })
        router.post("/api/food/proposal/:id/reject", summary: "Reject the pending food-week proposal",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let scope = FoodWeekStore.scope(userID: caller.id, isDemo: caller.user.isDemo)
            let id = request.parameter("id") ?? ""
            try foodErrors {
                try app.db.write { try FoodProposalStore.reject(id: id, scope: scope, now: app.clock.now(), in: $0) }
            }
            return .json(["ok": true] as JSONValue)
        })
    }

    /// `{ id, num, rationale, changes, content, recipes: { slug: RecipeCard }, created_at }`;
    /// `recipes` holds every slug a slot names directly by `recipe` that the library has.
    static func shape(_ proposal: FoodProposal, in db: Connection) throws -> JSONValue {
        var cards: [String: JSONValue] = [:]
        for day in proposal.content.days.values {
            for plan in day.slots.values {
                guard let slug = plan.recipe, cards[slug] == nil, let recipe = try RecipeStore.find(slug, in: db)
                else { continue }
                cards[slug] = try .encoded(RecipeCard(recipe))
            }
        }
        return ["id": .string(proposal.id), "num": .int(proposal.num), "rationale": .string(proposal.rationale),
                "changes": proposal.changes, "content": proposal.document, "recipes": .object(cards),
                "created_at": .string(Instant.wire(stored: proposal.createdAt))]
    }
}
