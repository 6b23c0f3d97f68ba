/// The household-shared exercise library: an ordered list with lookup by slug.
package struct ExerciseLibrary: Sendable {
    /// Every exercise, in seed (storage) order.
    package let all: [Exercise]
    private let index: [String: Int]

    /// A library of `exercises` in the given order; a repeated slug keeps its
    /// first entry for lookups.
    package init(_ exercises: [Exercise]) {
        all = exercises
        var index: [String: Int] = [:]
        for (i, e) in exercises.enumerated() where index[e.slug] == nil { index[e.slug] = i }
        self.index = index
    }

    /// The 65 seeded exercises of docs/contract.md §5.1, from the embedded `exercises.json`.
    package static let seed = ExerciseLibrary(SeedAsset.decode([Exercise].self, "exercises.json"))

    /// The exercise with `slug`, or nil.
    package func exercise(_ slug: String) -> Exercise? {
        index[slug].map { all[$0] }
    }

    /// The display name for `slug`, or the slug itself when unknown.
    package func name(for slug: String) -> String {
        exercise(slug)?.name ?? slug
    }
}
