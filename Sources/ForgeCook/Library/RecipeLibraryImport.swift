import ForgeArchive
import ForgeCore
import ForgeStore
import Foundation

/// What a library import did: the recipes added (slugs, in order), the photo blobs stored, and what was left
/// out and why.
package struct LibraryImportReport: Sendable, Equatable {
    /// Recipe-like entries read from the export (recipes, link-only entries and unreadable ones).
    package var entries = 0
    /// Slugs of the recipes added, in the export's order.
    package var added: [String] = []
    /// Ids of the photo blobs stored (hero first per recipe).
    package var mediaIDs: [String] = []
    /// Titles found already in the library (nothing written for them).
    package var duplicates: [String] = []
    /// Entries that are only a link ("title — URL"): listed, not imported.
    package var linkOnly: [String] = []
    /// Entries that could not be read ("origin: reason"); the rest imported.
    package var unreadable: [String] = []
    /// Added recipes that are parked (§4.21).
    package var parked = 0
    /// Ingredient names unknown to the reference, with how many added recipes use them.
    package var unknownIngredients: [String: Int] = [:]
    /// Warnings, each "title: what" (a photo dropped, a text cut).
    package var warnings: [String] = []

    package init() {}

    /// The most frequent unknown ingredients, most used first (then by name), at most `limit`.
    package func mostFrequentUnknown(_ limit: Int = 10) -> [(name: String, recipes: Int)] {
        unknownIngredients.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit)
            .map { ($0.key, $0.value) }
    }
}

/// Imports a recipe library export (Paprika, Mealie, Tandoor, Nextcloud Cookbook) into the household's
/// recipe library, through the page import's pipeline (``LibraryRecipeImport``) and the library's own write
/// path (``RecipeLibraryStore``).
///
/// The export is read twice: first to the end without writing (so a file that is not an export, a truncated
/// archive or a decompression bomb is refused with nothing written), then to import, in batches of write
/// transactions so that other members' writes never wait long. One unreadable recipe does not stop the
/// others. Memory stays bounded: one batch of recipes and their photos at a time.
package enum RecipeLibraryImport {
    /// Called for every row the import adds (`recipes` slug, `media` id), inside the write that adds it: the
    /// import ledger records them for undo.
    package typealias Recorder = (_ table: String, _ id: String, _ db: Connection) throws -> Void

    /// Runs the import of the export at `path`.
    /// - Parameters:
    ///   - batchPhotoBytes: photo bytes held before a batch is written (default 8 MB).
    ///   - progress: called after each batch with the entries read so far.
    /// - Throws: ``LibraryExportError`` (nothing written) when the file is not a readable export of `format`;
    ///   ``ArchiveError/libraryUnavailable(_:)``; database errors (the batch in flight is rolled back).
    package static func run(
        _ format: LibraryFormat, path: String, db: Database, now: Date, limits: ArchiveLimits = .standard,
        batchSize: Int = 25, batchPhotoBytes: Int = 8_000_000, record: Recorder? = nil,
        progress: ((Int) -> Void)? = nil
    ) throws -> LibraryImportReport {
        var total = 0
        try format.read(path: path, limits: limits) { _ in total += 1 }
        if total == 0 { throw LibraryExportError("this \(format.title) export holds no recipes") }

        let reference = try db.read { try IngredientStore.reference(in: $0) }
        var report = LibraryImportReport()
        var batch: [(RecipeImportInput, [Data], [String])] = []
        var batchBytes = 0
        func write() throws {
            let pending = batch
            batch = []
            batchBytes = 0
            guard !pending.isEmpty else { return }
            let outcomes = try db.write { conn in
                try pending.map { input, photos, _ in
                    let outcome = try RecipeLibraryStore.add(input, photos: photos, now: now, in: conn)
                    if case .added(let recipe, let media, _, _) = outcome, let record {
                        for id in media { try record("media", id, conn) }
                        try record("recipes", recipe.slug, conn)
                    }
                    return outcome
                }
            }
            for ((input, _, warnings), outcome) in zip(pending, outcomes) {
                switch outcome {
                case .duplicate:
                    report.duplicates.append(input.name)
                case .added(let recipe, let media, let parked, let photoWarnings):
                    report.added.append(recipe.slug)
                    report.mediaIDs += media
                    if !parked.isEmpty { report.parked += 1 }
                    // Foods that matched nothing, weighed or not, as the macros computation names them.
                    let computation = RecipeMacros.compute(
                        ingredients: recipe.ingredients, reference: reference, serves: recipe.serves)
                    let unknown = Set(
                        (computation.unknownIngredients + computation.unmatchedNames).map { $0.lowercased() })
                    for name in unknown { report.unknownIngredients[name, default: 0] += 1 }
                    report.warnings += (warnings + photoWarnings + parked.map { "parked: \($0)" }).map {
                        "\(recipe.name): \($0)"
                    }
                }
            }
            progress?(report.entries)
        }
        try format.read(path: path, limits: limits) { entry in
            report.entries += 1
            switch entry {
            case .unreadable(let origin, let reason):
                report.unreadable.append("\(origin): \(reason)")
            case .recipe(let recipe):
                if recipe.isLinkOnly {
                    let link =
                        recipe.sourceURL.isEmpty ? recipe.steps.map(\.text).joined(separator: " ") : recipe.sourceURL
                    report.linkOnly.append([recipe.title, link].filter { !$0.isEmpty }.joined(separator: " — "))
                    return
                }
                do {
                    let (input, warnings) = try LibraryRecipeImport.input(
                        from: recipe, source: format.rawValue, reference: reference)
                    let photos = recipe.photos.map(\.bytes)
                    batch.append((input, photos, warnings))
                    batchBytes += photos.reduce(0) { $0 + $1.count }
                    if batch.count >= batchSize || batchBytes >= batchPhotoBytes { try write() }
                } catch let error as RecipeImportError {
                    report.unreadable.append("\(recipe.origin): \(error.message)")
                }
            }
        }
        try write()
        return report
    }

    /// Undoes an import: removes the recipes `slugs` and blobs `mediaIDs` it added, in one write.
    /// - Returns: how many recipes were removed.
    @discardableResult
    package static func undo(slugs: [String], mediaIDs: [String], db: Database) throws -> Int {
        try db.write { try RecipeLibraryStore.remove(slugs: slugs, mediaIDs: mediaIDs, in: $0) }
    }
}
