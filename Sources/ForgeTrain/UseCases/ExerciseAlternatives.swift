import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// Swaps for an exercise (docs/contract.md §3.5 `GET /api/exercises/{slug}/alternatives`; issue 42).
///
/// Candidates: every non-mobility exercise other than the base sharing a primary muscle. One with
/// a pattern avoided by an **active** niggle is excluded, naming the first such niggle in storage
/// order and its first avoided pattern (so the reason is deterministic); otherwise it is a swap
/// only when every required item is available in the member's active profile. Swaps first, then
/// the excluded, each group in library order.
package enum ExerciseAlternatives {
    /// One candidate: the exercise, and either the muscles it shares with the base or the niggle
    /// and pattern that exclude it.
    package struct Candidate: Sendable {
        package let exercise: Exercise
        /// The primary muscles shared with the base, sorted; empty for an excluded candidate.
        package let sharedMuscles: [String]
        /// The active niggle and its avoided pattern that exclude it, or nil for a swap.
        package let excludedBy: (niggle: NiggleInfo, pattern: String)?
    }

    /// The candidates for `slug` as `user` can do them.
    /// - Throws: ``TrainingRecordsError/exerciseNotFound`` for a slug not in the library; storage errors.
    package static func of(_ slug: String, for user: User, library: LibraryCache, in database: Database) throws
        -> [Candidate]
    {
        try database.read { db in
            let exercises = try library.library(in: db)
            guard let base = exercises.exercise(slug) else { throw TrainingRecordsError.exerciseNotFound }
            let niggles = try NiggleStore.all(userID: user.id, in: db).filter(\.isActive)
            let profile = try EquipmentStore.active(userID: user.id, activeID: user.activeProfileID, in: db)
            let available = Set((profile?.items ?? []).filter(\.available).map(\.name))
            var swaps: [Candidate] = []
            var excluded: [Candidate] = []
            for e in exercises.all where e.slug != base.slug && e.kind != .mobility {
                let shared = Set(e.primaryMuscles).intersection(base.primaryMuscles)
                guard !shared.isEmpty else { continue }
                if let reason = avoided(e, by: niggles) {
                    excluded.append(Candidate(exercise: e, sharedMuscles: [], excludedBy: reason))
                } else if e.equipment.allSatisfy(available.contains) {
                    swaps.append(Candidate(exercise: e, sharedMuscles: shared.sorted(), excludedBy: nil))
                }
            }
            return swaps + excluded
        }
    }

    /// The first active niggle (storage order) with a pattern `e` has, and that pattern.
    static func avoided(_ e: Exercise, by niggles: [NiggleInfo]) -> (niggle: NiggleInfo, pattern: String)? {
        for n in niggles {
            if let p = n.avoidPatterns.first(where: e.patterns.contains) { return (n, p) }
        }
        return nil
    }
}
