import ForgeStore
import Foundation

/// Matches another app's exercise names to the household's library (shared
/// by both members, docs/contract.md §1.8), creating an imported library
/// exercise for a name that matches nothing, so no set is dropped.
///
/// Order: the household's aliases (names kept by an exercise merge,
/// ``ExerciseMerge``), the apps' names (``AppExerciseNames``), then a library
/// exercise's own name or slug (which covers exercises an earlier import
/// created), all compared by ``FreeExerciseDB/key(_:)``. Results are remembered for the
/// matcher's life (one import).
package struct ExerciseNameMatcher {
    private var byKey: [String: String]
    /// Names already resolved, as written (a history repeats a few names thousands of times).
    private var byName: [String: String] = [:]
    /// Names that became new library exercises in this run, with their slug.
    package private(set) var created: [(name: String, slug: String)] = []

    /// Reads the stored library.
    package init(in db: Connection) throws {
        var keys: [String: String] = [:]
        for (slug, name) in try ExerciseCatalog.names(in: db) {
            keys[FreeExerciseDB.key(slug)] = slug
            keys[FreeExerciseDB.key(name)] = slug
        }
        for (key, slug) in AppExerciseNames.table { keys[key] = slug }
        for alias in try ExerciseCatalog.aliases(in: db) { keys[alias.key] = alias.slug }
        byKey = keys
    }

    /// The slug `name` means, or nil when it matches nothing (and does not create one).
    package func match(_ name: String) -> String? { byKey[FreeExerciseDB.key(name)] }

    /// The slug `name` means; a name that matches nothing is added to the
    /// library (``ExerciseCatalog/insertImported(name:in:)``) and listed in ``created``.
    /// - Returns: the slug and whether it was created now.
    package mutating func slug(for name: String, in db: Connection) throws -> (slug: String, created: Bool) {
        if let slug = byName[name] { return (slug, false) }
        let key = FreeExerciseDB.key(name)
        if let slug = byKey[key] {
            byName[name] = slug
            return (slug, false)
        }
        let slug = try ExerciseCatalog.insertImported(name: name, in: db)
        byKey[key] = slug
        byName[name] = slug
        created.append((name, slug))
        return (slug, true)
    }
}
