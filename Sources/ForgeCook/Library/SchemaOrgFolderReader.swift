import ForgeArchive
import Foundation

/// Exports made of one folder per recipe, each with a schema.org JSON and its photos: Nextcloud Cookbook
/// (`<Recipe>/recipe.json`, `full.jpg`, `thumb.jpg`) and Mealie v0.5 (`recipes/<slug>/<slug>.json`,
/// `recipes/<slug>/images/*`). A folder's photos are collected until the next folder starts: the main photo
/// (`full.*`, `original.*`, else the first) becomes the hero; thumbnails (`thumb.*`, `thumb16.*`,
/// `min-original.*`, `tiny-original.*`) are derivatives and are not kept.
package enum SchemaOrgFolderReader {
    static func read(path: String, limits: ArchiveLimits, app: String, each: (LibraryEntry) throws -> Void) throws {
        let zip = try ZipReader(path: path, limits: limits)
        try read(zip, app: app, each: each)
    }

    static func read(_ zip: ZipReader, app: String, each: (LibraryEntry) throws -> Void) throws {
        var folder: String?
        var pending: LibraryRecipe?
        var photos: [(String, Data)] = []
        var found = 0
        while let entry = try zip.nextEntry() {
            if entry.isDirectory || entry.isMacOSMetadata { continue }
            let lower = entry.path.lowercased()
            let isJSON = lower.hasSuffix(".json")
            let isPhoto = LibraryPhotos.isPhoto(lower)
            guard isJSON || isPhoto else { continue }
            let recipeFolder = Self.recipeFolder(entry.path)
            if recipeFolder != folder {
                try flush(&pending, &photos, each: each)
                folder = recipeFolder
            }
            if isJSON {
                guard entry.fileName == "recipe.json" || isMealieRecipeJSON(entry.path) else { continue }
                found += 1
                guard let object = try zip.readJSONObject(name: entry.path) else {
                    try each(.unreadable(origin: entry.path, reason: "not a JSON recipe"))
                    continue
                }
                if let why = LibraryFormat.oversizedField(object) {
                    try each(.unreadable(origin: entry.path, reason: why))
                    continue
                }
                pending = LibraryRecipe(schemaOrg: object, origin: entry.path)
            } else {
                var warnings: [String] = []
                if let bytes = try LibraryPhotos.bytes(zip, entry: entry, warnings: &warnings) {
                    photos.append((entry.path, bytes))
                }
                pending?.warnings += warnings
            }
        }
        try flush(&pending, &photos, each: each)
        if found == 0 { throw ArchiveError.notAnArchive("no \(app) recipe.json in the zip") }
    }

    /// Sends the folder's recipe out with its photos (main photo first, thumbnails left out), and clears both.
    static func flush(
        _ pending: inout LibraryRecipe?, _ photos: inout [(String, Data)], each: (LibraryEntry) throws -> Void
    ) throws {
        let collected = photos
        photos = []
        guard var recipe = pending else { return }
        pending = nil
        for (origin, bytes) in collected.sorted(by: { rank($0.0) < rank($1.0) }) where !isThumbnail(origin) {
            _ = LibraryPhotos.accept(bytes, origin: origin, into: &recipe)
        }
        try each(.recipe(recipe))
    }

    /// The recipe folder an entry belongs to: its directory, with a trailing `images` folder dropped.
    static func recipeFolder(_ path: String) -> String {
        var parts = path.split(separator: "/").dropLast()
        if parts.last?.lowercased() == "images" { parts = parts.dropLast() }
        return parts.joined(separator: "/")
    }

    /// `recipes/<slug>/<slug>.json`.
    static func isMealieRecipeJSON(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count >= 2 && parts.last == "\(parts[parts.count - 2]).json"
    }

    static func isThumbnail(_ path: String) -> Bool {
        let name = (path.split(separator: "/").last ?? "").lowercased()
        return name.hasPrefix("thumb") || name.hasPrefix("min-original") || name.hasPrefix("tiny-original")
    }

    static func rank(_ path: String) -> Int {
        let name = (path.split(separator: "/").last ?? "").lowercased()
        return name.hasPrefix("full") || name.hasPrefix("original") ? 0 : 1
    }
}
