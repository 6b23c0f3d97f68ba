import ForgeCore
import ForgeStore
import Foundation

/// An exercise of the original Forge server's library as it stored it: JSON
/// lists (muscles, equipment, patterns, cues) as JSON text.
package struct MovedExercise: Sendable {
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
    /// Adds an exercise of the original Forge server that the library lacks (the
    /// household's custom ones), origin `forge-server`, at the end of the library.
    /// - Returns: false when the slug is already in the library (the library merges
    ///   by slug; forged's entry is kept).
    package static func insertMovedIn(_ e: MovedExercise, in db: Connection) throws -> Bool {
        if try find(e.slug, in: db) != nil { return false }
        let seq: Int = try db.scalar("SELECT COALESCE(MAX(seq), 0) + 1 FROM exercises") ?? 1
        try db.execute(
            """
            INSERT INTO exercises (slug, seq, name, kind, primary_muscles, secondary_muscles, equipment, patterns,
                                   cues, dont, benefit, media_tier, media_url, origin)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'wanted', ?, 'forge-server')
            """,
            [
                e.slug, seq, e.name, e.kind, e.primaryMuscles, e.secondaryMuscles, e.equipment, e.patterns, e.cues,
                e.dont, e.benefit, e.mediaURL,
            ])
        return true
    }
}
