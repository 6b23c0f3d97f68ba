import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/exercises/{slug}/alternatives` (API.md §3.5).
///
/// Candidates: every non-mobility exercise other than the base sharing a
/// primary muscle. One with a pattern avoided by an **active** niggle is
/// listed as excluded (`"excluded: <body part> niggle (<pattern>)"`, the
/// first such niggle in storage order and its first avoided pattern, so the
/// reason is deterministic); otherwise it is listed only when every required
/// item is available in the active profile (`"same primary: <muscles>"`).
/// Non-excluded first, each group in library order.
enum AlternativeRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/exercises/:slug/alternatives", summary: "Swaps for an exercise: same primary muscle, equipment and niggles checked",
                   tags: ["auth": "session"], app.signedIn { request, caller in
            .json(try app.db.read { db in
                let library = try app.exercises.library(in: db)
                guard let base = library.exercise(request.parameter("slug") ?? "") else {
                    throw HTTPError(404, "exercise not found")
                }
                let niggles = try NiggleStore.all(userID: caller.id, in: db).filter(\.isActive)
                let profile = try EquipmentStore.active(userID: caller.id, activeID: caller.user.activeProfileID, in: db)
                let available = Set((profile?.items ?? []).filter(\.available).map(\.name))
                var ok: [JSONValue] = [], excluded: [JSONValue] = []
                for e in library.all where e.slug != base.slug && e.kind != .mobility {
                    let shared = Set(e.primaryMuscles).intersection(base.primaryMuscles)
                    guard !shared.isEmpty else { continue }
                    if let (niggle, pattern) = avoided(e, by: niggles) {
                        excluded.append(["slug": .string(e.slug), "name": .string(e.name), "excluded": true,
                                         "why": .string("excluded: \(niggle.bodyPart.lowercased()) niggle (\(pattern.replacingOccurrences(of: "_", with: " ")))")])
                    } else if e.equipment.allSatisfy(available.contains) {
                        ok.append(["slug": .string(e.slug), "name": .string(e.name), "kind": .string(e.kind.rawValue),
                                   "excluded": false,
                                   "why": .string("same primary: " + shared.sorted().joined(separator: ", ").lowercased())])
                    }
                }
                return .array(ok + excluded)
            })
        })
    }

    static func avoided(_ e: Exercise, by niggles: [NiggleInfo]) -> (NiggleInfo, String)? {
        for n in niggles {
            if let p = n.avoidPatterns.first(where: e.patterns.contains) { return (n, p) }
        }
        return nil
    }
}
