import ForgeCore
import Foundation
import Testing

@testable import ForgeCook

/// Shapes of lines the nutrition corpus showed misread, second round: a bullet or an "item(s)," before the
/// name, an alternative the food reference knows, lines that are no ingredient, varieties smaller than the one
/// USDA measures, a weight right after a count, Portuguese spoons; third round: a number word before a size,
/// scoops and tubs, a fruit's juice "from" it, a dish named after what fills it, mixes as sold.
struct FoodLineShapesTests {
    static func line(_ text: String) -> RecipeIngredient {
        IngredientLineMatcher.line(text, reference: FoodLineMeaningTests.none).0
    }

    /// A list bullet the page kept ("- 1.5 cups") is part of the quantity as written, not a minus sign; a
    /// comma right after the unit ("1 item(s), large Egg") belongs to the quantity, and the name follows it.
    @Test func bulletsAndACommaAfterTheUnit() {
        let flour = Self.line("- 1.5 cups self raising flour")
        #expect(flour.qty == 1.5 && flour.unit == "cup" && flour.grams == 187.5)
        #expect(Self.line("• 2 eggs").qty == 2)
        let egg = IngredientLineParser.parse("1 item(s), large Egg")
        #expect(
            egg.qty == 1 && egg.unit == "piece" && egg.name == "large Egg" && egg.rejoined == "1 item(s), large Egg")
        let weighed = Self.line("1 item(s), large Egg")
        #expect(weighed.food?.lowercased().hasPrefix("egg") == true && weighed.grams == 50)
    }

    /// Of "A or B", the first the food reference knows: a brand's name the reference lacks gives way to the
    /// food after "or"; two known foods keep the first.
    @Test func anAlternativeTheReferenceKnows() {
        let noodles = Self.line("3.5 oz bag crunchy wonton strips or crunchy chow mein noodles")
        #expect(noodles.food == "Noodles, chinese, chow mein" && noodles.grams == 99.2)
        #expect(Self.line("1 cup butter or margarine").food?.lowercased().contains("butter") == true)
    }

    /// Decorations with no amount, a pointer elsewhere, and "OR make …" (another way to the line before)
    /// weigh nothing and park nothing; the same decoration with an amount still weighs.
    @Test(arguments: [
        "assorted sprinkles", "Colored sprinkles", "edible flowers", "For full ingredient list, see Nutrition",
        "OR make Drop Biscuits (recipe in the notes)", "Food Coloring",
    ])
    func linesThatAreNoIngredient(_ text: String) {
        let line = Self.line(text)
        #expect(line.negligible && line.grams == nil, "\(text)")
    }

    /// Lines under a heading of extras (alternatives to the main list, optional extras, garnish, what the dish
    /// is served with) weigh nothing and park nothing, linked to their food; a heading that is part of the dish
    /// ("For the topping", "Sauce") leaves its lines weighed.
    @Test(arguments: [
        ("Alternate:", true), ("Variations", true), ("Substitutions", true), ("To serve", true), ("Garnish", true),
        ("Optional toppings", true), ("Serving suggestion", true), ("For the topping", false), ("Sauce", false),
        ("FOR THE PORK", false),
    ])
    func aHeadingOfExtras(_ c: (String, Bool)) {
        let (line, accounted) = IngredientLineMatcher.line(
            "1 cup long grain rice", section: c.0, reference: FoodLineMeaningTests.none)
        #expect(line.section == c.0 && accounted)
        #expect(line.food?.hasPrefix("Rice, white, long-grain") == true, "\(line.food ?? "-")")
        #expect(line.negligible == c.1 && (line.grams == nil) == c.1, "\(c.0): \(line.grams ?? -1) g")
    }

    /// SR28 measures a slicing cucumber (301 g) and a head of pak-choi (840 g): a pickling cucumber, a
    /// Persian one and a head of baby bok choy weigh as those varieties do, marked estimates; a size word
    /// scales them.
    @Test(arguments: [
        ("12 pickling cucumbers", 1440.0), ("2 Persian cucumbers", 200), ("4 heads baby bok choy", 400),
        ("2 large pickling cucumbers", 312), ("1 cucumber", 301),
    ])
    func aVarietyWeighsAsItGrows(_ c: (String, Double)) {
        let line = Self.line(c.0)
        #expect(line.grams == c.1, "\(c.0): \(line.grams ?? -1) g")
    }

    /// A count of a food USDA measures in another, lighter shape weighs by that shape ("20 pretzel rods" by
    /// its "10 twists = 60 g", not a 100 g guess); a heavier one (a whole steak) is no guide to one item.
    @Test func aCountByAnotherShapeOfTheFood() {
        #expect(Self.line("20 pretzel rods").grams == 120)
        #expect(Self.line("4 Rumpsteak").grams == 400)
    }

    /// A weight right after a count is each item's, as a can's size is ("2 16 oz. mushrooms" are 32 oz as
    /// bought); after the name it is the whole line's ("4 salmon fillets, about 1.5 lb").
    @Test func aWeightRightAfterACountIsEachOnes() {
        let mushrooms = Self.line("2 16 oz. baby portobello mushrooms")
        let oneBox = Self.line("16 oz. baby portobello mushrooms")
        #expect((mushrooms.grams ?? 0) == 2 * (oneBox.grams ?? -1) && (oneBox.grams ?? 0) > 400)
        #expect(Self.line("1 3 lb pork shoulder").grams == Self.line("3 lb pork shoulder").grams)
    }

    /// A cup of cheese is measured shredded: grated or unsaid, SR28's "1 cup, shredded" (113 g of cheddar), not
    /// its first measure, diced (132 g); a form the line names still wins.
    @Test(arguments: [
        ("1 cup Monterey Jack cheese (grated)", 113.0), ("1 cup mozzarella", 112), ("1 cup diced cheddar", 132),
        ("1 cup shredded Swiss cheese", 108),
    ])
    func aCupOfCheeseIsShredded(_ c: (String, Double)) {
        #expect(Self.line(c.0).grams == c.1, "\(c.0): \(Self.line(c.0).grams ?? -1) g")
    }

    /// Almond flour and nut meals are ground nuts: a cup is SR28's ground almonds (95 g) or the nut's own ground
    /// measure (hazelnuts 75 g), not 145 g of whole kernels; whole nuts keep theirs.
    @Test(arguments: [
        ("2 cups almond flour", 190.0), ("1 cup ground hazelnuts", 75), ("1 cup hazelnut meal", 75),
        ("1 cup blanched almonds", 145),
    ])
    func nutFlourIsGroundNuts(_ c: (String, Double)) {
        #expect(Self.line(c.0).grams == c.1, "\(c.0): \(Self.line(c.0).grams ?? -1) g")
    }

    /// Portuguese spoons: "c. de sopa" is a tablespoon and "c. de chá" a teaspoon, not a cup.
    @Test func portugueseSpoons() {
        #expect(IngredientLineParser.parse("3 c. de sopa polpa de tomate").unit == "tbsp")
        #expect(IngredientLineParser.parse("1 c. de chá de sal").unit == "tsp")
        #expect(IngredientLineParser.parse("2 colheres de sopa de azeite").unit == "tbsp")
    }

    /// Names the reference once missed or mistook: angel food cake, guacamole, Italian and Dutch fruit and
    /// vegetables, monkfish in Portuguese, sweeteners (no sugar), gluten-free flour (no gluten).
    @Test(arguments: [
        ("1 store-bought angel food cake", "Cake, angelfood, commercially prepared"),
        ("Guacamole", "Avocados, raw, all commercial varieties"), ("Fragole 1,1 kg", "Strawberries, raw"),
        ("100 gr kerstomaatjes", "Tomatoes, red, ripe, raw, year round average"),
        ("800g Veau", "Veal, composite of trimmed retail cuts, separable lean and fat, raw"),
        ("1 kg tamboril", "Fish, monkfish, raw"),
        ("3/4 cup Brown Sugar Alternative Sweetener", "Sweetener, herbal extract powder from Stevia leaf"),
        ("2 Tablespoons gluten free flour", "Rice flour, white, unenriched"),
        ("8 oz fresh Hong Kong pan fry noodles", "Pasta, fresh-refrigerated, plain, as purchased"),
    ])
    func namesMatched(_ c: (String, String)) {
        #expect(Self.line(c.0).food == c.1, "\(c.0)")
    }

    /// A number word counts before a size as a digit does ("four 8-ounce packages" are 32 oz, "two 15-ounce
    /// cans" 30 oz), and English counts to twelve and the other languages' small ones are numbers.
    @Test(arguments: [
        ("four 8-ounce packages cream cheese", "4 8-ounce packages cream cheese"),
        ("two 15-ounce cans chickpeas", "2 15-ounce cans chickpeas"), ("seven eggs", "7 eggs"),
        ("One 3-inch cinnamon stick", "1 cinnamon stick"), ("two 15 oz cans chickpeas", "2 15 oz cans chickpeas"),
        ("a 1/2 cup of milk", "1/2 cup milk"),
    ])
    func aNumberWordBeforeASize(_ c: (String, String)) {
        let (worded, digits) = (Self.line(c.0), Self.line(c.1))
        #expect(worded.grams != nil && worded.grams == digits.grams, "\(c.0): \(worded.grams ?? -1) g")
    }

    /// A scoop of a powder is a measuring scoop's 30 g (not a vanilla bean's 3 g because the powder is vanilla);
    /// a scoop of ice cream is half a cup. A container or tub weighs as a pack, not as one dairy portion.
    @Test func scoopsAndTubs() {
        #expect(Self.line("1 scoop vanilla protein powder").grams == 30)
        let iceCream = Self.line("2 scoops vanilla ice cream")
        let cup = Self.line("1 cup vanilla ice cream")
        #expect(iceCream.grams == cup.grams && (cup.grams ?? 0) > 0)
        let ricotta = Self.line("1 container ricotta cheese")
        #expect(ricotta.unit == "pack" && ricotta.grams == 250 && ricotta.estimate)
        let tub = Self.line("1 tub ricotta cheese")
        #expect(tub.unit == "pack" && tub.grams == 250)
    }

    /// "Juice from 1/2 lime", "zest from an orange" and "peel of one orange" are the fruit's juice and peel, as
    /// "lime juice" is: no apple and grape juice, no whole 184 g orange.
    @Test(arguments: [
        ("Juice from 1/2 lime", "Lime juice, raw"), ("zest from 1 orange", "Orange peel, raw"),
        ("Juice of 1 lime", "Lime juice, raw"), ("juice from one orange", "Orange juice, raw"),
        ("peel from 1 orange, cut into strips", "Orange peel, raw"), ("Juice of 2 lemons", "Lemon juice, raw"),
    ])
    func aFruitsJuiceFromIt(_ c: (String, String)) {
        let line = Self.line(c.0)
        #expect(line.food == c.1 && line.grams != nil && (line.grams ?? 0) < 100, "\(c.0): \(line.grams ?? -1) g")
    }

    /// A dish named after what fills or flavours it is the dish, where SR28 describes one with both words
    /// ("cinnamon rolls", "cheese ravioli", "chili beans"); a part of a food stays the food ("garlic cloves",
    /// "basil leaves"), and two foods joined by "&" are no sauce that holds both.
    @Test(arguments: [
        ("2 cans jumbo cinnamon rolls", "Sweet rolls, cinnamon, commercially prepared with raisins"),
        ("12 ounces frozen beef and cheese ravioli", "Ravioli, cheese-filled, canned"),
        ("15 oz canned chili beans", "Chili with beans, canned"), ("4 garlic cloves", "Garlic, raw"),
        ("1 cup basil leaves", "Basil, fresh"),
        ("2 cups frozen peppers & onions", "Peppers, sweet, red, frozen, chopped, unprepared"),
    ])
    func aDishNamedAfterItsFilling(_ c: (String, String)) {
        #expect(Self.line(c.0).food == c.1, "\(c.0): \(Self.line(c.0).food ?? "-")")
    }

    /// A mix is sold dry: hot cocoa mix and instant pudding weigh as their powders (398 and 363 kcal per 100 g),
    /// not as the drink or pudding made from them; powdered buttermilk is dried, plant milk is soy milk.
    @Test(arguments: [
        ("4 tbsp hot cocoa mix", "Beverages, Cocoa mix, powder"),
        ("1 3.4- ounce package instant vanilla pudding", "Puddings, vanilla, dry mix, instant"),
        ("4 tablespoons powdered buttermilk", "Milk, buttermilk, dried"),
        ("1 cup unsweetened, unflavored plant milk", "Soymilk, original and vanilla, unfortified"),
    ])
    func mixesAsSold(_ c: (String, String)) {
        #expect(Self.line(c.0).food == c.1, "\(c.0): \(Self.line(c.0).food ?? "-")")
    }

    /// Portuguese grams and kilos read as units ("Peito de Frango 600 gramas" is 600 g, not one breast); a
    /// drizzle is no amount: "(for serving)" makes it negligible, and without it it is one spoonful.
    @Test func portugueseGramsAndADrizzle() {
        #expect(Self.line("Peito de Frango 600 gramas").grams == 600)
        #expect(IngredientLineParser.parse("1 quilo de batatas").unit == "kg")
        #expect(Self.line("A drizzle of olive oil (for serving)").negligible)
        let drizzle = Self.line("A drizzle of olive oil")
        #expect(!drizzle.negligible && drizzle.estimate && (drizzle.grams ?? 0) < 15)
    }

    /// A food left to the cook's choice, or a name the reference does not know, is the first example its
    /// brackets give ("e.g.", "such as", "bijv."), nested brackets dropped; a known name keeps its own food.
    @Test(arguments: [
        ("250 g granen naar keuze (bijv. (parel)couscous, (parel)gerst, bulgur of een mix)", "couscous"),
        ("1 lb protein of choice (e.g. chicken breast or tofu)", "chicken breast"),
        ("1 cup milk (e.g. oat milk)", "Milk, whole, 3.25% milkfat, with added vitamin D"),
    ])
    func theFirstExampleOfAChoice(_ c: (String, String)) {
        let line = IngredientLineMatcher.line(c.0, reference: IngredientReference.seed).0
        #expect(line.food == c.1, "\(c.0): \(line.food ?? "-")")
    }

    /// A cup of frozen fruit is measured as it comes from the freezer (SR28's "1 cup, unthawed"), unless the
    /// line says it is thawed.
    @Test(arguments: [
        ("1 cup frozen strawberries", 149.0), ("1 cup frozen strawberries, thawed", 221),
        ("1/2 cup frozen blueberries", 77.5),
    ])
    func aCupOfFrozenFruitIsMeasuredFrozen(_ c: (String, Double)) {
        #expect(Self.line(c.0).grams == c.1, "\(c.0): \(Self.line(c.0).grams ?? -1) g")
    }

    /// Written name first with a count after it, a weight in the name's brackets is each item's: "卵(60g 程度) 2個"
    /// is two 60 g eggs as bought (shell off: 105.6 g), not 60 g of egg in all.
    @Test func aWeightInTheNameBeforeACount() {
        let eggs = Self.line("卵(60g 程度) 2個")
        #expect(eggs.food?.hasPrefix("Egg") == true && eggs.grams == 105.6, "\(eggs.grams ?? -1) g")
        #expect(Self.line("薄力粉(ふるう) 100g").grams == 100)
    }

    /// A number word that names a spice blend written name first stays its name ("Quatre épices : 1 pincée"); a
    /// number word before a fraction that is no size is no count ("one 1/2 cup sugar" is not one cup).
    @Test func numberWordsThatAreNoCount() {
        let blend = IngredientLineParser.parse("Quatre épices : 1 pincée")
        #expect(blend.name == "Quatre épices" && blend.qty == 1 && blend.unit == "pinch")
        #expect(IngredientLineParser.parse("one 1/2 cup sugar").qty != 1)
    }

    /// The dish rule never reaches for fast food, restaurant meals or a pie's canned filling.
    @Test(arguments: ["4 beef tacos", "2 cups chicken salad", "4 apple pies", "2 chocolate bars"])
    func noDishFromAFastFoodOrAFilling(_ text: String) {
        let food = Self.line(text).food ?? ""
        #expect(
            !["TACO BELL", "McDONALD", "Pie fillings", "Formulated bar"].contains { food.contains($0) },
            "\(text): \(food)")
    }

    /// A count of something the food only goes into is no count of the food: "8 chicken meatballs" are eight
    /// 30 g meatballs, not eight chickens; "1 dozen eggs" is twelve; a slice of a food USDA counts in pieces is
    /// one piece (pepperoni, 2 g); the household's cherry tomatoes weigh as USDA's cherry, 17 g each.
    @Test func countsOfWhatTheLineNames() {
        #expect(Self.line("8 chicken meatballs").grams == 240)
        #expect(Self.line("2 chicken burritos").grams == 440)
        #expect(Self.line("1 dozen eggs").grams == 12 * (Self.line("1 egg").grams ?? 0))
        #expect(Self.line("half dozen eggs").qty == 6)
        #expect(Self.line("20 pepperoni slices").grams == 40)
        #expect(Self.line("4 whole chickens").grams == 3680)
        #expect(Self.line("1 9 inch unbaked frozen pie crust").grams == 173)
        #expect(Self.line("10 tomates cerises").grams == 170)
        let tomatoes = IngredientLineMatcher.line("10 cherry tomatoes", reference: IngredientReference.seed).0
        #expect(tomatoes.ref == "cherry tomatoes" && tomatoes.grams == 170, "\(tomatoes.grams ?? -1) g")
    }

    /// Nuts and seeds are bought shelled: a stated weight keeps all of it (SR28's refuse is the shells of nuts
    /// bought whole), unless the line says they are in their shells; a cup's weight in brackets is of what the
    /// cup holds.
    @Test func nutsAreBoughtShelled() {
        #expect(Self.line("200 g almonds").grams == 200)
        #expect(Self.line("1 cup (112g) raw walnuts").grams == 112)
        let inShell = Self.line("500 g walnuts in shell")
        #expect(inShell.food == "Nuts, walnuts, english" && (inShell.grams ?? 500) < 300, "\(inShell.grams ?? -1)")
        // Other foods still lose theirs: potatoes as bought are 25 % peel and eyes to SR28.
        #expect(Self.line("1 kg potatoes").grams == 750)
    }

    /// On a cup or spoon line, a weight in brackets after a can or a pack is that container's size, not the
    /// line's weight ("2 ½ cups coconut milk, two boxes (8.5 oz)" is 2 ½ cups); a weight in brackets of its own
    /// still is ("3 cups penne (8 oz.)").
    @Test func aContainersSizeOnACupLine() {
        let milk = Self.line("2 ½ cups coconut milk– preferably two boxes(8.5 oz) of Aroy-D boxed")
        #expect(milk.grams == Self.line("2 ½ cups coconut milk").grams && (milk.grams ?? 0) > 500)
        #expect(Self.line("3 cups penne (8 oz.)").grams == 226.8)
    }
}
