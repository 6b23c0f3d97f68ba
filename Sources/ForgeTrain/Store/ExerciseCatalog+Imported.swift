import ForgeCore
import ForgeStore
import Foundation

/// One row of `exercises` as the one insert path of an import writes it (``ExerciseCatalog/insertRow(_:origin:in:)``):
/// an exercise an import made for a name that matched nothing, or one of the original Forge server's
/// library; JSON lists (muscles, equipment, patterns, cues) as JSON text.
package struct ExerciseRow: Sendable {
    package var slug: String
    package var name: String
    /// `bb`, `db`, `machine`, `bw` or `mobility`.
    package var kind: String
    package var primaryMuscles = "[]"
    package var secondaryMuscles = "[]"
    package var equipment = "[]"
    package var patterns = "[]"
    package var cues = "[]"
    package var dont = ""
    package var benefit = ""
    package var mediaURL = ""

    package init(slug: String, name: String, kind: String) {
        self.slug = slug
        self.name = name
        self.kind = kind
    }
}

extension ExerciseCatalog {
    /// Adds `e` at the end of the library (`seq` one past the last), its media wanted: the one
    /// insert of ``insertImported(name:in:)`` and ``insertMovedIn(_:in:)``.
    /// - Parameter origin: who made it: `import` (an app's name), `forge-server` (the original's library).
    /// - Throws: `DatabaseError` (`.constraint` when the slug is taken).
    package static func insertRow(_ e: ExerciseRow, origin: String, in db: Connection) throws {
        let seq: Int = try db.scalar("SELECT COALESCE(MAX(seq), 0) + 1 FROM exercises") ?? 1
        try db.execute(
            """
            INSERT INTO exercises (slug, seq, name, kind, primary_muscles, secondary_muscles, equipment, patterns,
                                   cues, dont, benefit, media_tier, media_url, origin)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'wanted', ?, ?)
            """,
            [
                e.slug, seq, e.name, e.kind, e.primaryMuscles, e.secondaryMuscles, e.equipment, e.patterns, e.cues,
                e.dont, e.benefit, e.mediaURL, origin,
            ])
    }

    /// Adds an exercise of the original Forge server that the library lacks (the
    /// household's custom ones), origin `forge-server`, at the end of the library.
    /// - Returns: false when the slug is already in the library (the library merges
    ///   by slug; forged's entry is kept).
    package static func insertMovedIn(_ e: ExerciseRow, in db: Connection) throws -> Bool {
        if try find(e.slug, in: db) != nil { return false }
        try insertRow(e, origin: "forge-server", in: db)
        return true
    }
}

extension ExerciseCatalog {
    /// Adds a library exercise for an app's name that matched nothing, marked
    /// `origin = 'import'`. Its slug is the name's words joined by `-`
    /// (``FreeExerciseDB/slug(_:)``; `exercise` when the name has no letters),
    /// suffixed `-2`, `-3`… when taken. Its kind is read from the app's
    /// equipment suffix: `(Barbell)` → bb, `(Dumbbell)`/`(Kettlebell)` → db,
    /// `(Machine)`/`(Cable)` → machine, else bw. Muscles, cues and patterns are empty.
    /// - Returns: the new slug.
    package static func insertImported(name rawName: String, in db: Connection) throws -> String {
        let name = String(rawName.trimmingCharacters(in: .whitespacesAndNewlines).prefix(200))
        let base = FreeExerciseDB.slug(name).isEmpty ? "exercise" : FreeExerciseDB.slug(name)
        var slug = base
        var n = 1
        while try find(slug, in: db) != nil {
            n += 1
            slug = "\(base)-\(n)"
        }
        let lower = name.lowercased()
        let kind: ExerciseKind =
            lower.contains("barbell") || lower.contains("ez bar")
            ? .bb
            : lower.contains("dumbbell") || lower.contains("kettlebell")
                ? .db : lower.contains("machine") || lower.contains("cable") || lower.contains("smith") ? .machine : .bw
        try insertRow(ExerciseRow(slug: slug, name: name, kind: kind.rawValue), origin: "import", in: db)
        return slug
    }

    /// Removes an exercise an import added when no set of any member uses it
    /// any more (undo); a seeded or hand-made exercise is never removed.
    /// - Returns: true when it was removed.
    @discardableResult
    package static func deleteImportedIfUnused(_ slug: String, in db: Connection) throws -> Bool {
        let used: Int = try db.scalar("SELECT COUNT(*) FROM sets WHERE slug = ?", [slug]) ?? 0
        guard used == 0 else { return false }
        try db.execute("DELETE FROM exercises WHERE slug = ? AND origin = 'import'", [slug])
        return db.changes > 0
    }
}

extension ExerciseCatalog {
    /// `origin` of the library exercise `slug` (`''` seeded or free-exercise-db,
    /// `import` made by an import), or nil when there is none.
    package static func origin(_ slug: String, in db: Connection) throws -> String? {
        try db.scalar("SELECT origin FROM exercises WHERE slug = ?", [slug])
    }

    /// Every alias as (comparison key, slug) (``ExerciseNameMatcher`` reads them).
    package static func aliases(in db: Connection) throws -> [(key: String, slug: String)] {
        try db.query("SELECT key, slug FROM exercise_aliases ORDER BY key").map {
            (try $0.get("key"), try $0.get("slug"))
        }
    }

    /// Makes `name` (compared by ``FreeExerciseDB/key(_:)``) mean `slug` from
    /// now on, replacing what it meant before. A name whose key is empty is not kept.
    package static func addAlias(_ name: String, for slug: String, in db: Connection) throws {
        let key = FreeExerciseDB.key(name)
        guard !key.isEmpty else { return }
        try db.execute(
            """
            INSERT INTO exercise_aliases (key, name, slug) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET name = excluded.name, slug = excluded.slug
            """, [key, name, slug])
    }

    /// Removes the exercise `slug` from the library with its images; its
    /// aliases move to `successor` (an exercise merge), so no name is lost.
    package static func remove(_ slug: String, aliasesTo successor: String, in db: Connection) throws {
        try db.execute("UPDATE exercise_aliases SET slug = ? WHERE slug = ?", [successor, slug])
        try db.execute("DELETE FROM exercise_media WHERE slug = ?", [slug])
        try db.execute("DELETE FROM exercises WHERE slug = ?", [slug])
    }
}
