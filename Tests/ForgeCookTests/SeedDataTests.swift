import ForgeCore
import Testing

@testable import ForgeCook

/// §5.7 table: slug, kind, platefig.
let curatedTable: [(String, MealSlot, String)] = [
    ("harissa-chicken-traybake", .dinner, "tray-chicken"),
    ("salmon-puy-lentils", .dinner, "plate-salmon"),
    ("turkey-black-bean-chili", .dinner, "bowl-chili"),
    ("prawn-soba-stirfry", .dinner, "bowl-soba"),
    ("baked-cod-white-bean-stew", .dinner, "bowl-stew"),
    ("one-pan-chicken-puttanesca", .dinner, "plate-chicken"),
    ("turkey-meatball-spaghetti", .dinner, "bowl-pasta"),
    ("miso-salmon-greens", .dinner, "plate-salmon"),
    ("chicken-fajita-bowl", .dinner, "bowl-grain"),
    ("lentil-spinach-dal", .dinner, "bowl-stew"),
    ("tuna-white-bean-salad", .dinner, "plate-salad"),
    ("sweet-potato-turkey-skillet", .dinner, "pan-skillet"),
    ("chicken-gnocchi-tray", .dinner, "tray-chicken"),
    ("garlic-prawn-spaghetti", .dinner, "bowl-pasta"),
    ("peri-chicken-rice-greens", .dinner, "plate-chicken"),
    ("veggie-chilli-baked-potato", .dinner, "bowl-chili"),
    ("oats-no1", .breakfast, "bowl-oats"),
    ("yogurt-berry-bowl", .breakfast, "bowl-oats"),
    ("eggs-spinach-toast", .breakfast, "plate-eggs"),
    ("lentil-feta-salad", .lunch, "plate-salad"),
    ("tuna-bean-lunchbox", .lunch, "plate-salad"),
    ("chicken-grain-soup", .lunch, "bowl-stew"),
    ("apple-peanut-butter", .snack, "snack-apple"),
    ("almonds-30", .snack, "snack-nuts"),
    ("protein-yogurt-pot", .snack, "snack-yogurt"),
]

@Test func referenceHas102UniqueNames() throws {
    let rows = try IngredientReference.loadSeedRows()
    #expect(rows.count == 102)
    #expect(Set(rows.map(\.name)).count == 102)
    #expect(rows.first?.name == "chicken thighs, skinless")
    #expect(rows.last?.name == "spinach, frozen")
    #expect(rows.allSatisfy { ["produce", "protein", "dairy", "cupboard", "frozen"].contains($0.aisle) })
    #expect(rows.allSatisfy { ["g", "ml", "x"].contains($0.unit) })
    // Spot checks transcribed from §5.6.
    let oats = try #require(Fixture.reference["oats"])
    #expect(
        oats.values
            == Macros(kcal: 379, proteinG: 13, carbsG: 60, sugarG: 1, fiberG: 10, fatG: 6.9, satfatG: 1, sodiumMg: 2))
    #expect(oats.pantry && oats.pack == "1 kg bag" && oats.aisle == "cupboard")
    #expect(Fixture.reference["passata"]?.unit == "ml")
    #expect(Fixture.reference["Oats"] == nil)  // exact-name lookup
    #expect(rows.filter(\.pantry).count == 36)
}

@Test func curatedLibraryMatchesTheContractTable() {
    #expect(Fixture.recipes.map(\.slug) == curatedTable.map(\.0))
    for (slug, kind, platefig) in curatedTable {
        let recipe = Fixture.recipe(slug)
        #expect(recipe?.kind == kind, "\(slug)")
        #expect(recipe?.platefig == platefig, "\(slug)")
    }
}

@Test func curatedRecipesAreSeedCompleteUnratedAndImageless() {
    for recipe in Fixture.recipes {
        #expect(recipe.source == "seed" && recipe.complete && recipe.rating == 0 && recipe.images.isEmpty)
        #expect(["easy", "medium"].contains(recipe.difficulty), "\(recipe.slug)")
        #expect(!recipe.why.isEmpty && !recipe.tags.isEmpty && !recipe.name.isEmpty)
        #expect(recipe.serves >= 1 && recipe.batch >= 0 && recipe.batch < recipe.serves)
        #expect(recipe.macros.kcal > 0, "\(recipe.slug)")
    }
}

@Test func everyRecipeIngredientIsInTheReferenceInItsUnit() {
    for recipe in Fixture.recipes {
        #expect(!recipe.ingredients.isEmpty)
        for line in recipe.ingredients {
            let row = Fixture.reference[line.name]
            #expect(row != nil, "\(recipe.slug): \(line.name)")
            #expect(row?.unit == line.unit, "\(recipe.slug): \(line.name) unit")
            #expect((line.qty ?? 0) > 0 && !line.disp.isEmpty, "\(recipe.slug): \(line.name)")
        }
        let computation = RecipeMacros.compute(
            ingredients: recipe.ingredients, reference: Fixture.reference,
            serves: recipe.serves)
        #expect(computation.unknownIngredients.isEmpty)
    }
}

@Test func snacksHaveNoStepsAndMealsHaveDoneWhenSteps() {
    for recipe in Fixture.recipes {
        if recipe.kind == .snack {
            #expect(recipe.steps.isEmpty, "\(recipe.slug)")
            continue
        }
        #expect(!recipe.steps.isEmpty, "\(recipe.slug)")
        for step in recipe.steps {
            #expect(step.parallel == nil, "\(recipe.slug): no parallel steps")
            #expect((step.minutes ?? 0) > 0, "\(recipe.slug): \(step.title)")
            if step.title.hasPrefix("Prep") { continue }
            #expect(step.detail.contains("Done when"), "\(recipe.slug): \(step.title)")
        }
    }
}

@Test func batchRecipesCookTheirSpareBoxes() {
    // The two first-week batch cooks make four portions, two of them boxed.
    for slug in ["harissa-chicken-traybake", "turkey-black-bean-chili"] {
        #expect(Fixture.recipe(slug)?.serves == 4 && Fixture.recipe(slug)?.batch == 2, "\(slug)")
    }
}
