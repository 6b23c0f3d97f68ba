/// The muscles a strength day works (docs/contract.md §3.2 `muscles`).
package enum MuscleSummary {
    /// Union over entries with `sets > 0`, in plan order and without
    /// duplicates: primary muscles, then secondary muscles excluding anything
    /// already primary. Unknown slugs contribute nothing.
    package static func of(
        exercises: [(slug: String, sets: Int)],
        library: ExerciseLibrary
    ) -> (primary: [String], secondary: [String]) {
        var primary: [String] = []
        var secondary: [String] = []
        let worked = exercises.filter { $0.sets > 0 }.compactMap { library.exercise($0.slug) }
        for e in worked {
            for m in e.primaryMuscles where !primary.contains(m) { primary.append(m) }
        }
        for e in worked {
            for m in e.secondaryMuscles where !primary.contains(m) && !secondary.contains(m) { secondary.append(m) }
        }
        return (primary, secondary)
    }
}
