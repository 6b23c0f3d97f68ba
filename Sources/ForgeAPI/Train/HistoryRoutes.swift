import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/history` (API.md §3.4, §4.8) and `GET /api/records` (§3.6).
enum HistoryRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/history", summary: "Finished sessions, newest trained day first; limit 1…100, offset, favorites",
                   tags: ["auth": "session"], app.signedIn { request, caller in
            let limit = try request.intParameter("limit", in: 1...100) ?? 30
            let offset = try request.intParameter("offset", in: 0...Int(Int32.max)) ?? 0
            let favorites = try boolParameter(request, "favorites") ?? false
            let rows = try app.db.read { db in
                try ProgressQueries.history(userID: caller.id, limit: limit, offset: offset, favoritesOnly: favorites, in: db)
            }
            return .json(.array(rows.map { s in
                ["id": .string(s.id), "day": .string(s.day.description), "name": .string(s.name), "kind": .string(s.kind),
                 "status": .string(s.status), "stats": s.stats, "favorite": .bool(s.favorite)]
            }))
        })
        router.get("/api/records", summary: "Personal records by slug; detail in the member's load unit",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            .json(try app.db.read { db in try records(caller.user, library: app.exercises.library(in: db), in: db) })
        })
    }

    /// A boolean query parameter (`true/false/1/0`, case-insensitive); 422 otherwise.
    static func boolParameter(_ request: Request, _ name: String) throws -> Bool? {
        guard let text = request.query[name], !text.isEmpty else { return nil }
        switch text.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default:
            throw ValidationFailure.error(loc: ["query", name], type: "bool_parsing",
                                          msg: "Input should be a valid boolean", input: .string(text))
        }
    }

    /// The records list (§3.6): `detail` as `"162.5 lb × 5"` in the member's
    /// unit for the slug (DESIGN.md quirk 12); `achieved_on` = trained day.
    static func records(_ user: User, library: ExerciseLibrary, in db: Connection) throws -> JSONValue {
        .array(try RecordStore.all(userID: user.id, in: db).map { r in
            ["slug": .string(r.slug), "name": .string(library.name(for: r.slug)), "kind": .string(r.kind.rawValue),
             "value": .double(r.value),
             "detail": .string(RecordDetail.text(weightKg: r.weight, reps: r.reps,
                                                 unit: LoadUnit.preferred(prefs: user.prefs, slug: r.slug))),
             "achieved_on": .string(r.achievedOn.description)]
        })
    }
}
