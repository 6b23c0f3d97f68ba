import ForgeArchive
import Foundation

/// Paprika 3 exports: `.paprikarecipes` is a zip whose entries are gzipped JSON recipes; a single
/// `.paprikarecipe` is one gzipped JSON. Keys read: `name`, `ingredients` and `directions` (newline text),
/// `servings`, `prep_time`/`cook_time`/`total_time` (free text such as "1 hr 10 mins"), `source_url`,
/// `description`, `notes`, `categories`, `nutritional_info` (free text), `photo_data` (base64, the main
/// photo) and `photos[].data` (the others).
package enum PaprikaReader {
    static func read(path: String, limits: ArchiveLimits, each: (LibraryEntry) throws -> Void) throws {
        let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 2) } ?? Data()
        if head.count == 2 && head[head.startIndex] == 0x1F && head[head.startIndex + 1] == 0x8B {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let gzip = try GunzipReader(path: path, limits: limits)
            try each(decode(gzip, origin: name))
            return
        }
        let zip = try ZipReader(path: path, limits: limits)
        var recipes = 0
        while let entry = try zip.nextEntry() {
            if entry.isDirectory || entry.isMacOSMetadata { continue }
            guard entry.path.lowercased().hasSuffix(".paprikarecipe") else { continue }
            recipes += 1
            let gzip: GunzipReader
            switch Result(catching: { () throws(ArchiveError) in
                try GunzipReader(stream: zip, name: entry.path, limits: limits)
            }) {
            case .success(let reader): gzip = reader
            case .failure(.notAnArchive):
                try each(.unreadable(origin: entry.path, reason: "not gzip data"))
                continue
            case .failure(let error): throw error
            }
            try each(decode(gzip, origin: entry.path))
        }
        if recipes == 0 { throw ArchiveError.notAnArchive("no .paprikarecipe entries") }
    }

    static func decode(_ gzip: GunzipReader, origin: String) throws -> LibraryEntry {
        guard let object = try gzip.readJSONObject(name: origin) else {
            return .unreadable(origin: origin, reason: "not a JSON recipe")
        }
        if let why = LibraryFormat.oversizedField(object) { return .unreadable(origin: origin, reason: why) }
        return .recipe(recipe(object, origin: origin))
    }

    /// The recipe a Paprika JSON object holds.
    package static func recipe(_ o: [String: Any], origin: String) -> LibraryRecipe {
        func text(_ key: String) -> String {
            (o[key] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        var recipe = LibraryRecipe(origin: origin, title: text("name"))
        recipe.ingredients = LibraryText.ingredientLines(text("ingredients"))
        recipe.steps = LibraryText.steps(text("directions"))
        recipe.prepMinutes = WrittenDuration.minutes(inField: text("prep_time"))
        recipe.cookMinutes = WrittenDuration.minutes(inField: text("cook_time"))
        recipe.totalMinutes = WrittenDuration.minutes(inField: text("total_time"))
        recipe.yield = text("servings")
        recipe.servings = LibraryText.servings(recipe.yield)
        recipe.description = text("description")
        recipe.notes = text("notes")
        recipe.sourceURL = text("source_url")
        recipe.tags = (o["categories"] as? [String] ?? []).filter { !$0.isEmpty }
        recipe.nutrition = LibraryText.nutrition(text("nutritional_info"))
        for (value, origin) in [(o["photo_data"], "photo_data")]
            + ((o["photos"] as? [[String: Any]]) ?? []).enumerated()
            .map({ ($1["data"], "photos[\($0)]") })
        {
            guard let base64 = value as? String, !base64.isEmpty else { continue }
            if let size = LibraryFormat.cutSize(base64) {
                recipe.warnings.append("photo \(origin) dropped: \(size) bytes of base64, over the 3 MiB cap")
                continue
            }
            guard let bytes = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
                recipe.warnings.append("photo \(origin) dropped: not valid base64")
                continue
            }
            _ = LibraryPhotos.accept(bytes, origin: origin, into: &recipe)
        }
        return recipe
    }
}
