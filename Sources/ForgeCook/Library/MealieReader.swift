import ForgeArchive
import Foundation

/// Mealie exports. v0.5 exports are a zip of `recipes/<slug>/<slug>.json` (schema.org-like keys, read by
/// ``LibraryRecipe/init(schemaOrg:origin:)``) with `recipes/<slug>/images/*`. v1 backups are a zip with `database.json` (a
/// dump of every table: `recipes`, `recipes_ingredients`, `recipe_instructions`, `ingredient_units`,
/// `ingredient_foods`, `tags`/`recipes_to_tags`, `categories`/`recipes_to_categories`, `notes`,
/// `recipe_nutrition`) and `data/recipes/<id>/images/original.*`.
package enum MealieReader {
    static func read(path: String, limits: ArchiveLimits, each: (LibraryEntry) throws -> Void) throws {
        // Which layout: a backup names database.json.
        var isBackup = false
        do {
            let zip = try ZipReader(path: path, limits: limits)
            while !isBackup, let entry = try zip.nextEntry() {
                if !entry.isMacOSMetadata && entry.fileName == "database.json" { isBackup = true }
            }
        }
        if !isBackup {
            try SchemaOrgFolderReader.read(path: path, limits: limits, app: "Mealie", each: each)
            return
        }
        var recipes: [String: LibraryRecipe] = [:]
        var order: [String] = []
        let zip = try ZipReader(path: path, limits: limits)
        while let entry = try zip.nextEntry() {
            guard !entry.isMacOSMetadata, entry.fileName == "database.json" else { continue }
            guard let database = try zip.readJSONObject(name: entry.path) else {
                throw ArchiveError.notAnArchive("database.json is not a JSON object of tables")
            }
            if let why = LibraryFormat.oversizedField(database) {
                throw ArchiveError.expansionRefused("refused: database.json: \(why)")
            }
            (recipes, order) = backupRecipes(database)
            break
        }
        // Photos: data/recipes/<id>/images/original.*; each recipe goes out when its photo is read.
        let photos = try ZipReader(path: path, limits: limits)
        while let entry = try photos.nextEntry() {
            let parts = entry.path.split(separator: "/").map(String.init)
            guard !entry.isMacOSMetadata, parts.count >= 4, parts[parts.count - 2] == "images",
                parts.last?.lowercased().hasPrefix("original.") == true
            else { continue }
            let id = key(parts[parts.count - 3])
            guard var recipe = recipes.removeValue(forKey: id) else { continue }
            try LibraryPhotos.read(photos, entry: entry, into: &recipe)
            try each(.recipe(recipe))
        }
        for id in order { if let recipe = recipes[id] { try each(.recipe(recipe)) } }
    }

    /// Ids compared without dashes and case (Mealie writes UUIDs both ways).
    static func key(_ id: Any?) -> String {
        let text = (id as? String) ?? (id as? NSNumber)?.stringValue ?? ""
        return text.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The recipes of a v1 `database.json`, by id, and their order.
    static func backupRecipes(_ db: [String: Any]) -> ([String: LibraryRecipe], [String]) {
        func table(_ name: String) -> [[String: Any]] { (db[name] as? [[String: Any]]) ?? [] }
        func text(_ value: Any?) -> String {
            if let s = value as? String { return s.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let n = value as? NSNumber { return n.stringValue }
            return ""
        }
        func byID(_ name: String) -> [String: [String: Any]] {
            Dictionary(table(name).map { (key($0["id"]), $0) }, uniquingKeysWith: { a, _ in a })
        }
        let units = byID("ingredient_units")
        let foods = byID("ingredient_foods")
        let tags = byID("tags")
        let categories = byID("categories")
        var recipes: [String: LibraryRecipe] = [:]
        var order: [String] = []
        for row in table("recipes") {
            let id = key(row["id"])
            var recipe = LibraryRecipe(origin: "database.json recipes \(text(row["slug"]))", title: text(row["name"]))
            recipe.description = text(row["description"])
            recipe.prepMinutes = WrittenDuration.minutes(inField: text(row["prep_time"]))
            recipe.cookMinutes = WrittenDuration.minutes(inField: text(row["perform_time"] ?? row["cook_time"]))
            recipe.totalMinutes = WrittenDuration.minutes(inField: text(row["total_time"]))
            recipe.yield = text(row["recipe_yield"])
            if recipe.yield.isEmpty, let servings = row["recipe_servings"] as? NSNumber, servings.doubleValue >= 1 {
                recipe.yield = LibraryText.number(servings.doubleValue)
            }
            recipe.servings = LibraryText.servings(recipe.yield)
            recipe.sourceURL = text(row["org_url"])
            recipes[id] = recipe
            order.append(id)
        }
        let sorted = { (rows: [[String: Any]]) in
            rows.sorted {
                (($0["position"] as? NSNumber)?.intValue ?? 0) < (($1["position"] as? NSNumber)?.intValue ?? 0)
            }
        }
        var sections: [String: String] = [:]
        for row in sorted(table("recipes_ingredients")) {
            let id = key(row["recipe_id"])
            guard recipes[id] != nil else { continue }
            let title = text(row["title"])
            if !title.isEmpty { sections[id] = title }
            var line = text(row["original_text"])
            if line.isEmpty {
                let quantity =
                    (row["quantity"] as? NSNumber).map {
                        $0.doubleValue > 0 ? LibraryText.number($0.doubleValue) : ""
                    } ?? ""
                let unit = text(units[key(row["unit_id"])]?["name"])
                let food = text(foods[key(row["food_id"])]?["name"])
                line = [quantity, unit, food, text(row["note"])].filter { !$0.isEmpty }.joined(separator: " ")
            }
            if !line.isEmpty { recipes[id]?.ingredients.append(LibraryRecipe.Line(line, section: sections[id])) }
        }
        for row in sorted(table("recipe_instructions")) {
            let id = key(row["recipe_id"])
            guard recipes[id] != nil else { continue }
            recipes[id]?.steps += InstructionFlattener.typed(text(row["text"]), section: text(row["title"]))
        }
        for (link, names, column) in [
            ("recipes_to_tags", tags, "tag_id"), ("recipes_to_categories", categories, "category_id"),
        ] {
            for row in table(link) {
                let id = key(row["recipe_id"])
                let name = text(names[key(row[column])]?["name"])
                if !name.isEmpty, recipes[id]?.tags.contains(name) == false { recipes[id]?.tags.append(name) }
            }
        }
        for row in table("notes") {
            let id = key(row["recipe_id"])
            let note = [text(row["title"]), text(row["text"])].filter { !$0.isEmpty }.joined(separator: ": ")
            if !note.isEmpty, var recipe = recipes[id] {
                recipe.notes += (recipe.notes.isEmpty ? "" : "\n") + note
                recipes[id] = recipe
            }
        }
        for row in table("recipe_nutrition") {
            let id = key(row["recipe_id"])
            recipes[id]?.nutrition = NutritionText.read([
                "calories": row["calories"] as Any, "proteinContent": row["protein_content"] as Any,
                "carbohydrateContent": row["carbohydrate_content"] as Any, "sugarContent": row["sugar_content"] as Any,
                "fiberContent": row["fiber_content"] as Any, "fatContent": row["fat_content"] as Any,
                "saturatedFatContent": row["saturated_fat_content"] as Any,
                "sodiumContent": row["sodium_content"] as Any,
            ])
        }
        return (recipes, order)
    }
}
