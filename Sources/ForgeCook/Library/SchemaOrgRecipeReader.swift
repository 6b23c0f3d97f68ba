import ForgeArchive
import Foundation

/// A schema.org `Recipe` JSON object as Nextcloud Cookbook writes `recipe.json` and Mealie v0.5 writes
/// `<slug>.json` (with its own snake_case names, `recipe_ingredient`, `recipe_instructions`, `prep_time`,
/// `perform_time`, `total_time`, `recipe_yield`, `recipe_category`, read as the schema.org ones):
/// `name`, `recipeIngredient` (strings, or Mealie's objects with `note`/`title`),
/// `recipeInstructions` (text, strings, `HowToStep`s, `HowToSection`s, Mealie's `{title, text}`),
/// `prepTime`/`cookTime`/`totalTime` (ISO 8601 or free text), `recipeYield`, `description`, `url`/`orgURL`,
/// `keywords`, `recipeCategory`, `tags`, `nutrition`, `notes`.
package enum SchemaOrgRecipeReader {
    /// The recipe in `o` (a decoded JSON object, as described above); missing or mistyped
    /// fields are left empty, never an error.
    /// - Parameter origin: where it came from (the file name in the archive), kept on the recipe.
    package static func recipe(_ raw: [String: Any], origin: String) -> LibraryRecipe {
        // Mealie v0.5 writes its own field names (recipe_ingredient, recipe_instructions, …): as schema.org's.
        var o = raw
        for (snake, camel) in snakeKeys where o[camel] == nil { o[camel] = raw[snake] }
        func text(_ value: Any?) -> String {
            if let s = value as? String { return s.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let n = value as? NSNumber { return n.stringValue }
            return ""
        }
        var recipe = LibraryRecipe(origin: origin, title: HTMLText.collapse(text(o["name"])))
        var section: String?
        let items = (o["recipeIngredient"] as? [Any]) ?? (o["recipeIngredient"] as? String).map({ [$0] }) ?? []
        if items.allSatisfy({ $0 is String }) {
            // Plain lines: headings among them ("For the tarka:") become sections, as in Paprika's text.
            let text = items.compactMap { $0 as? String }.map { HTMLText.plain($0) }.joined(separator: "\n")
            recipe.ingredients = LibraryText.ingredientLines(text)
        }
        for item in items where !(item is String) {
            if let object = item as? [String: Any] {
                // Mealie: a `title` starts a section; `original_text`/`note` (and quantity, unit, food) is the line.
                let title = text(object["title"])
                if !title.isEmpty { section = title }
                var line = text(object["originalText"] ?? object["original_text"])
                if line.isEmpty {
                    let quantity =
                        (object["quantity"] as? NSNumber).map { $0.doubleValue > 0 ? format($0.doubleValue) : "" } ?? ""
                    let unit = text((object["unit"] as? [String: Any])?["name"] ?? object["unit"])
                    let food = text((object["food"] as? [String: Any])?["name"] ?? object["food"])
                    line = [quantity, unit, food, text(object["note"])].filter { !$0.isEmpty }.joined(separator: " ")
                }
                if !line.isEmpty { recipe.ingredients.append(LibraryRecipe.Line(line, section: section)) }
            }
        }
        recipe.steps = steps(o["recipeInstructions"], section: "")
        recipe.prepMinutes = LibraryText.minutes(text(o["prepTime"]))
        recipe.cookMinutes = LibraryText.minutes(text(o["cookTime"] ?? o["performTime"]))
        recipe.totalMinutes = LibraryText.minutes(text(o["totalTime"]))
        recipe.yield = RecipeYield.text(o["recipeYield"] ?? o["recipeServings"])
        recipe.servings =
            RecipeYield.servings(o["recipeYield"] ?? o["recipeServings"]) ?? LibraryText.servings(recipe.yield)
        recipe.description = HTMLText.plain(text(o["description"]))
        recipe.sourceURL = text(o["url"] ?? o["orgURL"] ?? o["org_url"])
        var tags: [String] = []
        for key in ["recipeCategory", "keywords", "tags", "tools"] {
            let values: [String]
            if let s = o[key] as? String {
                values = s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            } else if let list = o[key] as? [Any] {
                values = list.map { text(($0 as? [String: Any])?["name"] ?? $0) }
            } else {
                values = []
            }
            for tag in values where !tag.isEmpty && !tags.contains(tag) && key != "tools" { tags.append(tag) }
        }
        recipe.tags = tags
        recipe.nutrition = NutritionText.read(mealieNutrition(o["nutrition"]))
        if let notes = o["notes"] as? [[String: Any]] {
            recipe.notes = notes.map {
                [text($0["title"]), text($0["text"])].filter { !$0.isEmpty }.joined(separator: ": ")
            }
            .joined(separator: "\n")
        } else {
            recipe.notes = text(o["notes"])
        }
        return recipe
    }

    /// Mealie v0.5's field names and the schema.org names read for them.
    static let snakeKeys: [(String, String)] = [
        ("recipe_ingredient", "recipeIngredient"), ("recipe_instructions", "recipeInstructions"),
        ("prep_time", "prepTime"), ("perform_time", "performTime"), ("cook_time", "cookTime"),
        ("total_time", "totalTime"), ("recipe_yield", "recipeYield"), ("recipe_category", "recipeCategory"),
    ]

    /// Mealie writes nutrition with its own keys (`calories`, `proteinContent`, …, some as strings): the same
    /// names as schema.org, passed through.
    static func mealieNutrition(_ value: Any?) -> Any? { value }

    /// Steps from `recipeInstructions` in any of its shapes.
    static func steps(_ value: Any?, section: String) -> [PageRecipe.Step] {
        if let s = value as? String {
            return LibraryText.steps(HTMLText.blocks(s).joined(separator: "\n")).map {
                PageRecipe.Step(text: $0.text, section: $0.section.isEmpty ? section : $0.section)
            }
        }
        guard let list = value as? [Any] else { return [] }
        var out: [PageRecipe.Step] = []
        for item in list {
            if let s = item as? String {
                out += steps(s, section: section)
            } else if let o = item as? [String: Any] {
                let type = (o["@type"] as? String) ?? ""
                if type == "HowToSection" || o["itemListElement"] != nil {
                    out += steps(o["itemListElement"], section: HTMLText.plain((o["name"] as? String) ?? section))
                } else {
                    let title = HTMLText.plain((o["title"] as? String) ?? "")
                    let body = (o["text"] as? String) ?? (o["name"] as? String) ?? ""
                    // Mealie's step `title` starts a section of its own.
                    out += steps(body, section: title.isEmpty ? section : title)
                }
            }
        }
        return out
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}

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
                pending = SchemaOrgRecipeReader.recipe(object, origin: entry.path)
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
