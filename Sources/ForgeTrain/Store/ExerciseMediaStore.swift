import ForgeCore
import ForgeStore
import Foundation

/// Exercise images as blobs in the database (docs/architecture.md §5), served at
/// `/media/exercises/<slug>-<n>.jpg`.
package enum ExerciseMediaStore {
    /// Stores (or replaces) image `index` of `slug`.
    package static func put(slug: String, index: Int, mime: String, data: Data, in db: Connection) throws {
        try db.execute(
            """
            INSERT INTO exercise_media (slug, idx, mime, data) VALUES (?, ?, ?, ?)
            ON CONFLICT (slug, idx) DO UPDATE SET mime = excluded.mime, data = excluded.data
            """, [slug, index, mime, data])
    }

    /// The image's MIME type and bytes, or nil.
    package static func get(slug: String, index: Int, in db: Connection) throws -> (mime: String, data: Data)? {
        try db.queryOne("SELECT mime, data FROM exercise_media WHERE slug = ? AND idx = ?", [slug, index]).map {
            (try $0.get("mime"), try $0.get("data"))
        }
    }
}

/// What one import did.
package struct ExerciseImportSummary: Sendable, Equatable {
    /// Library exercises matched to a dataset entry.
    package var matched = 0
    /// Images stored (new or replaced).
    package var images = 0
    /// Dataset strength exercises added to the library.
    package var added = 0
}

/// `forged library import-free-exercise-db DIR` (docs/architecture.md §16.7): images for the library's
/// exercises (matched by name, with
/// ``FreeExerciseDB/nameMap`` where names differ) and the dataset's other
/// `strength` exercises as new library entries. Rerunning replaces images
/// and adds nothing twice. An exercise with at least one stored image gets
/// `media_tier: "images"` and `media_url` = its image paths, comma-separated.
package enum ExerciseImport {
    /// Largest image accepted, bytes.
    package static let maxImageBytes = 5 << 20

    /// Imports free-exercise-db from `directory` (its `exercises.json` and the image files it
    /// names), as described above, in the caller's transaction.
    /// - Returns: how many exercises matched, images were stored and exercises were added.
    /// - Throws: the read or decode error of `exercises.json`; `DatabaseError` from the writes.
    package static func run(directory: URL, in db: Connection) throws -> ExerciseImportSummary {
        let data = try Data(contentsOf: directory.appendingPathComponent("exercises.json"))
        // free-exercise-db's own camelCase format, read as published (not forged's wire form).
        let entries = try JSONDecoder().decode([FreeExerciseDB.Entry].self, from: data)
        var summary = ExerciseImportSummary()
        let library = try ExerciseCatalog.all(in: db).map(\.exercise)
        var targets = FreeExerciseDB.matches(library: library, entries: entries)
        summary.matched = targets.count
        let matchedIDs = Set(targets.values.map(\.id))
        let known = Set(library.map(\.slug))
        let extras = entries.filter { $0.category == "strength" && !matchedIDs.contains($0.id) }
            .map { ($0, FreeExerciseDB.exercise($0)) }
            .filter { !known.contains($0.1.slug) && !$0.1.slug.isEmpty }
        var seen = Set<String>()
        let fresh = extras.filter { seen.insert($0.1.slug).inserted }
        summary.added = try ExerciseCatalog.insertMissing(ExerciseLibrary(fresh.map(\.1)), after: library.count, in: db)
        for (entry, exercise) in fresh { targets[exercise.slug] = entry }
        for (slug, entry) in targets.sorted(by: { $0.key < $1.key }) {
            var paths: [String] = []
            for (index, relative) in entry.images.prefix(2).enumerated() {
                let file = directory.appendingPathComponent("exercises").appendingPathComponent(relative)
                guard let bytes = try? Data(contentsOf: file), !bytes.isEmpty, bytes.count <= maxImageBytes,
                    bytes.starts(with: [0xFF, 0xD8])
                else { continue }
                try ExerciseMediaStore.put(slug: slug, index: index, mime: "image/jpeg", data: bytes, in: db)
                paths.append("/media/exercises/\(slug)-\(index).jpg")
                summary.images += 1
            }
            guard !paths.isEmpty else { continue }
            try db.execute(
                "UPDATE exercises SET media_tier = 'images', media_url = ? WHERE slug = ?",
                [paths.joined(separator: ","), slug])
        }
        return summary
    }
}
