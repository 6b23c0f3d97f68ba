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

    /// The start's exercise step (docs/contract.md §4.28): ``insertMissing(_:after:in:)``
    /// of the shipped library (``ExerciseLibrary/seed``), which also fills an empty
    /// benefit. Decoding `exercises.json` costs more than the rest of a short
    /// command, so when the database was last seeded from the same bytes
    /// (``SeedMarks``) and every slug seeded then is stored with a benefit, the
    /// step decodes and writes nothing. Otherwise (first start, a changed seed,
    /// a removed seed exercise, an emptied benefit) it runs in full and marks.
    /// A missing or malformed embedded asset is a build fault and stops the
    /// process, as ``ExerciseLibrary/seed`` does.
    /// - Returns: how many exercises were added.
    /// - Throws: `DatabaseError`.
    @discardableResult
    package static func seedShipped(now: Date, in db: Connection) throws -> Int {
        guard let bytes = EmbeddedAssets.bytes(named: Self.seedAsset) else {
            fatalError("ForgeTrain: missing embedded asset \(Self.seedAsset)")
        }
        let digest = SeedMarks.digest(bytes)
        if let slugs = try SeedMarks.keys(asset: Self.seedAsset, digest: digest, in: db),
            try storedWithBenefit(slugs, in: db)
        {
            return 0
        }
        let added = try insertMissing(in: db)
        try SeedMarks.record(
            asset: Self.seedAsset, digest: digest, keys: ExerciseLibrary.seed.all.map(\.slug), now: now, in: db)
        return added
    }

    /// The shipped library's asset name.
    static let seedAsset = "exercises.json"

    /// Whether an exercise with a non-empty benefit is stored under every one of `slugs`.
    static func storedWithBenefit(_ slugs: [String], in db: Connection) throws -> Bool {
        let wanted = Set(slugs)
        guard !wanted.isEmpty else { return true }
        let list = SQLPlaceholders.list(wanted.count)
        let stored: Int? = try db.scalar(
            "SELECT COUNT(*) FROM exercises WHERE benefit <> '' AND slug IN (\(list))", Array(wanted))
        return stored == wanted.count
    }

    /// Every stored entry in library (seed) order.
    package static func all(in db: Connection) throws -> [CatalogEntry] {
        try db.query("SELECT * FROM exercises ORDER BY seq, slug").map(entry)
    }

    /// Every library exercise's slug and name, in seed order: what a name
    /// matcher needs, without decoding each entry's JSON columns.
    package static func names(in db: Connection) throws -> [(slug: String, name: String)] {
        try db.query("SELECT slug, name FROM exercises ORDER BY seq, slug").map {
            (try String(sqlValue: $0[index: 0]), try String(sqlValue: $0[index: 1]))
        }
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
