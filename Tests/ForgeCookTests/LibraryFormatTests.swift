import ForgeArchive
import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeCook

/// Mealie (both layouts), Tandoor and Nextcloud Cookbook exports built in each app's documented layout, and
/// the bad inputs every library import refuses with nothing written.
@Suite struct LibraryFormatTests {
    /// Imports `path` as `format` into a fresh database with the ingredient reference; answers the report and
    /// the recipes by name.
    func imported(_ format: LibraryFormat, _ path: String) throws -> (ImportReport, [String: Recipe]) {
        try withCookDatabase { db in
            try db.write { _ = try IngredientStore.seed(in: $0) }
            let report = try RecipeLibraryImport.run(format, path: path, db: db, now: Date())
            let recipes = try db.read { try RecipeStore.all(in: $0) }
            return (report, Dictionary(uniqueKeysWithValues: recipes.map { ($0.name, $0) }))
        }
    }

    static let photo = TinyImage.jpeg

    /// The format `auto` guesses for `path`, from the zip's directory; the guess from the file's first 64 KiB
    /// (what the import pipeline sniffs) must agree.
    func sniffed(_ path: String) throws -> LibraryFormat? {
        let head = try #require(FileHandle(forReadingAtPath: path)).readData(ofLength: 64 << 10)
        let fromHead = LibraryFormat.sniff(name: URL(fileURLWithPath: path).lastPathComponent, head: Array(head))
        let fromDirectory = LibraryFormat.sniff(path: path)
        #expect(fromHead == fromDirectory, "\(path)")
        return fromDirectory
    }

    @Test func nextcloudCookbookFoldersWithRecipeJSONAndPhotos() throws {
        let fixtures = try LibraryFixtures()
        let dahl: [String: Any] = [
            "@context": "http://schema.org", "@type": "Recipe", "name": "Red Lentil Dahl",
            "url": "https://cook.example.org/dahl", "recipeYield": 4, "prepTime": "PT10M", "cookTime": "PT35M",
            "totalTime": "PT45M", "recipeCategory": "Dinner", "keywords": "lentils,vegan",
            "description": "A weeknight dahl.",
            "recipeIngredient": [
                "200 g red lentils", "1 onion, chopped", "For the tarka:", "2 tbsp oil", "1 tsp cumin seeds",
            ],
            "recipeInstructions": ["Rinse the lentils.", "Simmer until soft.\nSeason."],
            "nutrition": ["@type": "NutritionInformation", "calories": "320 kcal", "proteinContent": "18 g"],
        ]
        let mix: [String: Any] = [
            "name": "Tarka Spice Mix", "url": "https://cook.example.org/dahl", "recipeYield": "1 jar",
            "recipeIngredient": ["1 tbsp cumin seeds"], "recipeInstructions": "Toast the seeds.",
        ]
        let path = try fixtures.zip(
            "cookbook.zip",
            [
                ("Recipes/Red Lentil Dahl/full.jpg", .bytes(Self.photo)),
                ("Recipes/Red Lentil Dahl/recipe.json", .json(dahl)),
                ("Recipes/Red Lentil Dahl/thumb.jpg", .bytes(Self.photo)),
                ("Recipes/Red Lentil Dahl/thumb16.jpg", .bytes(Self.photo)),
                ("__MACOSX/Recipes/Red Lentil Dahl/._recipe.json", .bytes(Data([0, 5, 22, 7]))),
                ("Recipes/.DS_Store", .bytes(Data([0, 0, 0, 1]))),
                ("Recipes/Tarka Spice Mix/recipe.json", .json(mix)),
            ])
        #expect(try sniffed(path) == .nextcloud)
        let (report, recipes) = try imported(.nextcloud, path)
        #expect(report.recipesAdded == 2, "\(report)")
        let recipe = try #require(recipes["Red Lentil Dahl"])
        #expect(
            recipe.ingredients.map(\.raw) == [
                "200 g red lentils", "1 onion, chopped", "2 tbsp oil", "1 tsp cumin seeds",
            ])
        #expect(recipe.ingredients.map(\.section) == [nil, nil, "For the tarka", "For the tarka"])
        #expect(recipe.steps.map(\.detail) == ["Rinse the lentils.", "Simmer until soft.", "Season."])
        #expect(recipe.minutes == 45 && recipe.serves == 4 && recipe.yield == "4")
        #expect(recipe.tags == ["dinner", "lentils", "vegan"] && recipe.kind == .dinner)
        #expect(recipe.images.count == 1)  // full.jpg; thumbnails are derivatives
        #expect(recipe.macros.kcal == 320 && recipe.macros.proteinG == 18)
        #expect(recipe.sourceURL == "https://cook.example.org/dahl")
        // The spice mix shares the page's URL: not a duplicate of the dahl.
        #expect(recipes["Tarka Spice Mix"]?.steps.map(\.detail) == ["Toast the seeds."])
    }

    @Test func mealieOldExportWithPerRecipeJSONAndImages() throws {
        let fixtures = try LibraryFixtures()
        let soup: [String: Any] = [
            "name": "Tomato Soup", "slug": "tomato-soup", "orgURL": "https://cook.example.org/soup",
            "recipeYield": "4 servings", "prepTime": "15 minutes", "totalTime": "1 hour",
            "recipeCategory": ["Lunch"], "tags": [["name": "Soup"], ["name": "Quick"]],
            "recipeIngredient": [
                ["title": "", "note": "800 g tinned tomatoes"], ["title": "Garnish", "note": "basil leaves"],
            ],
            "recipeInstructions": [
                ["title": "", "text": "Simmer the tomatoes."], ["title": "To serve", "text": "Add basil."],
            ],
            "notes": [["title": "Tip", "text": "Freezes well."]],
            "nutrition": ["calories": "210", "fatContent": "7"],
        ]
        let path = try fixtures.zip(
            "mealie_2021.zip",
            [
                ("recipes/tomato-soup/tomato-soup.json", .json(soup)),
                ("recipes/tomato-soup/images/original.webp", .bytes(Self.photo)),
                ("recipes/tomato-soup/images/min-original.webp", .bytes(Self.photo)),
            ])
        #expect(try sniffed(path) == .mealie)
        let (report, recipes) = try imported(.mealie, path)
        #expect(report.recipesAdded == 1, "\(report)")
        let recipe = try #require(recipes["Tomato Soup"])
        #expect(recipe.ingredients.map(\.raw) == ["800 g tinned tomatoes", "basil leaves"])
        #expect(recipe.ingredients.map(\.section) == [nil, "Garnish"])
        #expect(recipe.steps.map(\.detail) == ["Simmer the tomatoes.", "Add basil."])
        #expect(recipe.steps.map(\.section) == [nil, "To serve"])
        #expect(recipe.minutes == 60 && recipe.serves == 4 && recipe.kind == .lunch)
        #expect(recipe.tags == ["lunch", "soup", "quick"])
        #expect(recipe.images.count == 1 && recipe.macros.kcal == 210)
        // The app's nutrition is the recipe's own, marked so; the cook's notes are kept.
        #expect(recipe.macrosSource == "recipe")
        #expect(recipe.notes == "Tip: Freezes well.")
    }

    /// Mealie 0.5 writes its own field names (issue 38 item 11), here in a folder wrapped one level deeper
    /// (`mealie_<date>/recipes/<slug>/`), its photo first: the lines and steps are read, nothing is link-only.
    @Test func mealieZeroFiveFieldNamesInAWrappedFolder() throws {
        let fixtures = try LibraryFixtures()
        let stew: [String: Any] = [
            "name": "Bean Stew", "slug": "bean-stew", "org_url": "https://cook.example.org/stew",
            "recipe_yield": "6 servings", "prep_time": "10 minutes", "perform_time": "40 minutes",
            "total_time": "50 minutes", "recipe_category": ["Dinner"],
            "recipe_ingredient": [
                ["title": nil as Any? ?? NSNull(), "note": "2 cans white beans", "disable_amount": true],
                ["title": "Topping", "note": "1 tbsp olive oil"],
            ],
            "recipe_instructions": [["title": "", "text": "Simmer the beans."], ["text": "Drizzle with oil."]],
        ]
        let path = try fixtures.zip(
            "mealie_2021-06-01.zip",
            [
                ("mealie_2021-06-01/recipes/bean-stew/images/original.webp", .bytes(Self.photo)),
                ("mealie_2021-06-01/recipes/bean-stew/bean-stew.json", .json(stew)),
            ])
        #expect(LibraryFormat.sniff(path: path) == .mealie)
        let (report, recipes) = try imported(.mealie, path)
        #expect(report.recipesAdded == 1 && report.linkOnly.isEmpty, "\(report)")
        let recipe = try #require(recipes["Bean Stew"])
        #expect(recipe.ingredients.map(\.raw) == ["2 cans white beans", "1 tbsp olive oil"])
        #expect(recipe.ingredients.map(\.section) == [nil, "Topping"])
        #expect(recipe.steps.map(\.detail) == ["Simmer the beans.", "Drizzle with oil."])
        #expect(recipe.serves == 6 && recipe.minutes == 50 && recipe.images.count == 1)
    }

    @Test func mealieV1BackupWithDatabaseJSON() throws {
        let fixtures = try LibraryFixtures()
        let id = "5a1f4c3e-0b7d-4e0a-9f3c-2d9b8e6a7c10"
        let database: [String: Any] = [
            "recipes": [
                [
                    "id": id.replacingOccurrences(of: "-", with: ""), "slug": "shakshuka", "name": "Shakshuka",
                    "description": "Eggs in sauce.", "recipe_yield": "2 servings", "total_time": "40 minutes",
                    "prep_time": "10 minutes", "perform_time": "30 minutes", "org_url": "https://cook.example.org/shak",
                ]
            ],
            "recipes_ingredients": [
                [
                    "recipe_id": id, "position": 1, "title": "", "note": "peppers", "quantity": 2, "unit_id": NSNull(),
                    "food_id": "f1", "original_text": NSNull(),
                ],
                [
                    "recipe_id": id, "position": 0, "title": "Sauce", "note": "", "quantity": 400, "unit_id": "u1",
                    "food_id": "f2", "original_text": "400 g chopped tomatoes",
                ],
                [
                    "recipe_id": id, "position": 2, "title": "To finish", "note": "", "quantity": 4,
                    "unit_id": NSNull(), "food_id": "f3", "original_text": "4 eggs",
                ],
            ],
            "ingredient_units": [["id": "u1", "name": "g"]],
            "ingredient_foods": [
                ["id": "f1", "name": "red pepper"], ["id": "f2", "name": "tomatoes"], ["id": "f3", "name": "eggs"],
            ],
            "recipe_instructions": [
                ["recipe_id": id, "position": 1, "title": "", "text": "Crack in the eggs."],
                ["recipe_id": id, "position": 0, "title": "", "text": "Cook the sauce."],
            ],
            "tags": [["id": "t1", "name": "Brunch"]], "recipes_to_tags": [["recipe_id": id, "tag_id": "t1"]],
            "notes": [["recipe_id": id, "title": "", "text": "Use a lidded pan."]],
        ]
        let path = try fixtures.zip(
            "mealie_2024.10.01.zip",
            [
                ("database.json", .json(database)),
                ("data/recipes/\(id)/images/original.webp", .bytes(Self.photo)),
                ("data/recipes/\(id)/images/tiny-original.webp", .bytes(Self.photo)),
            ])
        #expect(try sniffed(path) == .mealie)
        let (report, recipes) = try imported(.mealie, path)
        #expect(report.recipesAdded == 1, "\(report)")
        let recipe = try #require(recipes["Shakshuka"])
        #expect(recipe.ingredients.map(\.raw) == ["400 g chopped tomatoes", "2 red pepper peppers", "4 eggs"])
        #expect(recipe.ingredients.map(\.section) == ["Sauce", "Sauce", "To finish"])
        #expect(recipe.steps.map(\.detail) == ["Cook the sauce.", "Crack in the eggs."])
        #expect(recipe.minutes == 40 && recipe.serves == 2 && recipe.tags == ["brunch"])
        #expect(recipe.images.count == 1)
    }

    @Test func tandoorZipOfZips() throws {
        let fixtures = try LibraryFixtures()
        let curry: [String: Any] = [
            "name": "Chickpea Curry", "description": "", "servings": 4, "servings_text": "portions",
            "working_time": 15, "waiting_time": 25, "source_url": "https://cook.example.org/curry",
            "keywords": [["name": "Vegan"], ["name": "Curry"]],
            "steps": [
                [
                    "name": "Base", "order": 0, "instruction": "Fry the onion.\nAdd the spices.",
                    "ingredients": [
                        [
                            "food": ["name": "onion"], "unit": NSNull(), "amount": 1, "note": "chopped",
                            "is_header": false, "no_amount": false,
                        ],
                        [
                            "food": ["name": "garam masala"], "unit": ["name": "tsp"], "amount": 2, "note": "",
                            "is_header": false, "no_amount": false,
                        ],
                    ],
                ],
                [
                    "name": "", "order": 1, "instruction": "Simmer with the chickpeas.",
                    "ingredients": [
                        [
                            "food": NSNull(), "unit": NSNull(), "amount": 0, "note": "To finish", "is_header": true,
                            "no_amount": true,
                        ],
                        [
                            "food": ["name": "chickpeas"], "unit": ["name": "g"], "amount": 400, "note": "",
                            "is_header": false, "no_amount": false,
                        ],
                        [
                            "food": ["name": "salt"], "unit": NSNull(), "amount": 0, "note": "to taste",
                            "is_header": false, "no_amount": true,
                        ],
                    ],
                ],
            ],
        ]
        let inner = try fixtures.zipBytes([("recipe.json", .json(curry)), ("image.jpeg", .bytes(Self.photo))])
        let broken = Data("this is not a zip".utf8)
        let path = try fixtures.zip("export_2024.zip", [("1.zip", .bytes(inner)), ("2.zip", .bytes(broken))])
        #expect(try sniffed(path) == .tandoor)
        let (report, recipes) = try imported(.tandoor, path)
        #expect(report.recipesAdded == 1, "\(report)")
        #expect(report.unreadable.count == 1 && report.unreadable[0].hasPrefix("2.zip"))
        let recipe = try #require(recipes["Chickpea Curry"])
        #expect(
            recipe.ingredients.map(\.raw) == [
                "1 onion, chopped", "2 tsp garam masala", "400 g chickpeas", "salt, to taste",
            ])
        #expect(recipe.ingredients.map(\.section) == ["Base", "Base", "To finish", "To finish"])
        #expect(recipe.steps.map(\.detail) == ["Fry the onion.", "Add the spices.", "Simmer with the chickpeas."])
        #expect(recipe.steps.map(\.section) == ["Base", "Base", nil])
        #expect(recipe.minutes == 40 && recipe.serves == 4 && recipe.yield == "4 portions")
        #expect(recipe.images.count == 1 && recipe.tags == ["vegan", "curry"])
    }

    @Test func photosThatAreNotImagesAndTextsTooLongAreDroppedOrCutWithAWarning() throws {
        let fixtures = try LibraryFixtures()
        let long = String(repeating: "Very long name ", count: 20)
        let recipe: [String: Any] = [
            "name": long, "ingredients": "1 onion", "directions": "Cook.",
            "photo_data": Data("<html>not a photo</html>".utf8).base64EncodedString(),
        ]
        let path = try fixtures.zip("export.paprikarecipes", [("Long.paprikarecipe", .gzipJSON(recipe))])
        let (report, recipes) = try imported(.paprika, path)
        #expect(report.recipesAdded == 1)
        let stored = try #require(recipes.values.first)
        #expect(stored.name.count == 120 && stored.images.isEmpty)
        #expect(
            report.warnings.contains { $0.hasSuffix("photo photo_data dropped: not an image") }, "\(report.warnings)")
        #expect(report.warnings.contains { $0.hasSuffix("name cut to 120 characters") }, "\(report.warnings)")
    }

    /// A file that is not a library export is refused with nothing written.
    func refused(_ format: LibraryFormat, _ path: String) throws -> String {
        try withCookDatabase { db in
            try db.write { _ = try IngredientStore.seed(in: $0) }
            var message = ""
            #expect {
                _ = try RecipeLibraryImport.run(format, path: path, db: db, now: Date())
            } throws: { error in
                message = "\(error)"
                return error is LibraryExportError
            }
            #expect(try db.read { try RecipeStore.all(in: $0) }.isEmpty)
            #expect(try db.read { try MediaStore.count(owner: nil, in: $0) } == 0)
            return message
        }
    }

    @Test func badInputsAreRefusedWithNothingWritten() throws {
        let fixtures = try LibraryFixtures()
        let good: [String: Any] = ["name": "Toast", "ingredients": "1 slice bread", "directions": "Toast it."]
        // A zip of something else.
        let other = try fixtures.zip(
            "photos.zip", [("IMG_0001.jpg", .bytes(Self.photo)), ("notes.txt", .bytes(Data("hi".utf8)))])
        #expect(try refused(.paprika, other).hasPrefix("this is not a Paprika export: expected a .paprikarecipes zip"))
        #expect(try refused(.nextcloud, other).hasPrefix("this is not a Nextcloud Cookbook export"))
        #expect(try refused(.tandoor, other).hasPrefix("this is not a Tandoor export"))
        #expect(try sniffed(other) == nil)
        // Not a zip at all.
        let csv = fixtures.directory.appendingPathComponent("strong.csv").path
        try Data("Date,Workout Name\n".utf8).write(to: URL(fileURLWithPath: csv))
        #expect(try refused(.mealie, csv).hasPrefix("this is not a Mealie export"))
        // A truncated archive: good recipes first, then the cut.
        let full = try fixtures.zip(
            "cut.paprikarecipes",
            (0..<20).map { ("Toast \($0).paprikarecipe", .gzipJSON(good.merging(["name": "Toast \($0)"]) { $1 })) }
                + [("Big.paprikarecipe", .gzip(Data(count: 200_000)))])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
        try bytes.prefix(bytes.count * 3 / 4).write(to: URL(fileURLWithPath: full))
        #expect(try refused(.paprika, full).contains("truncated"))
        // A zip bomb: one entry of 64 MiB of zeros.
        let bomb = try fixtures.zip(
            "bomb.paprikarecipes", [("Toast.paprikarecipe", .gzipJSON(good)), ("Bomb.paprikarecipe", .zeros(64 << 20))])
        #expect(try refused(.paprika, bomb).contains("100:1"))
        // A gzip bomb inside a Paprika entry (the zip layer stores it small; the gzip expands 1000:1).
        let gzipBomb = try fixtures.zip(
            "gzipbomb.paprikarecipes",
            [("Toast.paprikarecipe", .gzipJSON(good)), ("Bomb.paprikarecipe", .gzipZeros(64 << 20))])
        #expect(try refused(.paprika, gzipBomb).contains("100:1"))
        // A single .paprikarecipe that is a gzip bomb.
        let single = try fixtures.gzip("Bomb.paprikarecipe", Data(count: 64 << 20))
        #expect(try refused(.paprika, single).contains("100:1"))
    }

    @Test func aSinglePaprikaRecipeFile() throws {
        let fixtures = try LibraryFixtures()
        let recipe: [String: Any] = [
            "name": "Flatbread", "ingredients": "DOUGH\n250 g flour\n150 ml water\n\nTOPPING\n2 tbsp oil",
            "directions": "Mix.\n\nRest 1 hr.\n\nTo cook:\nGrill both sides.", "servings": "4 flatbreads",
            "prep_time": "1 hr 10 mins", "cook_time": "PT10M", "categories": ["Bread"],
            "photo_data": Self.photo.base64EncodedString(),
        ]
        let data = try JSONSerialization.data(withJSONObject: recipe)
        let path = try fixtures.gzip("Flatbread.paprikarecipe", data)
        #expect(try sniffed(path) == .paprika)
        let (report, recipes) = try imported(.paprika, path)
        #expect(report.recipesAdded == 1)
        let stored = try #require(recipes["Flatbread"])
        #expect(stored.ingredients.map(\.section) == ["DOUGH", "DOUGH", "TOPPING"])
        #expect(stored.steps.map(\.detail) == ["Mix.", "Rest 1 hr.", "Grill both sides."])
        #expect(stored.steps.map(\.section) == [nil, nil, "To cook"])
        // The step that states its time offers its timer (issue 38 item 13); the others have none.
        #expect(stored.steps.map(\.minutes) == [nil, 60, nil] && stored.steps.map(\.timer) == [nil, true, nil])
        #expect(stored.minutes == 80 && stored.serves == 4 && stored.yield == "4 flatbreads")
        #expect(stored.images.count == 1 && stored.tags == ["bread"])
    }
}

/// The free-text rules, case by case.
@Suite struct LibraryTextTests {
    @Test(arguments: [
        ("1 hr 10 mins", 70), ("45 minutes", 45), ("1 hr, 30 min", 90), ("3 hours 30 minutes", 210), ("22m", 22),
        ("5min", 5), ("4 hrs", 240), ("1 hour and 45 minutes", 105), ("2-3 hours", 120), ("35 minutes to 4 hours", 35),
        ("Marinating time: 4 hours to overnight", 240), ("PT1H10M", 70), ("P0DT45M", 45), ("1:30", 90), ("45", 45),
        ("75 minutes", 75), ("1½ hours", 60),
    ])
    func freeTextTimes(_ text: String, _ minutes: Int) {
        #expect(WrittenDuration.minutes(inField: text) == minutes, "\(text)")
    }

    @Test func unreadableTimesAreUnknown() {
        for text in ["", "overnight", "a while", "PT0M"] {
            #expect(WrittenDuration.minutes(inField: text) == nil, "\(text)")
        }
    }

    @Test func headingsAmongIngredients() {
        let lines = LibraryText.ingredientLines("For the sauce:\n1 cup stock\nBEANS\n400 g beans\n\nSalt to taste")
        #expect(lines.map(\.text) == ["1 cup stock", "400 g beans", "Salt to taste"])
        #expect(lines.map(\.section) == ["For the sauce", "BEANS", "BEANS"])
    }
}
