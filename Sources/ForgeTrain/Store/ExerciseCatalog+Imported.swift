import ForgeCore
import ForgeStore
import Foundation

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
        let seq: Int = try db.scalar("SELECT COALESCE(MAX(seq), 0) + 1 FROM exercises") ?? 1
        try db.execute(
            """
            INSERT INTO exercises
              (slug, seq, name, kind, primary_muscles, secondary_muscles, equipment, patterns, cues, dont, benefit, origin)
            VALUES (?, ?, ?, ?, '[]', '[]', '[]', '[]', '[]', '', '', 'import')
            """, [slug, seq, name, kind.rawValue])
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
