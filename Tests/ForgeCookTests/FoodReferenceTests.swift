import ForgeCore
import Foundation
import Testing

@testable import ForgeCook

/// The food reference (USDA SR28), its name matching and its conversion of
/// units to grams, on a small table of real SR28 rows written here, so each
/// rule is checked on foods whose figures the test states.
struct FoodReferenceTests {
    /// Six SR28 foods as the generator writes them, and the names cooks use for them.
    static let table = """
        # test table
        F\t01001\t0100\tButter, salted\t717\t0.85\t0.06\t0.06\t0\t81.11\t51.368\t643\t0\t1 pat (1" sq, 1/3" high)=5|1 tbsp=14.2|1 cup=227|1 stick=113
        F\t01145\t0100\tButter, without salt\t717\t0.85\t0.06\t0.06\t0\t81.11\t51.368\t11\t0\t1 pat (1" sq, 1/3" high)=5|1 tbsp=14.2|1 cup=227|1 stick=113
        F\t01123\t0100\tEgg, whole, raw, fresh\t143\t12.56\t0.72\t0.37\t0\t9.51\t3.126\t142\t0\t1 large=50|1 extra large=56|1 medium=44|1 small=38
        F\t11215\t1100\tGarlic, raw\t149\t6.36\t33.06\t1\t2.1\t0.5\t0.089\t17\t0\t1 cup=136|1 tsp=2.8|1 clove=3
        F\t20081\t2000\tWheat flour, white, all-purpose, enriched, bleached\t364\t10.33\t76.31\t0.27\t2.7\t0.98\t0.155\t2\t0\t1 cup=125
        F\t02047\t0200\tSalt, table\t0\t0\t0\t0\t0\t0\t0\t38758\t0\t1 tsp=6|1 tbsp=18
        F\t11282\t1100\tOnions, raw\t40\t1.1\t9.34\t4.24\t1.7\t0.1\t0.042\t4\t10\t1 cup, chopped=160|1 medium (2-1/2" dia)=110|1 large=150
        F\t11477\t1100\tSquash, summer, zucchini, includes skin, raw\t17\t1.21\t3.11\t2.5\t1\t0.32\t0.084\t8\t0\t1 medium=196
        A\tbutter\t01001
        A\tunsalted butter\t01145
        A\tegg\t01123
        A\tgarlic\t11215
        A\tall-purpose flour\t20081
        A\tplain flour\t20081
        A\tsalt\t02047
        A\tkosher salt\t02047
        A\tonion\t11282
        A\tzucchini\t11477
        A\tcourgette\t11477
        """
    static let foods: FoodReference = try! FoodReference(text: table)
    static let none = IngredientReference([])

    @Test func theTableReadsFoodsPortionsAndNames() throws {
        #expect(Self.foods.foods.count == 8)
        let butter = try #require(Self.foods[id: "usda:01145"])
        #expect(butter.name == "Butter, without salt" && butter.per100g.kcal == 717 && butter.per100g.sodiumMg == 11)
        #expect(butter.portions.map(\.word) == ["pat", "tbsp", "cup", "stick"])
        #expect(Self.foods.alias("courgette")?.id == "usda:11477")
        #expect(throws: SeedDataError.self) { try FoodReference(text: "A\tbutter\t99999") }
    }

    @Test func theShippedTableIsUSDAs() throws {
        let usda = FoodReference.usda
        #expect(usda.foods.count == 8789)
        #expect(usda.foods.reduce(0) { $0 + $1.portions.count } == 15438)
        let butter = try #require(usda[id: "usda:01145"])
        #expect(
            butter.name == "Butter, without salt" && butter.portions.contains { $0.word == "tbsp" && $0.grams == 14.2 })
    }

    /// Names match foods by what they are: British and American names, plurals, sizes and preparation
    /// words dropped, the longest known run of words first.
    @Test(arguments: [
        ("unsalted butter", "usda:01145"), ("butter", "usda:01001"), ("plain flour", "usda:20081"),
        ("all-purpose flour", "usda:20081"), ("garlic cloves", "usda:11215"), ("kosher salt", "usda:02047"),
        ("large eggs", "usda:01123"), ("courgettes", "usda:11477"), ("zucchini, grated", "usda:11477"),
        ("organic unsalted butter", "usda:01145"), ("finely chopped onions", "usda:11282"),
    ])
    func namesMatchTheirFood(_ c: (String, String)) {
        #expect(FoodMatcher.match(c.0, in: Self.foods)?.food.id == c.1)
    }

    @Test func aPartOfANameFoundOnlyInDescriptionsIsNoMatch() {
        // "zucchini" is a word of a description and an alias: found; "zqxv powder" shares no alias and
        // its whole name is in no description.
        #expect(FoodMatcher.match("zqxv powder", in: Self.foods) == nil)
        let summer = FoodMatcher.match("summer squash", in: Self.foods)
        #expect(summer?.food.id == "usda:11477" && summer?.confidence == 0.7)
    }

    /// Units to grams: mass exactly, volume by the food's own portion, counts by its size words.
    @Test(arguments: [
        ("¾ cup unsalted butter", 170.3), ("2 tbsp butter, melted", 28.4), ("1 stick butter", 113),
        ("3 large eggs", 150), ("2 eggs", 88), ("4 garlic cloves, minced", 12), ("2 cloves garlic", 6),
        ("1 cup all-purpose flour", 125), ("1 tsp kosher salt", 6), ("1 lb onions, peeled", 453.6),
        ("200g plain flour", 200),
        ("1.5kg plain flour", 1500), ("½ cup (60 g) plain flour", 60), ("2 medium onions", 220), ("1 large onion", 150),
    ])
    func unitsWeighByTheFoodsOwnPortions(_ c: (String, Double)) {
        let (line, matched) = IngredientLineMatcher.line(c.0, reference: Self.none, foods: Self.foods)
        #expect(matched && line.grams == c.1, "\(c.0): \(line.grams ?? -1) g")
    }

    /// A weight the cook states is the food as bought: the food's refuse (10 % for onions' skins and
    /// ends) comes off, unless the line says the weight is edible already; USDA's portions are edible.
    @Test func aStatedWeightLosesTheFoodsRefuse() {
        let weigh = { (text: String) in
            IngredientLineMatcher.line(text, reference: Self.none, foods: Self.foods).0.grams
        }
        #expect(weigh("1 lb onions") == 408.2)
        #expect(weigh("1 lb onions, peeled") == 453.6)
        #expect(weigh("2 medium onions") == 220)
        #expect(weigh("1 onion (about 200 g)") == 180)
    }

    @Test func aFoodWithoutAVolumePortionTakesItsKindsDensity() throws {
        // Zucchini has only a count portion: a cup of it weighs by vegetables' density (0.5 g/ml).
        let (line, _) = IngredientLineMatcher.line("1 cup zucchini", reference: Self.none, foods: Self.foods)
        #expect(line.grams == 120 && !line.estimate)
    }

    @Test func negligibleAndEstimatedLines() {
        let (salt, saltOK) = IngredientLineMatcher.line("Salt, to taste", reference: Self.none, foods: Self.foods)
        #expect(saltOK && salt.negligible && salt.grams == nil && salt.food == "Salt, table")
        let (bare, bareOK) = IngredientLineMatcher.line("salt", reference: Self.none, foods: Self.foods)
        #expect(bareOK && bare.negligible)
        let (garnish, _) = IngredientLineMatcher.line(
            "2 tbsp butter, for greasing", reference: Self.none, foods: Self.foods)
        #expect(garnish.negligible && garnish.grams == nil)
        let (onion, onionOK) = IngredientLineMatcher.line("onion", reference: Self.none, foods: Self.foods)
        #expect(onionOK && onion.estimate && onion.grams == 110)
        let (heading, _) = IngredientLineMatcher.line("For the sauce:", reference: Self.none, foods: Self.foods)
        #expect(heading.negligible)
    }

    /// A negligible phrase about more of the food ("plus extra for greasing", "(or … for serving)") leaves
    /// the stated amount weighed; about the line itself ("to taste", "for greasing") it weighs nothing.
    @Test(arguments: [
        ("100 g plain flour, plus extra for dusting", 100.0), ("2 tbsp butter (plus more for greasing)", 28.4),
        ("1 tsp kosher salt, or to taste", 6), ("2 cups plain flour (or more, if needed)", 250),
        ("200 g plain flour (gluten free if needed)", 200), ("1 stick butter (Note: keep some for serving)", 113),
    ])
    func moreOfTheFoodIsNoReasonToIgnoreTheAmount(_ c: (String, Double)) {
        let (line, _) = IngredientLineMatcher.line(c.0, reference: Self.none, foods: Self.foods)
        #expect(!line.negligible && line.grams == c.1, "\(c.0)")
    }

    @Test func aBracketSayingOptionalMakesAStatedAmountNegligible() {
        let (line, _) = IngredientLineMatcher.line(
            "½ cup plain flour (optional, for dusting)", reference: Self.none, foods: Self.foods)
        #expect(line.negligible && line.grams == nil)
    }

    @Test func alternativesTakeTheFirstAndBracketsBeforeTheUnitAreOneItemsSize() {
        let (butter, _) = IngredientLineMatcher.line(
            "2 tbsp butter or margarine", reference: Self.none, foods: Self.foods)
        #expect(butter.foodID == "usda:01001" && butter.grams == 28.4)
        let (onion, _) = IngredientLineMatcher.line(
            "1 red or yellow onion", reference: Self.none, foods: Self.foods)
        #expect(onion.foodID == "usda:11282")
        let (tin, _) = IngredientLineMatcher.line("2 (14 oz) cans plain flour", reference: Self.none, foods: Self.foods)
        #expect(tin.grams == 793.8)
        let (times, _) = IngredientLineMatcher.line(
            "2 x 400 g tins plain flour", reference: Self.none, foods: Self.foods)
        #expect(times.qty == 800 && times.unit == "g" && times.grams == 800 && times.disp == "2 x 400 g tins")
        // A weight stated further on: per item when "each" follows it, else the line's whole weight.
        let (each, _) = IngredientLineMatcher.line(
            "4 onions (about 6 oz each)", reference: Self.none, foods: Self.foods)
        #expect(each.grams == 612.4)
        let (total, _) = IngredientLineMatcher.line(
            "4 large onions (about 1 1/2 pounds total), sliced", reference: Self.none, foods: Self.foods)
        #expect(total.grams == 612.4)
    }

    /// The household's own rows come first; a food they cannot weigh falls to the food reference.
    @Test func householdRowsKeepPrecedence() {
        let household = IngredientReference([
            Ingredient(name: "butter", unit: "g", values: Macros(values: [700, 1, 0, 0, 0, 80, 50, 10])),
            Ingredient(name: "eggs", unit: "x", values: Macros(values: [70, 6, 0, 0, 0, 5, 1, 70])),
        ])
        let (butter, _) = IngredientLineMatcher.line("¾ cup butter", reference: household, foods: Self.foods)
        #expect(butter.ref == "butter" && butter.qty == 170.3 && butter.unit == "g" && butter.kcal == 1192.1)
        let (eggs, _) = IngredientLineMatcher.line("2 large eggs", reference: household, foods: Self.foods)
        #expect(eggs.ref == "eggs" && eggs.qty == 2 && eggs.kcal == 140)
        let (cupEggs, _) = IngredientLineMatcher.line("1 cup eggs", reference: household, foods: Self.foods)
        #expect(cupEggs.ref == nil && cupEggs.foodID == "usda:01123")
    }

    /// A recipe is complete when every line weighs or is negligible and unknown foods stay under 5 % of
    /// the weight; each reason names its line.
    @Test func parkingNamesEachLine() {
        let lines = [
            "500 g plain flour", "2 eggs", "salt to taste", "10 g zqxv powder", "1 bunch mystery leaves",
        ].map { IngredientLineMatcher.line($0, reference: Self.none, foods: Self.foods).0 }
        let computation = RecipeMacros.compute(ingredients: lines, reference: Self.none, serves: 4, foods: Self.foods)
        #expect(computation.unmatchedGrams == 10 && computation.unmatchedWithinShare)
        let reasons = RecipeParking.reasons(
            lines: lines, computation: computation, difficulty: "easy", kcal: computation.perServing.kcal)
        #expect(reasons == [.line(number: 5, text: "1 bunch mystery leaves", why: "matches no food")])
        #expect(reasons.map(\.description) == ["line 5 \"1 bunch mystery leaves\": matches no food"])
        let flourAndEggs: Double = 5 * 364 + 0.88 * 143
        #expect(computation.perServing.kcal == (flourAndEggs / 4 * 10).rounded() / 10)
        let more = IngredientLineMatcher.line("100 g zqxv", reference: Self.none, foods: Self.foods).0
        let heavy = RecipeMacros.compute(
            ingredients: Array(lines.prefix(4)) + [more], reference: Self.none, serves: 4, foods: Self.foods)
        #expect(!heavy.unmatchedWithinShare)
        #expect(
            RecipeParking.reasons(lines: [], computation: heavy, difficulty: "hard", kcal: 0).map(\.description)
                == [
                    "foods that match nothing make up 15.8 % of the weight (at most 5 %): zqxv powder, zqxv",
                    "difficulty hard", "kcal missing",
                ])
    }
}
