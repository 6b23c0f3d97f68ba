import ForgeArchive
import ForgeCore
import ForgeStore
import Foundation

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
    /// - Returns: the import's report (kind `format`'s name): `rows_read` = recipe-like entries;
    ///   `added.recipes`, `added.photos`; `already.recipes` = recipes found already in the library
    ///   (a re-import reports everything there); `skipped.link_only` (entries that are only a link,
    ///   "title — URL") and `skipped.unreadable_entry` ("origin: reason"); lists `link_only`,
    ///   `duplicates` (titles), `parked` (`N of M recipes`, §4.21), `unknown_ingredients` (the 20 most
    ///   frequent, "name (recipes)"); warnings "title: what" (a photo dropped, a text cut, why a
    ///   recipe is parked).
    /// - Throws: ``LibraryExportError`` (nothing written) when the file is not a readable export of `format`;
    ///   ``ArchiveError/libraryUnavailable(_:)``; database errors (the batch in flight is rolled back).
    package static func run(
        _ format: LibraryFormat, path: String, db: Database, now: Date, limits: ArchiveLimits = .standard,
        batchSize: Int = 25, batchPhotoBytes: Int = 8_000_000, record: Recorder? = nil,
        progress: ((Int) -> Void)? = nil
    ) throws -> ImportReport {
        var total = 0
        try format.read(path: path, limits: limits) { _ in total += 1 }
        if total == 0 { throw LibraryExportError("this \(format.title) export holds no recipes") }

        let reference = try db.read { try IngredientStore.reference(in: $0) }
        var report = ImportReport(kind: format.rawValue)
        var linkOnly: [String] = []
        var unreadable: [String] = []
        var duplicates: [String] = []
        var parked = 0
        var unknownIngredients: [String: Int] = [:]
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
                    duplicates.append(input.name)
                case .added(let recipe, let media, let parkedBy, let photoWarnings):
                    report.add("recipes")
                    if !media.isEmpty { report.add("photos", media.count) }
                    if !parkedBy.isEmpty { parked += 1 }
                    // Foods that matched nothing, weighed or not, as the macros computation names them.
                    let computation = RecipeMacros.compute(
                        ingredients: recipe.ingredients, reference: reference, serves: recipe.serves)
                    let unknown = Set(
                        (computation.unknownIngredients + computation.unmatchedNames).map { $0.lowercased() })
                    for name in unknown { unknownIngredients[name, default: 0] += 1 }
                    report.warnings += (warnings + photoWarnings + parkedBy.map { "parked: \($0)" }).map {
                        "\(recipe.name): \($0)"
                    }
                }
            }
            progress?(report.rowsRead)
        }
        try format.read(path: path, limits: limits) { entry in
            report.rowsRead += 1
            switch entry {
            case .unreadable(let origin, let reason):
                unreadable.append("\(origin): \(reason)")
            case .recipe(let recipe):
                if recipe.isLinkOnly {
                    let link =
                        recipe.sourceURL.isEmpty ? recipe.steps.map(\.text).joined(separator: " ") : recipe.sourceURL
                    linkOnly.append([recipe.title, link].filter { !$0.isEmpty }.joined(separator: " — "))
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
                    unreadable.append("\(recipe.origin): \(error.message)")
                }
            }
        }
        try write()
        if !duplicates.isEmpty { report.found("recipes", duplicates.count) }
        for link in linkOnly { report.skip(line: 0, reason: "link_only", detail: link) }
        for entry in unreadable { report.skip(line: 0, reason: "unreadable_entry", detail: entry) }
        if !linkOnly.isEmpty { report.lists["link_only"] = linkOnly }
        if !duplicates.isEmpty { report.lists["duplicates"] = duplicates }
        if parked > 0 { report.lists["parked"] = ["\(parked) of \(report.added["recipes"] ?? 0) recipes"] }
        let unknown = unknownIngredients.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        if !unknown.isEmpty {
            report.lists["unknown_ingredients"] = unknown.prefix(20).map { "\($0.key) (\($0.value))" }
        }
        return report
    }

    /// Undoes an import: removes the recipes `slugs` and blobs `mediaIDs` it added, in one write.
    /// - Returns: how many recipes were removed.
    @discardableResult
    package static func undo(slugs: [String], mediaIDs: [String], db: Database) throws -> Int {
        try db.write { try RecipeLibraryStore.remove(slugs: slugs, mediaIDs: mediaIDs, in: $0) }
    }
}
