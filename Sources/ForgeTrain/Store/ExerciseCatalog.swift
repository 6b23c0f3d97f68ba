import ForgeCore
import ForgeStore
import Foundation

/// One row of the `exercises` table: the library entry plus its media state.
package struct CatalogEntry: Sendable {
    package let exercise: Exercise
    /// `"wanted"` until images are imported, then `"images"` (docs/architecture.md §16).
    package let mediaTier: String
    /// Comma-separated media paths or "".
    package let mediaURL: String
}

/// The exercise library as stored in the database (seeded from
/// ``ExerciseLibrary/seed``, insert-missing on every boot).
package enum ExerciseCatalog {
    /// Inserts every seed exercise that is missing; returns how many were added.
    @discardableResult
    /// `after` offsets the stored `seq`, so entries added later sort after the seed.
    package static func insertMissing(_ library: ExerciseLibrary = .seed, after offset: Int = 0, in db: Connection)
        throws -> Int
    {
        var added = 0
        for (index, e) in library.all.enumerated() {
            try db.execute(
                """
                INSERT OR IGNORE INTO exercises
                  (slug, seq, name, kind, primary_muscles, secondary_muscles, equipment, patterns, cues, dont, benefit)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    e.slug, offset + index, e.name, e.kind.rawValue, try JSONColumn.text(e.primaryMuscles),
                    try JSONColumn.text(e.secondaryMuscles), try JSONColumn.text(e.equipment),
                    try JSONColumn.text(e.patterns), try JSONColumn.text(e.cues), e.dont, e.benefit,
                ])
            added += db.changes
            // Fill an empty benefit text left by an older seed.
            try db.execute("UPDATE exercises SET benefit = ? WHERE slug = ? AND benefit = ''", [e.benefit, e.slug])
        }
        return added
    }

    /// Every stored entry in library (seed) order.
    package static func all(in db: Connection) throws -> [CatalogEntry] {
        try db.query("SELECT * FROM exercises ORDER BY seq, slug").map(entry)
    }

    /// The stored entry for `slug`, or nil.
    package static func find(_ slug: String, in db: Connection) throws -> CatalogEntry? {
        try db.queryOne("SELECT * FROM exercises WHERE slug = ?", [slug]).map(entry)
    }

    /// The stored library as an ``ExerciseLibrary`` (seed order).
    package static func library(in db: Connection) throws -> ExerciseLibrary {
        ExerciseLibrary(try all(in: db).map(\.exercise))
    }

    static func entry(_ row: Row) throws -> CatalogEntry {
        let kindText: String = try row.get("kind")
        let exercise = Exercise(
            slug: try row.get("slug"), name: try row.get("name"), kind: ExerciseKind(rawValue: kindText) ?? .bb,
            primaryMuscles: JSONColumn.decode([String].self, try row.get("primary_muscles"), fallback: []),
            secondaryMuscles: JSONColumn.decode([String].self, try row.get("secondary_muscles"), fallback: []),
            equipment: JSONColumn.decode([String].self, try row.get("equipment"), fallback: []),
            patterns: JSONColumn.decode([String].self, try row.get("patterns"), fallback: []),
            cues: JSONColumn.decode([String].self, try row.get("cues"), fallback: []),
            dont: try row.get("dont"), benefit: try row.get("benefit"), hasImages: false)
        return CatalogEntry(
            exercise: exercise, mediaTier: try row.get("media_tier"), mediaURL: try row.get("media_url"))
    }
}
