import ForgeCoach
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `POST /api/coach/run-review` and `GET /api/coach/runs` (API.md §3.13).
/// The built-in coach needs no key, so run-review never answers 503 (README,
/// differences); a failed review is 502 `coach run failed: <error>`.
enum CoachRunRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.post("/api/coach/run-review", summary: "Run the weekly review now; the summary is also posted to chat",
                    tags: ["auth": "session"], app.signedIn { _, caller in
            do {
                let summary = try app.coach.runReview(userID: caller.id)
                return .json(["ok": true, "summary": .string(summary)])
            } catch {
                throw HTTPError(502, "coach run failed: \(error)")
            }
        })
        router.get("/api/coach/runs", summary: "The latest 20 coach runs (chat turns and reviews)",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            .json(.array(try app.db.read { try CoachRunStore.latest(userID: caller.id, in: $0) }.map { run in
                ["kind": .string(run.kind), "model": .string(run.model), "input_tokens": .int(run.inputTokens),
                 "output_tokens": .int(run.outputTokens), "tool_calls": .int(run.toolCalls), "ok": .bool(run.ok),
                 "at": .string(Instant.wire(stored: run.at)), "duration_ms": .int(run.durationMs)]
            }))
        })
    }
}
