import ForgeArchive
import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeCook

/// ../shared/data/movein beside the checkout (four levels above this file); absent outside this workplace.
private let sharedMovein = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data/movein").path

/// The shared real Paprika 3 export (36 recipes, MIT, swizzlevixen/Recipes), imported whole and checked
/// against an independent reading of the same file (python3's zipfile, gzip and json).
@Suite(
    .enabled(
        if: FileManager.default.fileExists(atPath: sharedMovein),
        "needs ../shared/data/movein beside the checkout (absent outside this workplace)"))
struct PaprikaLibraryTests {
    /// ../shared/data/movein/paprika/ of this workplace (four levels above this file).
    static let export: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/data/movein/paprika/swizzlevixen__Recipes__My Recipes.paprikarecipes")
            .path
    }()

    /// The file as python reads it: per entry, name, ingredients and directions text, servings, photo count and notes.
    static func independentReading() throws -> [[String: Any]] {
        let script = """
            import gzip, json, sys, zipfile
            out = []
            with zipfile.ZipFile(sys.argv[1]) as z:
                for info in z.infolist():
                    d = json.loads(gzip.decompress(z.read(info)))
                    photos = (1 if d.get('photo_data') else 0) + sum(1 for p in d.get('photos') or [] if p.get('data'))
                    out.append({'name': d.get('name') or '', 'ingredients': d.get('ingredients') or '',
                                'directions': d.get('directions') or '', 'servings': d.get('servings') or '',
                                'photos': photos, 'source_url': d.get('source_url') or '',
                                'notes': (d.get('notes') or '').strip()})
            print(json.dumps(out))
            """
        let data = try runPython(script, arguments: [export])
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// Collapsed, without a trailing colon: how a heading line and its section compare.
    static func norm(_ text: String) -> String {
        var t = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        while t.hasSuffix(":") { t.removeLast() }
        return t.trimmingCharacters(in: CharacterSet(charactersIn: "*# -"))
    }

    @Test func everyEntryWithContentImportsWithItsLinesStepsPhotosTimesAndServings() throws {
        try #require(FileManager.default.fileExists(atPath: Self.export), "the shared Paprika export is missing")
        let expected = try Self.independentReading()
        #expect(expected.count == 36)
        let isLink = { (e: [String: Any]) -> Bool in
            (e["ingredients"] as? String ?? "").isEmpty
                && (e["directions"] as? String ?? "").split(whereSeparator: \.isWhitespace).allSatisfy {
                    $0.hasPrefix("http")
                }
        }
        let withContent = expected.filter { !isLink($0) }
        try withCookDatabase { db in
            try db.write { _ = try IngredientStore.seed(in: $0) }
            let report = try RecipeLibraryImport.run(.paprika, path: Self.export, db: db, now: Date())
            #expect(report.rowsRead == 36)
            #expect(report.recipesAdded == withContent.count, "\(report.unreadable)")
            #expect(report.linkOnly.count == 36 - withContent.count)
            #expect(report.linkOnly.first?.contains("https://us13.campaign-archive.com") == true)
            #expect(report.unreadable.isEmpty)
            #expect(report.duplicates.isEmpty)
            // Real food (issue 37): at least 90 % of a real library is complete, each parked one with its reason.
            #expect(Double(report.parked) <= 0.1 * Double(report.recipesAdded), "\(report.warnings)")
            #expect(report.warnings.filter { $0.contains(": parked: ") }.count >= report.parked)

            let recipes = try db.read { try RecipeStore.all(in: $0) }
            #expect(recipes.count == withContent.count)
            for entry in withContent {
                let name = entry["name"] as? String ?? ""
                let recipe = try #require(recipes.first { $0.name == name }, "\(name) not imported")
                // Ingredients, line by line: each heading then its lines, as the file writes them.
                var lines: [String] = []
                var section: String?
                for line in recipe.ingredients {
                    if line.section != section, let s = line.section { lines.append(Self.norm(s)) }
                    section = line.section
                    lines.append(Self.norm(line.raw ?? ""))
                }
                lines = lines.filter { !$0.isEmpty }
                let fileLines = (entry["ingredients"] as? String ?? "").split(whereSeparator: \.isNewline)
                    .map { Self.norm(String($0)) }.filter { !$0.isEmpty }
                #expect(lines == fileLines, "\(name) ingredients")
                // Steps, line by line: each section then its steps.
                var steps: [String] = []
                var stepSection: String?
                for step in recipe.steps {
                    if step.section != stepSection, let s = step.section { steps.append(Self.norm(s)) }
                    stepSection = step.section
                    steps.append(Self.norm(step.detail))
                }
                steps = steps.filter { !$0.isEmpty }
                let fileSteps = (entry["directions"] as? String ?? "").split(whereSeparator: \.isNewline)
                    .map { Self.norm(String($0)) }.filter { !$0.isEmpty }
                #expect(steps == fileSteps, "\(name) steps")
                #expect(recipe.images.count == entry["photos"] as? Int, "\(name) photos")
                #expect(recipe.images.allSatisfy { $0.hasPrefix("/api/food/media/") })
                #expect(recipe.yield == (entry["servings"] as? String ?? ""), "\(name) yield")
                #expect(recipe.sourceURL == (entry["source_url"] as? String ?? ""))
                #expect(recipe.source == "paprika")
                let notes = (entry["notes"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(recipe.notes == notes, "\(name) notes")
            }
            let gyoza = try #require(recipes.first { $0.name.hasPrefix("The Best Japanese Pork") })
            #expect(gyoza.ingredients.first?.section == "For the Dumplings")
            #expect(gyoza.ingredients.last?.section == "For the Sauce")
            #expect(gyoza.ingredients.contains { $0.raw == "For the Sauce:" } == false)
            let cookies = try #require(recipes.first { $0.name == "Dark & Stormy Cookies" })
            #expect(cookies.ingredients.first?.section == "Cookies")
            #expect(cookies.ingredients.last?.section == "Icing")
            // Times: total when given, else prep + cook; servings from the yield as written.
            let byName = Dictionary(uniqueKeysWithValues: recipes.map { ($0.name, $0) })
            #expect(byName["Banana Quick Bread"]?.minutes == 90)  // total "1 hr, 30 min"
            #expect(byName["American Chop Suey"]?.minutes == 60)  // "30 mins" + "30 mins"
            #expect(byName["Bourbon Balls (or Rum)"]?.minutes == 240)  // "30 minutes" + "3 hours 30 minutes"
            #expect(byName["Crumpets"]?.minutes == 120)  // total "2 hours"
            #expect(byName["Dark & Stormy Cookies"]?.minutes == 30)  // total "30m"
            #expect(byName["Spiced Mulled Cider"]?.minutes == 40)  // "5 minutes" + "35 minutes to 4 hours"
            #expect(byName["Chili, Slow Cooker"]?.serves == 6)  // "Serves: 6"
            #expect(byName["Bourbon Balls (or Rum)"]?.serves == 20)
            #expect(byName["Cold-Brewed Iced Coffee"]?.serves == 2)  // "Yield two drinks"
            #expect(byName["Club Indian Pudding"]?.serves == 2)  // no yield: the default
            #expect(byName["Dark & Stormy Cookies"]?.images.count == 8)
            #expect(byName["Banana Quick Bread"]?.macros.kcal == 155)  // its own nutritional_info
            #expect(byName["Banana Quick Bread"]?.macrosSource == "recipe")
            #expect(withContent.contains { !($0["notes"] as? String ?? "").isEmpty })
            #expect(byName["Cherry Nut Muffins"]?.tags == ["sides", "solstice"])
            let blobs = try db.read { try MediaStore.count(owner: nil, in: $0) }
            #expect(blobs == report.photos)
            #expect(blobs == withContent.reduce(0) { $0 + ($1["photos"] as? Int ?? 0) })
        }
    }

    @Test func reImportAddsNothingAndUndoRemovesExactlyWhatWasAdded() throws {
        try withCookDatabase { db in
            try db.write { _ = try IngredientStore.seed(in: $0) }
            let seeded = try db.write {
                try RecipeStore.seedCurated(CuratedRecipes.seed(reference: .seed), now: Date(), in: $0)
            }
            var added: [String: [String]] = [:]
            let first = try RecipeLibraryImport.run(
                .paprika, path: Self.export, db: db, now: Date(),
                record: { table, id, _ in added[table, default: []].append(id) })
            #expect(first.recipesAdded == 35)
            let second = try RecipeLibraryImport.run(.paprika, path: Self.export, db: db, now: Date())
            #expect(second.recipesAdded == 0)
            #expect(second.duplicates.count == 35)
            #expect(second.photos == 0)
            #expect(try db.read { try RecipeStore.all(in: $0) }.count == seeded + 35)
            let removed = try RecipeLibraryImport.undo(
                slugs: added["recipes"] ?? [], mediaIDs: added["media"] ?? [], db: db)
            #expect(removed == 35)
            #expect(try db.read { try RecipeStore.all(in: $0) }.count == seeded)
            #expect(try db.read { try MediaStore.count(owner: nil, in: $0) } == 0)
            // After the undo the same file imports again.
            let third = try RecipeLibraryImport.run(.paprika, path: Self.export, db: db, now: Date())
            #expect(third.recipesAdded == 35)
        }
    }
}
