import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/exercises/{slug}/alternatives` (docs/contract.md §3.5).
///
/// Candidates: every non-mobility exercise other than the base sharing a
/// primary muscle. One with a pattern avoided by an **active** niggle is
/// listed as excluded (`"excluded: <body part> niggle (<pattern>)"`, the
/// first such niggle in storage order and its first avoided pattern, so the
/// reason is deterministic); otherwise it is listed only when every required
/// item is available in the active profile (`"same primary: <muscles>"`).
/// Non-excluded first, each group in library order.
/// One swap of `GET /api/exercises/{slug}/alternatives`: `kind` is absent
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
            let caller = principal.caller
            return try app.db.read { db in
                let library = try app.exercises.library(in: db)
                guard let base = library.exercise(request.parameter("slug") ?? "") else {
                    throw HTTPError(404, "exercise not found")
                }
                let niggles = try NiggleStore.all(userID: caller.id, in: db).filter(\.isActive)
                let profile = try EquipmentStore.active(
                    userID: caller.id, activeID: caller.user.activeProfileID, in: db)
                let available = Set((profile?.items ?? []).filter(\.available).map(\.name))
                var ok: [Alternative] = []
                var excluded: [Alternative] = []
                for e in library.all where e.slug != base.slug && e.kind != .mobility {
                    let shared = Set(e.primaryMuscles).intersection(base.primaryMuscles)
                    guard !shared.isEmpty else { continue }
                    if let (niggle, pattern) = avoided(e, by: niggles) {
                        excluded.append(
                            Alternative(
                                slug: e.slug, name: e.name, kind: nil, excluded: true,
                                why:
                                    "excluded: \(niggle.bodyPart.lowercased()) niggle (\(pattern.replacingOccurrences(of: "_", with: " ")))"
                            ))
                    } else if e.equipment.allSatisfy(available.contains) {
                        ok.append(
                            Alternative(
                                slug: e.slug, name: e.name, kind: e.kind.rawValue, excluded: false,
                                why: "same primary: " + shared.sorted().joined(separator: ", ").lowercased()))
                    }
                }
                return ok + excluded
            }
        }
    }

    static func avoided(_ e: Exercise, by niggles: [NiggleInfo]) -> (NiggleInfo, String)? {
        for n in niggles {
            if let p = n.avoidPatterns.first(where: e.patterns.contains) { return (n, p) }
        }
        return nil
    }
}
