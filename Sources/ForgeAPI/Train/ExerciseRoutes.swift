import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/exercises` and `GET /api/exercises/{slug}` (API.md §3.5).
enum ExerciseRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/exercises", summary: "The exercise library, by name; q filters by name",
                   tags: ["auth": "session"], app.signedIn { request, _ in
            let q = (request.query["q"] ?? "").lowercased()
            let entries = try app.db.read { try app.exercises.entries(in: $0) }
                .filter { q.isEmpty || $0.exercise.name.lowercased().contains(q) }
                .sorted { ($0.exercise.name, $0.exercise.slug) < ($1.exercise.name, $1.exercise.slug) }
            let list: [JSONValue] = entries.map { e in
                ["slug": .string(e.exercise.slug), "name": .string(e.exercise.name),
                 "kind": .string(e.exercise.kind.rawValue), "media_tier": .string(e.mediaTier),
                 "primary_muscles": .strings(e.exercise.primaryMuscles)]
            }
            return .json(JSONValue.array(list))
        })
        router.get("/api/exercises/:slug", summary: "One exercise with cues, muscles and equipment",
                   tags: ["auth": "session"], app.signedIn { request, _ in
            let slug = request.parameter("slug") ?? ""
            guard let e = try app.db.read({ try ExerciseCatalog.find(slug, in: $0) }) else {
                throw HTTPError(404, "exercise not found")
            }
            let x = e.exercise
            let body: JSONValue = [
                "slug": .string(x.slug), "name": .string(x.name), "kind": .string(x.kind.rawValue),
                "primary_muscles": .strings(x.primaryMuscles), "secondary_muscles": .strings(x.secondaryMuscles),
                "equipment": .strings(x.equipment), "cues": .strings(x.cues), "dont": .string(x.dont),
                "patterns": .strings(x.patterns), "benefit": .string(x.benefit),
                "media_tier": .string(e.mediaTier), "media_url": .string(e.mediaURL),
            ]
            return .json(body)
        })
    }
}
