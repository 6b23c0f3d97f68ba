import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// One swap of `GET /api/exercises/{slug}/alternatives` (``ExerciseAlternatives``): `kind` is absent
/// on excluded entries (docs/contract.md §3.5's union).
struct Alternative: Codable, Sendable {
    let slug: String
    let name: String
    var kind: String?
    let excluded: Bool
    /// `"same primary: <muscles>"` or `"excluded: <body part> niggle (<pattern>)"`.
    let why: String
}

enum AlternativeRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/exercises/:slug/alternatives",
            "Swaps for an exercise: same primary muscle, equipment and niggles checked",
            access: .member, answers: [Alternative].self, errors: [404]
        ) { request, principal in
            let candidates = try ExerciseAlternatives.of(
                request.parameter("slug") ?? "", for: principal.caller.user, library: app.exercises, in: app.db)
            return candidates.map { c in
                let e = c.exercise
                guard let (niggle, pattern) = c.excludedBy else {
                    return Alternative(
                        slug: e.slug, name: e.name, kind: e.kind.rawValue, excluded: false,
                        why: "same primary: " + c.sharedMuscles.joined(separator: ", ").lowercased())
                }
                return Alternative(
                    slug: e.slug, name: e.name, kind: nil, excluded: true,
                    why:
                        "excluded: \(niggle.bodyPart.lowercased()) niggle (\(pattern.replacingOccurrences(of: "_", with: " ")))"
                )
            }
        }
    }
}
