import ForgeCoach
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `GET /api/proposal`, `POST /api/proposal/{id}/approve|reject` (API.md §3.13, §4.16).
/// Ownership failures are 404 `proposal not found`.
enum ProposalRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/proposal", summary: "The pending training proposal, or null",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            .json(try app.db.read { db in
                guard let p = try ProposalStore.pending(userID: caller.id, in: db) else { return ["proposal": .null] }
                return ["proposal": ["id": .string(p.id), "num": .int(p.num), "rationale": .string(p.rationale),
                                     "content": try .encoded(p.content),
                                     "created_at": .string(Instant.wire(stored: p.createdAt))]]
            })
        })
        router.post("/api/proposal/:id/approve", summary: "Activate the pending training proposal",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let id = request.parameter("id") ?? ""
            let num = try decision { try app.db.write { try ProposalStore.approve(id: id, userID: caller.id, in: $0) } }
            return .json(["ok": true, "revision": .int(num)])
        })
        router.post("/api/proposal/:id/reject", summary: "Reject the pending training proposal (the active plan stays)",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let id = request.parameter("id") ?? ""
            try decision { try app.db.write { try ProposalStore.reject(id: id, userID: caller.id, in: $0) } }
            return .json(["ok": true] as JSONValue)
        })
    }

    static func decision<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch is ProposalStore.DecisionError { throw HTTPError(404, "proposal not found") }
    }
}
