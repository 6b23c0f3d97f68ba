import ForgeCore
import ForgeStore
import Foundation

/// The library-import side of the recipe library: adding a recipe read from another app's export (never
/// overwriting one), telling a duplicate, and removing what an import added. ForgeCook stays the only writer
/// of `recipes` and `media`.
///
/// Identity differs from the page import's update-by-URL rule: one page can hold several recipes (a dahl and
/// its spice mix), so a library recipe is the same as one already in the library only when the title matches
/// (case and spacing aside) and either the source URL or the ingredient lines (as written) match too.
package enum RecipeLibraryStore {
    /// What adding one recipe did.
    package enum Outcome: Sendable, Equatable {
        /// Added under `recipe.slug`, with its photo blob ids and why it is parked (empty when complete).
        case added(Recipe, mediaIDs: [String], parkedBecause: [RecipeParking.Reason], warnings: [String])
        /// Already in the library as `slug`: nothing written.
        case duplicate(slug: String)
    }

    /// The slug of the library recipe `input` duplicates, or nil.
    package static func duplicate(of input: RecipeImportInput, in db: Connection) throws -> String? {
        let title = normalisedTitle(input.name)
        let lines = input.lines.map { $0.line.raw ?? $0.line.name }
        for row in try db.query(
            "SELECT slug, source_url, ingredients FROM recipes WHERE name = ? OR lower(trim(name)) = lower(?)",
            [title, title])
        {
            let url: String = try row.get("source_url")
            if !input.sourceURL.isEmpty && url == input.sourceURL { return try row.get("slug") }
            let stored = RecipeColumns.ingredients.value(for: try row.get("ingredients")) ?? []
            if stored.map({ $0.raw ?? $0.name }) == lines { return try row.get("slug") }
        }
        return nil
    }

    /// Adds `input` with its photos (first = hero) inside the caller's write transaction, unless it is a
    /// duplicate. A slug already taken gets `-2`, `-3`, … Photos go through ``MediaStore/save(_:contentType:owner:sourceURL:now:in:)``
    /// as household media; one it refuses (over 3 MiB, not an image) is dropped with a warning. Parked by the
    /// page import's rules (``RecipeParking``).
    /// - Throws: database errors only.
    package static func add(
        _ input: RecipeImportInput, photos: [Data], now: Date, in db: Connection
    ) throws -> Outcome {
        if let slug = try duplicate(of: input, in: db) { return .duplicate(slug: slug) }
        var slug = input.slug
        var n = 2
        while try RecipeStore.find(slug, in: db) != nil {
            let suffix = "-\(n)"
            slug = String(input.slug.prefix(60 - suffix.count)) + suffix
            n += 1
        }
        var warnings: [String] = []
        var mediaIDs: [String] = []
        for (index, bytes) in photos.enumerated() {
            guard let type = ImageSniffer.mimeType(of: bytes) else {
                warnings.append("photo \(index + 1) dropped: not an image")
                continue
            }
            do {
                mediaIDs.append(try MediaStore.save(bytes, contentType: type, owner: nil, now: now, in: db))
            } catch let error as MediaError {
                warnings.append("photo \(index + 1) dropped: \(error)")
            }
        }
        let reference = try IngredientStore.reference(in: db)
        let parked = RecipeImportStore.parkReasons(input, reference: reference)
        let recipe = Recipe(
            slug: slug, name: String(input.name.prefix(120)), kind: input.kind, minutes: max(input.minutes, 0),
            difficulty: input.difficulty, serves: input.serves, batch: input.batch, why: input.why, steps: input.steps,
            ingredients: input.lines.map(\.line), tags: input.tags, source: input.source, sourceURL: input.sourceURL,
            images: mediaIDs.map(MediaBlob.path), rating: input.rating, ratingCount: input.ratingCount,
            complete: parked.isEmpty, macros: input.macros, yield: String(input.yield.prefix(80)), notes: input.notes,
            macrosSource: input.macrosSource)
        try RecipeStore.insert(recipe, orIgnore: false, now: now, in: db)
        return .added(recipe, mediaIDs: mediaIDs, parkedBecause: parked, warnings: warnings)
    }

    /// Removes the recipes `slugs` and the media blobs `mediaIDs` (an import's undo); answers how many
    /// recipes were removed.
    @discardableResult
    package static func remove(slugs: [String], mediaIDs: [String], in db: Connection) throws -> Int {
        var removed = 0
        for slug in slugs {
            try db.execute("DELETE FROM recipes WHERE slug = ?", [slug])
            removed += db.changes
        }
        for id in mediaIDs { try db.execute("DELETE FROM media WHERE id = ? AND owner_id IS NULL", [id]) }
        return removed
    }

    static func normalisedTitle(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
