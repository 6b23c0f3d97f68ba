import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeCook

/// The recompute after an upgrade (issue 37 item 7).
struct RecipeRecomputeTests {
    /// A library that moved in before real food: its parked and computed recipes are read again once,
    /// never those whose macros are their own or the seed's.
    @Test func recipesStoredBeforeAreRecomputedOnce() throws {
        try withCookDatabase { db in try Self.recompute(db) }
    }

    static func recompute(_ db: Database) throws {
        try db.write { _ = try IngredientStore.seed(in: $0) }
        let old = [
            RecipeIngredient(
                name: "all-purpose flour", qty: 2, unit: "cup", disp: "2 cups", raw: "2 cups all-purpose flour"),
            RecipeIngredient(name: "large eggs", qty: 3, unit: "", disp: "3", raw: "3 large eggs"),
        ]
        func stored(_ slug: String, source: String, macrosSource: String, kcal: Double, complete: Bool) -> Recipe {
            Recipe(
                slug: slug, name: slug, kind: .dinner, minutes: 10, ingredients: old, source: source,
                complete: complete, macros: Macros(values: [kcal, 0, 0, 0, 0, 0, 0, 0]), macrosSource: macrosSource)
        }
        let now = Date()
        _ = try db.write { c in
            try RecipeStore.seedCurated(
                [
                    stored("parked", source: "paprika", macrosSource: "", kcal: 0, complete: false),
                    stored("own", source: "paprika", macrosSource: "recipe", kcal: 321, complete: true),
                    stored("given", source: "import", macrosSource: "", kcal: 250, complete: true),
                ], now: now, in: c)
        }
        let summary = try db.write { try RecipeRecompute.afterUpgrade(now: now, in: $0) }
        #expect(summary == RecipeRecompute.Summary(examined: 1, changed: 1, complete: 1))
        let parked = try #require(try db.read { try RecipeStore.find("parked", in: $0) })
        #expect(parked.complete && parked.macrosSource == "computed")
        #expect(parked.ingredients[0].foodID == "usda:20081" && parked.ingredients[0].grams == 250)
        #expect(parked.macros.kcal > 500)
        #expect(try db.read { try RecipeStore.find("own", in: $0) }?.macros.kcal == 321)
        #expect(try db.read { try RecipeStore.find("given", in: $0) }?.ingredients[0].foodID == nil)
        // Once: a second start does nothing.
        #expect(try db.write { try RecipeRecompute.afterUpgrade(now: now, in: $0) } == nil)
    }

    /// Issue 38 item 13: a recipe imported before headings were sections, and before steps took their
    /// stated time, gets both once, whatever its macros: its heading lines become the sections of the lines
    /// under them, its steps offer their timers; its own macros stay; a recipe an agent wrote (no printed
    /// line) and the seed's are left as they are.
    @Test func importedRecipesGetTheirSectionsAndStepTimersOnce() throws {
        try withCookDatabase { db in
            try db.write { _ = try IngredientStore.seed(in: $0) }
            let reference = try db.read { try IngredientStore.reference(in: $0) }
            let printed = [
                "For the pork:", "1 kg pork shoulder", "2 tsp smoked paprika", "FOR THE SAUCE", "200 ml cider",
            ]
            let lines = printed.map { IngredientLineMatcher.line($0, reference: reference).0 }
            let steps = [
                RecipeStep(title: "Step 1", detail: "Roast the pork for 3 hours."),
                RecipeStep(title: "Step 2", detail: "Simmer the sauce 8–10 minutes."),
                RecipeStep(title: "Step 3", detail: "Rest 10 minutes, then pull for 2 minutes."),
                RecipeStep(title: "Step 4", detail: "Serve it.", minutes: 5),
            ]
            var page = Recipe(
                slug: "pulled-pork", name: "Pulled pork", kind: .dinner, minutes: 200, steps: steps, ingredients: lines,
                source: "cook.example.org", macros: Macros(values: [512, 40, 10, 8, 1, 30, 9, 600]),
                macrosSource: "recipe")
            page.complete = true
            let agents = Recipe(
                slug: "agents", name: "Agent's", kind: .dinner, minutes: 10,
                steps: [RecipeStep(title: "Boil", detail: "Boil for 8 minutes.")],
                ingredients: [RecipeIngredient(name: "For the pork:", qty: nil, unit: "", disp: "")], source: "import",
                macros: Macros(values: [300, 0, 0, 0, 0, 0, 0, 0]))
            let now = Date()
            _ = try db.write { try RecipeStore.seedCurated([page, agents], now: now, in: $0) }
            let summary = try db.write { try RecipeRecompute.afterUpgrade(now: now, in: $0) }
            #expect(summary?.restructured == 1 && summary?.examined == 0)
            let stored = try #require(try db.read { try RecipeStore.find("pulled-pork", in: $0) })
            #expect(stored.ingredients.map(\.raw) == ["1 kg pork shoulder", "2 tsp smoked paprika", "200 ml cider"])
            #expect(stored.ingredients.map(\.section) == ["For the pork", "For the pork", "FOR THE SAUCE"])
            #expect(
                stored.ingredients == Array(lines[1...2]).map {
                    var l = $0
                    l.section = "For the pork"
                    return l
                } + [
                    {
                        var l = lines[4]
                        l.section = "FOR THE SAUCE"
                        return l
                    }()
                ], "the other lines as they were")
            #expect(stored.steps.map(\.minutes) == [180, 10, nil, 5])
            #expect(stored.steps.map(\.timer) == [true, true, nil, nil])
            #expect(stored.macros.kcal == 512 && stored.macrosSource == "recipe" && stored.complete)
            let untouched = try #require(try db.read { try RecipeStore.find("agents", in: $0) })
            #expect(untouched.steps == agents.steps && untouched.ingredients == agents.ingredients)
            // Once: a second start does nothing.
            #expect(try db.write { try RecipeRecompute.afterUpgrade(now: now, in: $0) } == nil)
        }
    }

    /// A member's fix survives a recompute; a line read in a decimal-comma locale is read in it again; an
    /// import's own reason to park the recipe stays.
    @Test func aRecomputeKeepsFixesLocalesAndParkReasons() throws {
        let reference = IngredientReference.seed
        var fixed = IngredientLineMatcher.line("3 scoops zqxv powder", reference: reference).0
        fixed.grams = 30
        fixed.fixed = true
        let german = IngredientLineMatcher.line("1.250 g Mehl", reference: reference, decimalComma: true).0
        #expect(german.qty == 1250)
        var recipe = Recipe(
            slug: "r", name: "R", kind: .dinner, minutes: 0, ingredients: [fixed, german], source: "import",
            complete: false, macrosSource: "computed")
        recipe.parkReason = "read from marked lists, not schema.org"
        let again = RecipeRecompute.recomputed(recipe, reference: reference)
        #expect(again.ingredients[0] == fixed)
        #expect(again.ingredients[1].qty == 1250 && again.ingredients[1].grams == 1250)
        #expect(!again.complete && again.macros.kcal > 0)
        #expect(
            RecipeParking.reasons(for: again, reference: reference).last
                == .caller("read from marked lists, not schema.org"))
    }

    /// An agent's line (MCP `import_recipe`) is weighed as a page's: a looser household name takes the row's
    /// link, another food USDA's.
    @Test func anAgentsLinesAreWeighed() {
        let lines = [
            RecipeImportInput.Line(line: RecipeIngredient(name: "red onion", qty: 1, unit: "x", disp: "1")),
            RecipeImportInput.Line(line: RecipeIngredient(name: "gruyère", qty: 50, unit: "g", disp: "50 g")),
        ]
        let weighed = RecipeImportStore.weighed(lines, reference: .seed)
        #expect(weighed[0].line.ref == "red onions" && weighed[0].line.qty == 1 && weighed[0].line.name == "red onion")
        #expect(weighed[1].line.foodID != nil && weighed[1].line.grams == 50 && weighed[1].line.qty == 50)
        #expect(weighed[1].line.unit == "g" && weighed[1].line.raw == nil)
    }
}
