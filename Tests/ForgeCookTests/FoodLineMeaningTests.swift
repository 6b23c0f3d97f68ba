import ForgeCore
import Foundation
import Testing

@testable import ForgeCook

/// What a line means beyond its words' foods, on the shipped USDA table: which of a food's measures a
/// line's preparation picks, which word of a name is the food, and lines that are headings or broth.
struct FoodLineMeaningTests {
    static let none = IngredientReference([])

    static func line(_ text: String) -> (RecipeIngredient, matched: Bool) {
        IngredientLineMatcher.line(text, reference: none)
    }

    /// A cup of cream is USDA's fluid cup (238 g), never its whipped one (120 g); a line that says
    /// "shredded" takes the shredded cup (113 g of cheddar, not the diced 132 g); grated cheese with no
    /// cup measure of its own weighs as grated (0.45 g/ml), not as a block.
    @Test(arguments: [
        ("1 cup heavy whipping cream", 238.0), ("500 ml double cream", 495.8), ("1 cup shredded cheddar cheese", 113),
        ("1 cup cheddar cheese, diced", 132), ("1 cup grated Pecorino Romano", 108),
        ("3 cups corn tortilla chips", 108),
    ])
    func aLinesPreparationPicksTheMeasure(_ c: (String, Double)) {
        let (line, matched) = Self.line(c.0)
        #expect(matched && line.grams == c.1, "\(c.0): \(line.grams ?? -1) g")
    }

    /// A modifier that is a kind of the head noun is the food ("burrata cheese" is mozzarella-like, not
    /// the generic cheddar); a head that makes another thing of its food must be matched itself.
    @Test func theHeadNounDecidesWhatTheFoodIs() throws {
        #expect(FoodMatcher.match("burrata cheese")?.food.name == "Cheese, mozzarella, whole milk")
        #expect(FoodMatcher.match("achiote paste") == nil)
        #expect(FoodMatcher.match("tomato paste")?.food.name.hasPrefix("Tomato products") == true)
        let chiles = try #require(FoodMatcher.match("canned chipotle chiles with a little extra sauce"))
        #expect(chiles.food.name == "Peppers, hot chile, sun-dried")
        #expect(FoodMatcher.match("zest from a large lemon")?.food.name.hasPrefix("Lemon") == true)
        // An alias reaching across the word stays whole.
        #expect(FoodMatcher.match("harina con levadura")?.food.name.contains("self-rising") == true)
        #expect(FoodMatcher.match("chicken breast with skin")?.food.name.contains("meat and skin") == true)
        #expect(FoodMatcher.match("tomaten aus der dose")?.food.name.contains("canned") == true)
        #expect(FoodMatcher.match("chilli con carne seasoning")?.food.name == "Seasoning mix, dry, chili, original")
    }

    /// "everything bagel seasoning" with no amount seasons; a heading such as "Side" or "Topping" is no
    /// food; neither parks the recipe.
    @Test(arguments: ["everything bagel seasoning", "Side", "Topping"])
    func seasoningsAndHeadingsWithoutAnAmountWeighNothing(_ text: String) {
        let (line, matched) = Self.line(text)
        #expect(matched && line.negligible && line.grams == nil, "\(text)")
    }

    @Test func aCountOfPiecesWeighsByTheFoodsOwnItem() {
        // SR28: 1 date, pitted = 7.1 g; "Stück" is a piece, not 100 g.
        #expect(Self.line("2 Stück Datteln, getrocknet").0.grams == 14.2)
    }

    @Test func aDryBrothMeasuredAsALiquidIsBroth() {
        let (line, _) = Self.line("500 ml bouillon")
        #expect(line.food == "Soup, chicken broth, ready-to-serve" && (line.kcal ?? 99) < 40)
        #expect(Self.line("1 tsp bouillon").0.food == "Soup, chicken broth or bouillon, dry")
    }

    @Test func anOpenAmountIsTheStatedAmount() {
        let parsed = IngredientLineParser.parse("2 or more tablespoons soy sauce")
        #expect(parsed.qty == 2 && parsed.unit == "tbsp" && parsed.name == "soy sauce")
    }

    @Test func aStateBeforeTheCommaIsPartOfTheName() {
        let (rice, _) = Self.line("555 g cooked, cold jasmine rice, or any rice of choice")
        #expect(rice.food?.hasPrefix("Rice, white") == true && rice.food?.contains("cooked") == true)
        let (yogurt, _) = Self.line("1/2 cup Plain, non-fat Greek yogurt")
        #expect(yogurt.food?.hasPrefix("Yogurt, Greek") == true)
    }

    @Test func aPacketOfAnUnknownFoodStillWeighsItsStatedSize() {
        let (line, matched) = Self.line("1 (1-ounce) package of zqxv dressing mix")
        #expect(!matched && line.food == nil && line.grams == 28.4)
    }
}
