import ForgeStore
import Foundation

/// Matches another app's exercise names to the household's library (shared
/// by both members, docs/contract.md §1.8), creating an imported library
/// exercise for a name that matches nothing, so no set is dropped.
///
/// Order: the household's aliases (names kept by an exercise merge,
/// ``ExerciseMerge``), the apps' names (``AppExerciseNames``), then a library
/// exercise's own name or slug (which covers exercises an earlier import
/// created), all compared by ``FreeExerciseDB/key(_:)``; a name that matches none of
/// them as written is tried once more in reading order when it puts its variant
/// after a comma (``uninverted(_:)``); then by what the name says
/// (``ExerciseNameSignature``: the same words in any order, plurals, `BB`/`DB`),
/// and a name that names no equipment as the barbell lift ("Squat",
/// "Shoulder Press", "Bent Over Row"). Results are remembered for the
/// matcher's life (one import).
package struct ExerciseNameMatcher {
    private var byKey: [String: String]
    /// Slugs by ``ExerciseNameSignature``; a signature two slugs share means neither.
    private var bySignature: [String: String]
    /// Names already resolved, as written (a history repeats a few names thousands of times).
    private var byName: [String: String] = [:]
    /// Names that became new library exercises in this run, with their slug.
    package private(set) var created: [(name: String, slug: String)] = []
    /// Names found in the library in this run, with the slug each went to, in first-seen order.
    package private(set) var matched: [(name: String, slug: String)] = []

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
        var signatures: [String: String] = [:]
        var shared: Set<String> = []
        func index(_ name: String, _ slug: String) {
            let signature = ExerciseNameSignature.of(name)
            guard !signature.isEmpty else { return }
            if let other = signatures[signature], other != slug { shared.insert(signature) }
            signatures[signature] = slug
        }
        for (slug, name) in try ExerciseCatalog.names(in: db) { index(name, slug) }
        for (slug, names) in AppExerciseNames.bySlug { for name in names { index(name, slug) } }
        for signature in shared { signatures.removeValue(forKey: signature) }
        bySignature = signatures
    }

    /// The slug `name` means, or nil when it matches nothing (and does not create one).
    package func match(_ name: String) -> String? {
        if let slug = byKey[FreeExerciseDB.key(name)] { return slug }
        if let slug = Self.uninverted(name).flatMap({ byKey[FreeExerciseDB.key($0)] }) { return slug }
        let signature = ExerciseNameSignature.of(name)
        if !signature.isEmpty, let slug = bySignature[signature] { return slug }
        return ExerciseNameSignature.asBarbell(name).flatMap { bySignature[$0] }
    }

    /// A name written variant last after one comma, as FitNotes does (`Bench Press, Incline`; any app's
    /// name is tried, and only ever finds an existing one), in
    /// reading order (`Incline Bench Press`); nil for a name without exactly one comma between
    /// two non-empty parts. Tried only when the name as written matches nothing.
    package static func uninverted(_ name: String) -> String? {
        let parts = name.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return parts[1] + " " + parts[0]
    }

    /// The slug `name` means; a name that matches nothing is added to the
    /// library (``ExerciseCatalog/insertImported(name:in:)``) and listed in ``created``.
    /// - Returns: the slug and whether it was created now.
    package mutating func slug(for name: String, in db: Connection) throws -> (slug: String, created: Bool) {
        if let slug = byName[name] { return (slug, false) }
        if let slug = match(name) {
            byName[name] = slug
            matched.append((name, slug))
            return (slug, false)
        }
        let slug = try ExerciseCatalog.insertImported(name: name, in: db)
        byKey[FreeExerciseDB.key(name)] = slug
        byName[name] = slug
        created.append((name, slug))
        return (slug, true)
    }
}
