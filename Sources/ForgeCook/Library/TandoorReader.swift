import ForgeArchive
import Foundation

/// Tandoor exports: a zip holding one zip per recipe (`1.zip`, …), each with `recipe.json` and `image.*`.
/// `recipe.json`: `name`, `description`, `keywords[].name`, `steps[]` (`name`, `instruction`,
/// `ingredients[]` with `food.name`, `unit.name`, `amount`, `note`, `is_header`, `no_amount`,
/// `original_text`), `working_time`/`waiting_time` (minutes), `servings`, `servings_text`, `source_url`,
/// `nutrition`. A step's name is the section of its ingredients and its method; a header ingredient starts
/// a section of its own.
package enum TandoorReader {
    static func read(path: String, limits: ArchiveLimits, each: (LibraryEntry) throws -> Void) throws {
        let outer = try ZipReader(path: path, limits: limits)
        var found = 0
        while let entry = try outer.nextEntry() {
            guard !entry.isDirectory, !entry.isMacOSMetadata, entry.path.lowercased().hasSuffix(".zip") else {
                continue
            }
            found += 1
            let inner: ZipReader
            switch Result(catching: { () throws(ArchiveError) in try ZipReader(stream: outer, limits: limits) }) {
            case .success(let reader): inner = reader
            case .failure(.notAnArchive(let why)):
                try each(.unreadable(origin: entry.path, reason: why))
                continue
            case .failure(let error): throw error
            }
            var recipe: LibraryRecipe?
            var photos: [(String, Data)] = []
            var dropped: [String] = []
            var refused: String?
            while let item = try inner.nextEntry() {
                guard !item.isDirectory, !item.isMacOSMetadata else { continue }
                let origin = "\(entry.path)/\(item.path)"
                if item.fileName == "recipe.json" {
                    guard let object = try inner.readJSONObject(name: origin) else { continue }
                    if let why = LibraryFormat.oversizedField(object) {
                        refused = why
                        continue
                    }
                    recipe = Self.recipe(object, origin: origin)
                } else if LibraryPhotos.isPhoto(item.path) {
                    var warnings: [String] = []
                    let named = ArchiveEntry(path: origin, declaredSize: item.declaredSize, isDirectory: false)
                    if let bytes = try LibraryPhotos.bytes(inner, entry: named, warnings: &warnings) {
                        photos.append((origin, bytes))
                    }
                    dropped += warnings
                }
            }
            guard var recipe else {
                try each(.unreadable(origin: entry.path, reason: refused ?? "no recipe.json"))
                continue
            }
            recipe.warnings += dropped
            for (origin, bytes) in photos { _ = LibraryPhotos.accept(bytes, origin: origin, into: &recipe) }
            try each(.recipe(recipe))
        }
        if found == 0 { throw ArchiveError.notAnArchive("no per-recipe zips in the export") }
    }

    /// The recipe a Tandoor `recipe.json` holds.
    package static func recipe(_ o: [String: Any], origin: String) -> LibraryRecipe {
        func text(_ value: Any?) -> String {
            if let s = value as? String { return s.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let n = value as? NSNumber { return n.stringValue }
            return ""
        }
        var recipe = LibraryRecipe(origin: origin, title: text(o["name"]))
        recipe.description = text(o["description"])
        recipe.sourceURL = text(o["source_url"])
        recipe.tags = ((o["keywords"] as? [Any]) ?? []).map { text(($0 as? [String: Any])?["name"] ?? $0) }
            .filter { !$0.isEmpty }
        let working = (o["working_time"] as? NSNumber)?.intValue ?? 0
        let waiting = (o["waiting_time"] as? NSNumber)?.intValue ?? 0
        recipe.prepMinutes = working > 0 ? working : nil
        recipe.cookMinutes = waiting > 0 ? waiting : nil
        let servingsText = text(o["servings_text"])
        let servings = (o["servings"] as? NSNumber)?.intValue
        recipe.yield = [servings.map(String.init) ?? "", servingsText].filter { !$0.isEmpty }.joined(separator: " ")
        recipe.servings = servings.flatMap { $0 >= 1 ? $0 : nil } ?? LibraryText.servings(servingsText)
        let steps = ((o["steps"] as? [[String: Any]]) ?? []).sorted {
            (($0["order"] as? NSNumber)?.intValue ?? 0) < (($1["order"] as? NSNumber)?.intValue ?? 0)
        }
        for step in steps {
            let name = text(step["name"])
            var section: String? = name.isEmpty ? nil : name
            for ingredient in (step["ingredients"] as? [[String: Any]]) ?? [] {
                if (ingredient["is_header"] as? Bool) == true {
                    let header = text(ingredient["note"] ?? (ingredient["food"] as? [String: Any])?["name"])
                    if !header.isEmpty { section = header }
                    continue
                }
                var line = text(ingredient["original_text"])
                if line.isEmpty {
                    let noAmount = (ingredient["no_amount"] as? Bool) == true
                    let amount =
                        (ingredient["amount"] as? NSNumber).map {
                            $0.doubleValue > 0 && !noAmount ? LibraryText.number($0.doubleValue) : ""
                        } ?? ""
                    let unit = text((ingredient["unit"] as? [String: Any])?["name"])
                    let food = text((ingredient["food"] as? [String: Any])?["name"])
                    let note = text(ingredient["note"])
                    line = [amount, unit, food].filter { !$0.isEmpty }.joined(separator: " ")
                    if !note.isEmpty { line += line.isEmpty ? note : ", " + note }
                }
                if !line.isEmpty { recipe.ingredients.append(LibraryRecipe.Line(line, section: section)) }
            }
            recipe.steps += LibraryText.steps(text(step["instruction"]), section: name)
        }
        recipe.nutrition = NutritionText.read(o["nutrition"])
        return recipe
    }
}
