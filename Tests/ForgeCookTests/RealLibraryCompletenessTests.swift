// The recipes below are real. Their titles, yields and ingredient lines are copied exactly as printed from recipe
// pages of the workplace's recipe-pages corpus (../shared/data/recipe-pages/<site>/NAME.expected.json, the
// expected values of the recipe-scrapers project's test pages, MIT): 36 English pages from 36 different sites, one
// comment above each naming its page. Only the methods are cut short, to at most three short sentences. The tests
// read nothing from ../shared: the data lives in this file.

import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeCook

/// Real food (issue 37) through the other library formats: a Mealie, a Tandoor and a Nextcloud Cookbook export,
/// each of twelve real recipes (mains, soups, salads, sides and bakes, every line as its page prints it), imported
/// into a fresh database with the ingredient reference. At least 90 % of each library is complete, every parked
/// recipe says why in the report, and every complete one has a believable kcal per serving.
@Suite struct RealLibraryCompletenessTests {
    /// One recipe page: its title and yield, its ingredient lines as printed, its method cut short.
    struct Page: Sendable {
        let title: String
        let yields: String
        let ingredients: [String]
        let steps: [String]

        init(_ title: String, _ yields: String, _ ingredients: [String], _ steps: [String]) {
            self.title = title
            self.yields = yields
            self.ingredients = ingredients
            self.steps = steps
        }
    }

    /// Imports `path` as `format` into a fresh database with the ingredient reference; answers the report and
    /// the recipes stored.
    func imported(_ format: LibraryFormat, _ path: String) throws -> (ImportReport, [Recipe]) {
        try withCookDatabase { db in
            try db.write { _ = try IngredientStore.seed(in: $0) }
            let report = try RecipeLibraryImport.run(format, path: path, db: db, now: Date())
            let recipes = try db.read { try RecipeStore.all(in: $0) }
            return (report, recipes)
        }
    }

    /// The whole serving count a yield starts with ("12 slices" → 12), as Tandoor and Nextcloud Cookbook keep it.
    static func servings(_ yields: String) -> Int {
        Int(yields.prefix(while: { $0.isNumber })) ?? 0
    }

    /// A Mealie slug: the title's ASCII letters and digits, lowercased, in words joined by `-`.
    static func slug(_ title: String) -> String {
        title.lowercased().split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
            .joined(separator: "-")
    }

    /// What every format must give for its twelve `pages`: all of them added with all their lines, macros
    /// computed from the lines (the exports carry no nutrition), at least 90 % complete, each parked recipe with
    /// its reasons in the warnings ("<name>: parked: <reason>"), and each complete recipe above 0 and below
    /// 2,500 kcal per serving.
    func expectMostlyComplete(_ report: ImportReport, _ recipes: [Recipe], _ pages: [Page]) {
        #expect(report.rowsRead == pages.count, "\(report)")
        #expect(report.recipesAdded == pages.count, "\(report)")
        #expect(report.unreadable.isEmpty && report.duplicates.isEmpty && report.linkOnly.isEmpty, "\(report)")
        #expect(Set(recipes.map(\.name)) == Set(pages.map(\.title)))
        for page in pages {
            let recipe = recipes.first { $0.name == page.title }
            #expect(recipe?.ingredients.count == page.ingredients.count, "\(page.title): every line imported")
            #expect(recipe?.macrosSource == "computed", "\(page.title): macros from the lines")
        }
        let parked = recipes.filter { !$0.complete }
        let reasons = report.warnings.filter { $0.contains(": parked: ") }
        #expect(parked.count == report.parked, "\(reasons)")
        #expect(
            Double(recipes.count - parked.count) >= 0.9 * Double(recipes.count),
            "\(parked.count) of \(recipes.count) parked: \(reasons)")
        for recipe in parked {
            #expect(
                report.warnings.contains { $0.hasPrefix("\(recipe.name): parked: ") },
                "\(recipe.name) is parked without a reason in the report")
        }
        for warning in reasons {
            #expect(parked.contains { warning.hasPrefix("\($0.name): parked: ") }, "\(warning)")
        }
        for recipe in recipes where recipe.complete {
            #expect(
                recipe.macros.kcal > 0 && recipe.macros.kcal < 2500,
                "\(recipe.name): \(recipe.macros.kcal) kcal per serving")
        }
    }

    /// A Mealie export in its v0.5 layout (`recipes/<slug>/<slug>.json`), each line an unparsed ingredient
    /// (its `note`), each step `{title, text}`.
    @Test func mealieExportOfTwelveRealRecipes() throws {
        let fixtures = try LibraryFixtures()
        var entries: [(String, LibraryFixtures.Content)] = []
        for page in Self.mealie {
            let slug = Self.slug(page.title)
            let ingredients: [[String: Any]] = page.ingredients.map { ["title": "", "note": $0] }
            let steps: [[String: Any]] = page.steps.map { ["title": "", "text": $0] }
            let recipe: [String: Any] = [
                "name": page.title, "slug": slug, "recipeYield": page.yields, "recipeIngredient": ingredients,
                "recipeInstructions": steps,
            ]
            entries.append(("recipes/\(slug)/\(slug).json", .json(recipe)))
        }
        let path = try fixtures.zip("mealie_real.zip", entries)
        let (report, recipes) = try imported(.mealie, path)
        expectMostlyComplete(report, recipes, Self.mealie)
    }

    /// A Tandoor export: a zip of one zip per recipe, each `recipe.json` with its servings and one step holding
    /// the method and the lines (each line's `original_text`, as Tandoor keeps the line it was given).
    @Test func tandoorExportOfTwelveRealRecipes() throws {
        let fixtures = try LibraryFixtures()
        var entries: [(String, LibraryFixtures.Content)] = []
        for (index, page) in Self.tandoor.enumerated() {
            let lines: [[String: Any]] = page.ingredients.map { line in
                [
                    "food": NSNull(), "unit": NSNull(), "amount": 0, "note": "", "original_text": line,
                    "is_header": false, "no_amount": false,
                ]
            }
            let step: [String: Any] = [
                "name": "", "order": 0, "instruction": page.steps.joined(separator: "\n"), "ingredients": lines,
            ]
            let servingsText = page.yields.drop(while: { $0.isNumber }).trimmingCharacters(in: .whitespaces)
            let recipe: [String: Any] = [
                "name": page.title, "description": "", "servings": Self.servings(page.yields),
                "servings_text": servingsText, "steps": [step],
            ]
            let inner = try fixtures.zipBytes([("recipe.json", .json(recipe))])
            entries.append(("\(index + 1).zip", .bytes(inner)))
        }
        let path = try fixtures.zip("export_real.zip", entries)
        let (report, recipes) = try imported(.tandoor, path)
        expectMostlyComplete(report, recipes, Self.tandoor)
    }

    /// A Nextcloud Cookbook export: one folder per recipe with its schema.org `recipe.json` (the lines as
    /// strings, the yield as the app's whole number).
    @Test func nextcloudCookbookExportOfTwelveRealRecipes() throws {
        let fixtures = try LibraryFixtures()
        var entries: [(String, LibraryFixtures.Content)] = []
        for page in Self.nextcloud {
            let recipe: [String: Any] = [
                "@context": "http://schema.org", "@type": "Recipe", "name": page.title,
                "recipeYield": Self.servings(page.yields), "recipeIngredient": page.ingredients,
                "recipeInstructions": page.steps,
            ]
            entries.append(("Recipes/\(page.title)/recipe.json", .json(recipe)))
        }
        let path = try fixtures.zip("cookbook_real.zip", entries)
        let (report, recipes) = try imported(.nextcloud, path)
        expectMostlyComplete(report, recipes, Self.nextcloud)
    }
}

/// The recipes, twelve per format, each from its own site (see the top of the file).
extension RealLibraryCompletenessTests {
    /// The Mealie export: three mains, a casserole, two soups, two salads, two sides, a cake and a cobbler.
    static let mealie: [Page] = [
        // chefsavvy.com/chefsavvy_1
        Page(
            "Slow Cooker Broccoli Beef", "4 servings",
            [
                "2 pounds chuck steak (sliced thin (about 1-inch thick))", "1 cup low sodium beef broth",
                "1/2 cup low sodium soy sauce", "4 garlic cloves (minced)", "1/4 cup oyster sauce",
                "1/4 cup brown sugar", "2 teaspoons sesame oil", "2 tablespoons cornstarch",
                "2 heads broccoli (cut into florets)", "sesame seeds for garnish, if desired",
            ],
            [
                "Add the steak, broth, soy sauce, garlic, oyster sauce, sugar and sesame oil to a slow cooker.",
                "Cook on low for 4-5 hours, then stir in the cornstarch mixed with some of the liquid.",
                "Add the broccoli and cook 30 minutes more.",
            ]),
        // eatingbirdfood.com/eatingbirdfood_1
        Page(
            "Easy Shakshuka", "4 servings",
            [
                "2 Tablespoons olive oil", "1 large onion (chopped)", "1 orange bell pepper (chopped)",
                "4 cloves garlic (minced)", "1/2 teaspoon cumin", "1/2 teaspoon paprika",
                "1/4 teaspoon cayenne pepper", "1-2 teaspoons curry powder", "1/4 teaspoon turmeric",
                "1/2 teaspoon sea salt", "1/4 teaspoon ground pepper", "28 ounce can diced tomatoes", "4-5 eggs",
                "1/2 cup feta cheese", "fresh cilantro and parsley (for serving)",
            ],
            [
                "Cook the onion, bell pepper and garlic in the oil until soft.",
                "Add the spices and tomatoes and simmer until thick, about 10 minutes.",
                "Crack in the eggs, cover for 5 minutes and top with feta and herbs.",
            ]),
        // sweetpeasandsaffron.com/sweetpeasandsaffron_1
        Page(
            "Instant Pot Carrot Ginger Soup (Vegan)", "4 servings",
            [
                "1 tablespoon olive oil", "1 onion (chopped)", "2 cloves garlic (minced)",
                "2 tablespoons ginger (grated or finely chopped)", "5 cups carrots (peeled & chopped)",
                "4 cups vegetable broth", "3/4 teaspoons salt", "1/2 teaspoon pepper", "1 teaspoon dried thyme leaves",
                "13.5 oz coconut milk (400 mL; full fat works best)", "1/2 lime (juiced)",
            ],
            [
                "Soften the onion in the oil, then the garlic and ginger.",
                "Add the carrots, broth, seasoning and thyme and cook at high pressure for 5 minutes.",
                "Blend smooth and stir in the coconut milk and lime juice.",
            ]),
        // food.com/food
        Page(
            "Chicken Noodle Soup With Carrots, Parsnips and Dill", "4 servings",
            [
                "8 cups low sodium chicken broth", "1 onion, chopped",
                "4 carrots, halved lengthwise and cut crosswise into 1-inch pieces",
                "4 parsnips, halved lengthwise and cut crosswise into 1-inch pieces", "1 1/2 teaspoons salt",
                "1/4 teaspoon fresh ground black pepper", "1 split chicken breast", "1 cup noodles (about 2 ounces)",
                "1/4 cup chopped fresh dill", "1/4 cup chopped fresh parsley",
            ],
            [
                "Simmer the broth, onion, carrots, parsnips, salt and pepper with the chicken for 20 minutes.",
                "Shred the chicken and cook the noodles in the soup for 5 minutes.",
                "Return the chicken and stir in the dill and parsley.",
            ]),
        // spendwithpennies.com/spendwithpennies_2
        Page(
            "Pear Salad", "4 servings",
            [
                "¼ cup vegetable oil (or light tasting olive oil)", "3 tablespoons fresh lemon juice",
                "1 tablespoon Dijon mustard", "1 tablespoon maple syrup", "½ teaspoon garlic powder",
                "⅛ teaspoon salt (or to taste )", "⅛ teaspoon black pepper", "8 cups mixed greens",
                "1 cup chopped flat leaf parsley", "½ red onion (thinly sliced)",
                "2 ripe pears (sliced just before serving, or 4 canned pear halves)",
                "¼ cup slivered almonds (toasted*)", "¼ cup dried cranberries (optional)",
                "2 oz crumbled blue cheese (or feta cheese)",
            ],
            [
                "Shake the dressing ingredients together in a jar.",
                "Toss the greens, parsley and onion with some of the dressing.",
                "Top with the pears, almonds, cranberries and blue cheese.",
            ]),
        // plantyou.com/plantyou_raw-carrot-salad
        Page(
            "Raw Carrot Salad", "2 servings",
            [
                "2 carrots (julienned or peeled into ribbons)", "½ red onion (thinly sliced)",
                "1 handful cilantro (finely chopped)", "½ tbsp maple syrup", "1 tsp chili flakes",
                "1 tsp rice vinegar", "1 tsp sesame oil (or avocado oil)", "1 tbsp sesame seeds",
                "¼ cup pistachios (crushed)",
            ],
            [
                "Add everything to a jar.", "Shake until mixed and serve.",
            ]),
        // barefootinthepines.com/barefootinthepines_1
        Page(
            "Maple Brussels Sprouts With Bacon", "4 servings",
            [
                "3 slices thick-cut bacon, diced", "1 tablespoons olive oil",
                "1 lb fresh Brussels sprouts, trimmed, outer leaves removed, and halved",
                "1/2 teaspoon coarse Kosher Salt", "1/4 teaspoon pepper",
                "2 tablespoons pure maple syrup (not pancake syrup)",
            ],
            [
                "Fry the bacon until crisp and set it aside.",
                "Sear the sprouts in the oil and bacon fat until tender, with salt and pepper.",
                "Toss with the maple syrup and top with the bacon.",
            ]),
        // tastyoven.com/tastyoven_1
        Page(
            "Air Fryer Baby Potatoes", "4 servings",
            [
                "1.5 lbs baby potatoes (washed, dried and sliced in half)", "2 tbsp olive oil", "1 tbsp garlic powder",
                "3 tbsp fresh rosemary (or 3 tsp dried rosemary)", "1 tsp salt", "1/2 tsp paprika",
                "1/8 tsp black pepper",
            ],
            [
                "Toss the potatoes with the oil, garlic powder, rosemary, paprika, salt and pepper.",
                "Air fry at 400°F for 15 minutes, shaking halfway.", "Serve with meat or fish.",
            ]),
        // garlicandzest.com/garlicandzest_1
        Page(
            "Easy Banana Cake Recipe", "12 servings",
            [
                "1 cup granulated sugar", "½ cup unsalted butter (at room temperature)", "2 large eggs",
                "1 cup mashed overripe bananas", "1 teaspoon vanilla extract", "2 cups all purpose flour",
                "1 teaspoon salt", "1½ teaspoons baking powder", "½ teaspoon baking soda", "1 teaspoon cinnamon",
                "1 cup greek yogurt",
            ],
            [
                "Cream the butter and sugar, then beat in the eggs, bananas and vanilla.",
                "Fold in the dry ingredients and the yogurt in turns.", "Bake at 350°F for 45-55 minutes.",
            ]),
        // wyseguide.com/wyseguide_1
        Page(
            "Blueberry Cobbler", "9 servings",
            [
                "4 tbsp unsalted butter (melted)", "3 cups blueberries", "¾ cup all-purpose flour",
                "½ cup granulated sugar", "1 ½ tsp baking powder", "¾ tsp kosher salt", "⅔ cup whole milk",
                "1 tsp vanilla extract",
            ],
            [
                "Melt the butter in an 8-inch dish in the oven.",
                "Whisk the flour, sugar, baking powder, salt, milk and vanilla and pour over the butter.",
                "Scatter the blueberries on top and bake at 350°F for 45-55 minutes.",
            ]),
        // eatingwell.com/eatingwell
        Page(
            "Cheesy Ground Beef & Cauliflower Casserole", "6 servings",
            [
                "1 tablespoon extra-virgin olive oil", "0.5 cup chopped onion", "1 medium green bell pepper, chopped",
                "1 pound lean ground beef", "3 cups bite-size cauliflower florets", "3 cloves garlic, minced",
                "2 tablespoons chili powder", "2 teaspoons ground cumin", "1 teaspoon dried oregano",
                "0.5 teaspoon salt", "0.25 teaspoon ground chipotle",
                "1 (15 ounce) can no-salt-added petite-diced tomatoes", "2 cups shredded extra-sharp Cheddar cheese",
                "0.333 cup sliced pickled jalapeños",
            ],
            [
                "Soften the onion and pepper in the oil, then brown the beef with the cauliflower.",
                "Stir in the garlic, spices and tomatoes.",
                "Top with the cheese and jalapeños and broil until browned.",
            ]),
        // thebigmansworld.com/thebigmansworld_1
        Page(
            "Hanger Steak", "8 servings",
            [
                "3 pounds hanger steaks (2 large steaks)", "1/4 cup olive oil", "1/4 cup soy sauce",
                "2 cloves garlic (minced)", "1 tablespoon Worcestershire sauce", "1/2 teaspoon salt",
                "1/4 teaspoon pepper",
            ],
            [
                "Whisk the oil, soy sauce, garlic and Worcestershire sauce.",
                "Season the steaks, marinate at least 10 minutes and grill 4 minutes per side.",
                "Rest 10 minutes before slicing.",
            ]),
    ]

    /// The Tandoor export: three mains, two soups, two salads, two sides, a cake, a cornbread and tortillas.
    static let tandoor: [Page] = [
        // preppykitchen.com/preppykitchen_2
        Page(
            "Mongolian Beef Recipe", "4 servings",
            [
                "⅓ cup soy sauce (80ml)", "⅓ cup water (80ml)", "⅓ cup light brown sugar (73g)",
                "1 ½ tablespoons minced ginger", "6 garlic cloves (minced)",
                "1 pound flank steak (thinly sliced against the grain (450g))", "⅓ cup cornstarch (37g)",
                "3 tablespoons vegetable oil",
                "10 dried red chilies ((or ½ teaspoon crushed red pepper flakes), optional)",
                "5 green onions (sliced into 1-inch pieces (2¾oucnes/80g))",
            ],
            [
                "Whisk the soy sauce, water, sugar, ginger and garlic.",
                "Toss the steak in the cornstarch and brown it in the oil.",
                "Thicken the sauce in the pan and stir in the beef, chilies and green onions.",
            ]),
        // bbcgoodfood.com/bbcgoodfood_1
        Page(
            "Summer meatballs & spaghetti", "2 servings",
            [
                "2 tbsp olive oil", "1 onion finely chopped", "2 garlic cloves crushed", "1 tsp fennel seeds",
                "250g pork mince", "large handful parsley leaves chopped, stalks finely chopped",
                "1 large courgette peeled into ribbons all around the edge, centre grated or finely chopped",
                "200g spaghetti", "½ a lemon zested and juiced", "grated parmesan to serve",
            ],
            [
                "Mix the softened onion, garlic and fennel with the pork, parsley and courgette into meatballs.",
                "Fry the meatballs and cook the spaghetti.",
                "Toss the pasta with the meatballs, courgette ribbons and lemon and serve with parmesan.",
            ]),
        // lovefood.com/lovefood_2
        Page(
            "Beef Stroganoff recipe", "2 servings",
            [
                "50 g Cucumber", "1  Shallot", "1 tsp Caster sugar", "1 tbsp White wine vinegar",
                "500 g Waxy potatoes, peeled and chopped into equal-sized chunks", "4 tbsp Sunflower oil",
                "250 g Beef fillet", "50 g Unsalted butter", "1  Onion, finely sliced", "1 tsp Paprika",
                "150 g Small mushrooms, thinly sliced", "25 ml Brandy", "150 ml Sour cream",
                "1 handful Chopped fresh parsley, to serve",
            ],
            [
                "Pickle the cucumber and shallot in the sugar and vinegar; parboil and fry the potatoes.",
                "Soften the onion with the paprika in butter, fry the mushrooms and sear the beef with the brandy.",
                "Warm it all in the sour cream and serve with parsley.",
            ]),
        // justalittlebitofbacon.com/justalittlebitofbacon_1
        Page(
            "Cold Asparagus Bisque", "4 servings",
            [
                "1 1/4 lbs asparagus", "2-3 tbsp unsalted butter", "1 medium white onion, (chopped)",
                "4 cups vegetable stock, (low or no sodium)", "1/2 cup heavy cream", "squeeze or two lemon juice",
                "kosher salt and black pepper, (to taste)", "heavy cream and fresh thyme leaves, (optional topping)",
            ],
            [
                "Soften the onion in butter, add the asparagus stems and stock and simmer until tender.",
                "Add the cream, purée and chill for at least 3 hours.",
                "Season with lemon juice, salt and pepper and serve with the blanched tips.",
            ]),
        // flavorsbylinbie.com/flavorsbylinbie_1
        Page(
            "Easy Clam Chowder", "4 servings",
            [
                "4 slices of bacon, chopped", "1 small onion, diced", "2 cloves garlic, minced",
                "2 tablespoons all-purpose flour", "3 cups diced gold potatoes (peeled or unpeeled)",
                "1 (10 oz) can minced clams with juice", "1 (8 oz) bottle clam juice", "1 cup chicken broth",
                "1 cup heavy cream", "Salt, to taste", "Black pepper, to taste", "1 tablespoon butter",
                "Optional: chopped fresh parsley, oyster crackers for topping",
            ],
            [
                "Crisp the bacon, soften the onion and garlic in its fat and stir in the flour.",
                "Add the broth, clam juice and potatoes and simmer until tender.",
                "Stir in the cream, butter and clams, season and top with the bacon.",
            ]),
        // americastestkitchen.com/americastestkitchen_2
        Page(
            "Prosciutto, Apple, and Goat Cheese Salad with Fig Vinaigrette", "4 servings",
            [
                "¼ cup extra-virgin olive oil", "¼ cup cider vinegar", "3 tablespoons fig preserves",
                "½ teaspoon salt", "¼ teaspoon pepper", "10 ounces (10 cups) mesclun",
                "1 apple, cored, halved, and sliced thin", "½ cup blanched hazelnuts, toasted and chopped coarse",
                "6 ounces thinly sliced prosciutto, torn into bite-size pieces",
                "4 ounces goat cheese, crumbled (1 cup)",
            ],
            [
                "Whisk the oil, vinegar, preserves, salt and pepper.",
                "Toss the mesclun, apple and hazelnuts with 6 tablespoons of the vinaigrette.",
                "Top with the prosciutto and goat cheese.",
            ]),
        // fithealthymacros.com/fithealthymacros_1
        Page(
            "High Protein Poppy Seed Chicken Salad", "4 servings",
            [
                "2 cups Cooked chicken breast, shredded or chopped", "1/2 cup Plain, non-fat Greek yogurt",
                "1/4 cup Celery, finely chopped", "1/4 cup Green onions, chopped", "2 tbsp Poppy seeds",
                "2 tbsp Lemon juice", "1 tsp Honey", "1/4 tsp Salt", "1/4 tsp Pepper",
            ],
            [
                "Mix the chicken, yogurt, celery, green onions and poppy seeds.",
                "Whisk the lemon juice, honey, salt and pepper and stir it in.", "Serve on bread or greens.",
            ]),
        // omnivorescookbook.com/omnivorescookbook_1
        Page(
            "Stir Fried Bok Choy with Tofu Puffs", "2 servings",
            [
                "1 lb (450 g) bok choy , chopped to bite size pieces (see the cutting method in the post above)",
                "1 heaping cup (60 grams) tofu puffs , halved", "2 green onions , sliced",
                "1 tablespoon peanut oil (or vegetable oil)", "1 teaspoon sugar",
                "2 tablespoons light soy sauce (or soy sauce)",
            ],
            [
                "Heat the oil in a wok and fry the green onions.",
                "Stir-fry the bok choy, then add the sugar, soy sauce and tofu puffs.",
                "Cover and steam for 30 seconds, then serve hot.",
            ]),
        // momswithcrockpots.com/momswithcrockpots
        Page(
            "Crockpot Macaroni & Cheese", "6 servings",
            [
                "8 ounce macaroni", "2 teaspoons olive oil", "1 cup evaporated milk", "1/2 cup milk",
                "1/2 teaspoon salt", "1/4 teaspoon ground black pepper",
                "2 cups Cheddar cheese (shredded, or a Cheddar blend)", "4 tablespoons butter (melted)",
            ],
            [
                "Cook and drain the macaroni.", "Butter the slow cooker and mix in the macaroni with everything else.",
                "Cook on low for 2 1/2 to 3 1/2 hours, stirring a few times.",
            ]),
        // crazyforcrust.com/crazyforcrust_1
        Page(
            "Easy Pound Cake Recipe", "12 servings",
            [
                "1 ½ cups (339g) unsalted butter (softened)", "2 ¾ cups (550g) granulated sugar",
                "6 large eggs (room temperature)", "½ teaspoon baking powder", "1 teaspoon vanilla extract",
                "1 teaspoon salt", "¾ cup (184g) sour cream (room temperature)", "3 cups (372g) all purpose flour",
                "2 tablespoons (16g) cornstarch",
            ],
            [
                "Cream the butter and sugar, then beat in the eggs one at a time.",
                "Mix in the baking powder, vanilla, salt, sour cream, cornstarch and flour.",
                "Bake in a bundt pan at 350°F for 55-65 minutes.",
            ]),
        // blessthismessplease.com/blessthismessplease_1
        Page(
            "The Best Homemade Cornbread Recipe", "9 servings",
            [
                "1 cup all-purpose flour (not self rising flour)",
                "1 cup yellow cornmeal (fine ground, not cornmeal mix)", "2/3 cup granulated sugar", "1 teaspoon salt",
                "1 1/2 teaspoons baking powder (see notes for recent changes)", "1/3 cup neutral oil or melted butter",
                "1 large egg", "1 cup milk (or milk substitute like almond milk)",
            ],
            [
                "Whisk the flour, cornmeal, sugar, salt and baking powder.", "Stir in the oil, milk and egg.",
                "Bake at 400°F for 25 minutes.",
            ]),
        // recipeforperfection.com/recipeforperfection_1
        Page(
            "Thick and Fluffy Flour Tortillas Recipe", "8 servings",
            [
                "2 cups all purpose flour (for gluten free see note)", "1 1/2 teaspoon baking powder",
                "3/4 teaspoon sea salt", "2 teaspoons extra virgin olive oil (or your preferred vegetable oil)",
                "3/4 cup warm milk",
            ],
            [
                "Stir the flour, baking powder and salt, then the oil and milk.",
                "Knead, rest and divide into 8 balls.", "Roll each thin and cook in a dry skillet until spotted.",
            ]),
    ]

    /// The Nextcloud Cookbook export: three mains, two soups, two salads, two sides and three bakes.
    static let nextcloud: [Page] = [
        // skinnytaste.com/skinnytaste_1
        Page(
            "Grilled Chicken with Spinach and Melted Mozzarella", "6 servings",
            [
                "24 oz 3 large chicken breasts sliced in half lengthwise to make 6", "kosher salt and pepper to taste",
                "1 tsp olive oil", "3 cloves garlic (crushed)", "10 oz frozen spinach (drained)",
                "3 oz shredded part skim mozzarella",
                "1/2 cup roasted red pepper (sliced in strips (packed in water))", "olive oil spray",
            ],
            [
                "Season and grill the chicken 2 to 3 minutes per side.", "Sauté the garlic and spinach in the oil.",
                "Top the chicken with the spinach, mozzarella and peppers and bake at 400°F until melted.",
            ]),
        // itdoesnttastelikechicken.com/itdoesnttastelikechicken_2
        Page(
            "The Best Vegan Bolognese Recipe", "4 servings",
            [
                "2 tablespoons nutritional yeast", "1 tablespoon soy sauce ((gluten-free if preferred) )",
                "1 tablespoon olive oil (or vegetable broth for oil-free)", "1 teaspoon chili powder",
                "1/2 teaspoon garlic powder", "1/4 teaspoon liquid smoke",
                "1 block (350 g/ 12.3 oz) extra-firm tofu (drained (no need to press it))",
                "3 cups marinara sauce (700ml jar or homemade)",
                "12 oz spaghetti (or pasta of choice (gluten-free if preferred))",
                "Chopped fresh parsley or basil leaves (optional for garnish)",
                "Vegan Parmesan (homemade or store-bought (optional for garnish))",
            ],
            [
                "Mash the tofu with the yeast, soy sauce, oil, spices and liquid smoke.",
                "Bake the crumbles at 350°F for 30-40 minutes and cook the pasta.",
                "Stir the tofu into the hot marinara and serve over the pasta.",
            ]),
        // recipetineats.com/recipetineats_2
        Page(
            "Vietnamese Caramel Pork", "4 servings",
            [
                "1/2 cup / 100g brown sugar, tightly packed", "1 tbsp water",
                "1 kg / 2 lb pork shoulder (butt) or boneless skinless pork belly, cut into 3 cm / 1.2\" pieces "
                    + "(Note 1a)",
                "1.5 cups / 375 ml coconut water (Note 1b)", "1 eschallot / shallot (, very finely sliced (Note 2))",
                "2 garlic cloves (, minced)", "1 1/2 tbsp fish sauce", "1/4 tsp white pepper",
                "Red chilli and finely sliced shallots/green onions",
            ],
            [
                "Melt the sugar with the water into a caramel, then add the rest.",
                "Simmer uncovered for 1.5 hours until the pork is tender.",
                "Let it caramelise in its fat and serve over rice.",
            ]),
        // goodhousekeeping.com/goodhousekeeping_1
        Page(
            "Spiced pumpkin soup", "4 servings",
            [
                "600 g pumpkin flesh, roughly chopped", "2 celery sticks, roughly chopped",
                "1 garlic clove, roughly chopped", "1 tsp. each ground cumin and coriander", "800 mL vegetable stock",
                "200 mL coconut milk", "1 tbsp. pumpkin seeds",
            ],
            [
                "Whiz the pumpkin, celery, garlic and spices in a food processor.",
                "Simmer with the stock and coconut milk for 15 minutes.",
                "Blend smooth and sprinkle with the pumpkin seeds.",
            ]),
        // donnahay.com.au/donnahay_1
        Page(
            "Green Minestrone Soup", "4 servings",
            [
                "1 tablespoon extra virgin olive oil", "1 leek, trimmed and sliced",
                "6 cups (1.5 litres/50 fl oz) chicken or vegetable stock",
                "½ cup (110g/3¾ oz) freekeh, rinsed and drained", "2 small zucchini (courgettes), grated",
                "250g (8¾ oz) broccoli, cut into small florets", "150g (5 oz) green beans, trimmed and chopped",
                "1 cup (140g/4¼ oz) frozen shelled edamame beans", "1 tablespoon finely grated lemon rind",
                "¼ cup (6g/¼ oz) flat-leaf parsley leaves", "¼ cup (4g/¼ oz) mint leaves",
                "sea salt and cracked black pepper", "finely grated parmesan, to serve",
            ],
            [
                "Cook the leek in the oil, add the stock and freekeh and simmer for 30 minutes.",
                "Add the zucchini, broccoli, beans and edamame and cook 10 minutes.",
                "Stir through the lemon rind, herbs and seasoning and serve with parmesan.",
            ]),
        // kalejunkie.com/kalejunkie_2
        Page(
            "Summer Citrus Salad with Lemon-Shallot Vinaigrette (Erewhon Copycat)", "4 servings",
            [
                "1 Cup Radicchio (sliced thin - this is approximately 1/2 a head)",
                "1 Small Bunch Curly Kale (stems removed and chopped thin - this is approximately 1/2 cup)",
                "1 Head Romaine Lettuce (this is approximately 2 cups)", "2 Avocados (chopped)",
                "1 Large Grapefruit (segmented & cut into 1-inch pieces\u{2063})",
                "1 Orange (segmented & cut into 1-inch pieces\u{2063})",
                "1/2 Cup Sunflower Seeds (salted or unsalted - use what you have!)", "1/3 Cup Olive Oil",
                "2 Shallots (finely chopped)", "2 Cloves Garlic (mashed)", "1 Tablespoon Dijon Mustard",
                "1 Lemon (zested and juiced)", "1/2 Teaspoon Kosher Salt", "1/2 Teaspoon Ground Black Pepper",
            ],
            [
                "Whisk the oil, shallots, garlic, mustard, lemon, salt and pepper.",
                "Chop the radicchio, kale and romaine and add the avocado, seeds and citrus.",
                "Toss with the dressing.",
            ]),
        // lanascooking.com/lanascooking_1
        Page(
            "Southern Tomato Cracker Salad", "4 servings",
            [
                "3 very ripe medium tomatoes", "1 cup mayonnaise", "1/2 shallot (finely minced)",
                "40 saltine crackers (1 sleeve)", "2 tablespoons chives (finely chopped)",
                "Kosher salt and ground black pepper to taste",
            ],
            [
                "Seed and dice the tomatoes and salt them lightly.",
                "Fold in the shallot, chives, pepper and mayonnaise.",
                "Fold in the broken crackers and serve at once.",
            ]),
        // scrummylane.com/scrummylane_1
        Page(
            "10-minute Sautéed Frozen Broccoli", "4 servings",
            [
                "2 tablespoons extra virgin olive oil (plus extra for drizzling over at the end)",
                "14 ounces frozen broccoli (or roughly 3.5 ounces per person)", "½ teaspoon garlic powder",
                "½ teaspoon salt", "1 teaspoon dried basil", "½ teaspoon lemon pepper seasoning (optional)",
                "¼ cup parmesan cheese (grated)",
                "½ a lemon (Juice only, but grate and keep aside a little lemon zest before juicing to sprinkle "
                    + "over to serve.)",
            ],
            [
                "Heat the oil and add the frozen broccoli.", "Season and sauté for 5 to 8 minutes.",
                "Stir in the parmesan and squeeze over the lemon.",
            ]),
        // cookingwithjanica.com/cookingwithjanica_1
        Page(
            "Air Fryer Breakfast Potatoes", "4 servings",
            [
                "2 lbs gold or russet potatoes", "1 teaspoon paprika", "1 teaspoon garlic powder",
                "1 teaspoon onion powder", "Salt and black pepper to taste",
                "2 tablespoons oil (EVOO, avocado, canola, etc.)",
            ],
            [
                "Dice the potatoes into 1-inch cubes.", "Toss with the spices, salt, pepper and oil.",
                "Air fry at 385°F for 15-20 minutes.",
            ]),
        // goodstuff.recipes/goodstuffrecipes_2
        Page(
            "Rhubarb Crumble", "4 servings",
            [
                "1 lb rhubarb (cut into 1-inch pieces)", "½ cup granulated sugar", "2 Tbsp all-purpose flour",
                "½ tsp vanilla extract", "½ tsp ground cardamom", "½ cup all-purpose flour", "¼ tsp salt",
                "¼ cup unsalted butter (half stick, or 2 ounces) (cut into cubes)", "½ cup brown sugar",
                "½ cup chopped pecans (optional)",
            ],
            [
                "Mix the rhubarb, sugar, flour, vanilla and cardamom in a baking dish.",
                "Rub the butter into the flour and salt, then add the brown sugar and pecans.",
                "Scatter over the fruit and bake at 375°F for 40 minutes.",
            ]),
        // kitchendivas.com/kitchendivas_1
        Page(
            "Best Banana Bread with Chocolate Chips", "8 servings",
            [
                "2 cups bananas, very ripe, mashed (about four bananas)", "2 cups all-purpose flour", "¾ cup sugar",
                "¾ teaspoon baking soda", "½ teaspoon salt", "¼ cup sour cream", "2 large eggs",
                "6 tablespoons unsalted butter (melted and cooled)", "2 teaspoons vanilla extract",
                "4 ounces semi-sweet chocolate (chopped, to taste)",
            ],
            [
                "Combine the flour, sugar, baking soda and salt.",
                "Fold in the bananas, sour cream, eggs, butter, vanilla and chocolate.",
                "Bake in a loaf pan at 350 degrees for 60-65 minutes.",
            ]),
        // iambaker.net/iambaker_1
        Page(
            "Butter Swim Bread", "12 slices",
            [
                "2 ½ cups (312.5 g) all-purpose flour", "4 teaspoons baking powder", "1 tablespoon granulated sugar",
                "2 teaspoons kosher salt", "2 cups (490 g) buttermilk",
                "½ cup (1 stick / 113 g) unsalted butter, (melted, divided)",
            ],
            [
                "Whisk the flour, baking powder, sugar and salt and stir in the buttermilk.",
                "Pour half the butter into the pan and stir the rest into the batter.",
                "Bake at 400°F for 35-45 minutes.",
            ]),
    ]
}
