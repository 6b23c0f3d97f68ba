import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/export` (API.md §3.12): everything the caller owns, nothing else.
enum ExportRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/export", summary: "The caller's own data as JSON",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            .json(try app.db.read { db in
                let user = caller.user
                let records: [JSONValue] = try RecordStore.all(userID: user.id, in: db)
                    .sorted { ($0.achievedOn, $0.slug, $0.kind.rawValue) < ($1.achievedOn, $1.slug, $1.kind.rawValue) }
                    .map { r in
                        ["slug": .string(r.slug), "kind": .string(r.kind.rawValue), "value": .double(r.value),
                         "detail": .string(RecordDetail.text(weightKg: r.weight, reps: r.reps,
                                                             unit: LoadUnit.preferred(prefs: user.prefs, slug: r.slug))),
                         "achieved_on": .string(r.achievedOn.description)]
                    }
                return ["user": ["email": .string(user.email), "name": .string(user.name), "units": .string(user.units)],
                        "metrics": .array(try ExportQueries.metrics(userID: user.id, in: db)),
                        "sessions": .array(try ExportQueries.sessions(userID: user.id, in: db)),
                        "sets": .array(try ExportQueries.sets(userID: user.id, in: db)),
                        "records": .array(records),
                        "meals": .array(try ExportQueries.meals(userID: user.id, in: db))]
            })
        })
    }
}
