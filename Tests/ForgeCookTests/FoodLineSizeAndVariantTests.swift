import ForgeCore
import Foundation
import Testing

@testable import ForgeCook

/// Kinds of lines the nutrition corpus showed weighed wrong: item sizes, a household variant the line does not
/// say, "cc", an adjective shared across "or", an oil of a seed, notes that are no food, fresh noodles.
struct FoodLineSizeAndVariantTests {
    static func line(_ text: String, _ reference: IngredientReference = FoodLineMeaningTests.none) -> RecipeIngredient {
        IngredientLineMatcher.line(text, reference: reference).0
    }

    /// SR28 measures potatoes small 170 g, medium 213 g, large 369 g (its first measure): a count with no size
    /// is medium; a size USDA does not measure scales its one item (sweet onion: 1 onion = 331 g).
    @Test(arguments: [
        ("3 potatoes", 639.0), ("3 medium potatoes", 639), ("1 large potato", 369), ("2 small potatoes", 340),
        ("1 small sweet onion", 231.7), ("1 sweet onion", 331), ("2 Roma tomatoes", 124),
        ("4 packed cups fresh strawberries", 608),
    ])
    func aCountWeighsTheSizeItNames(_ c: (String, Double)) {
        let line = Self.line(c.0)
        #expect(line.grams == c.1, "\(c.0): \(line.grams ?? -1) g")
    }

    /// "coconut milk, light" is a variant of coconut milk: a line that says only "coconut milk" is USDA's
    /// canned (full-fat) one; a line that names the row keeps it, as does one that leaves out only the row's
    /// state ("red lentils, dry" for "red lentils").
    @Test func aHouseholdVariantNeedsTheLineToSayIt() {
        let household = IngredientReference([
            Ingredient(name: "coconut milk, light", unit: "ml", values: Macros(values: [73, 1, 2, 1, 0, 7, 6, 20])),
            Ingredient(name: "red lentils, dry", unit: "g", values: Macros(values: [318, 24, 48, 2, 11, 2, 0, 6])),
        ])
        let full = Self.line("1 cup coconut milk", household)
        #expect(full.ref == nil && full.food?.hasPrefix("Nuts, coconut milk, canned") == true)
        #expect(Self.line("1 cup coconut milk, light", household).ref == "coconut milk, light")
        #expect(Self.line("200 g red lentils", household).ref == "red lentils, dry")
    }

    /// "cc" is a teaspoon where a cook spoons it (French "1 cc de sel") and millilitres from 15 up or in
    /// Japanese and Chinese ("牛乳 200cc" is 200 ml of milk, about 206 g, not 200 teaspoons).
    @Test func ccIsATeaspoonOrACubicCentimetre() {
        #expect(IngredientLineParser.parse("1 cc de sel").unit == "tsp")
        #expect(IngredientLineParser.parse("牛乳 200cc").unit == "ml")
        #expect(IngredientLineParser.parse("醤油 5cc").unit == "ml")
        let milk = Self.line("牛乳 200cc")
        #expect(milk.food?.hasPrefix("Milk, whole") == true && (200...210).contains(milk.grams ?? 0))
    }

    /// "Asian or other pear" is an Asian pear, not the first word alone; "sesame seed oil" is the oil, not the
    /// seeds; "*Not included" is a note; fresh rice noodles are not dry ones (108 against 364 kcal per 100 g).
    @Test func namesThatOnceMatchedTheWrongFood() {
        #expect(Self.line("1 organic Asian or other pear").food == "Pears, raw")
        #expect(Self.line("1 tbsp sesame seed oil").food == "Oil, sesame, salad or cooking")
        let note = Self.line("*Not included")
        #expect(note.negligible && note.food == nil && note.grams == nil)
        #expect(Self.line("2 lbs fresh pho noodles").food == "Rice noodles, cooked")
    }

    /// A bracket after a can or a pack is each one's size ("2 cans (14 oz)" are 793.8 g) unless it says it is
    /// the total; "1 cup plus 2 tablespoons" is one amount (1.125 cups of sugar, 225 g); ".50 grams" is half a
    /// gram; "4 packed cups" are cups.
    @Test(arguments: [
        ("2 cans (14 oz) diced tomatoes", 793.8), ("2 cans (28 oz total) diced tomatoes", 793.8),
        ("1 can (14 oz) diced tomatoes", 396.9), ("1 cup plus 2 tablespoons sugar", 225),
        ("½ cup + 1 tbsp granulated sugar", 112.5), ("1/2 tsp dried thyme (.50 grams)", 0.5),
    ])
    func amountsWrittenInTwoParts(_ c: (String, Double)) {
        let line = Self.line(c.0)
        #expect(line.grams == c.1, "\(c.0): \(line.grams ?? -1) g")
    }

    /// "cheese tortellini" is the filled pasta, not cheese; an adjective before "or" shares only the head noun
    /// when the other words make no food ("ranch or blue cheese dressing" is ranch dressing); a head of
    /// cauliflower with no size is USDA's medium one (588 g), not its first, large (840 g).
    @Test func fillingsHeadNounsAndHeads() {
        #expect(Self.line("1 1/2 lb cheese tortellini").food?.hasPrefix("Tortellini") == true)
        #expect(Self.line("1/4 cup ranch or blue cheese dressing").food == "Salad dressing, ranch dressing, regular")
        #expect(Self.line("2 tablespoons light or dark brown sugar").food == "Sugars, brown")
        #expect(Self.line("1 head cauliflower").grams == 588)
        #expect(Self.line("1 small head cauliflower").grams == 265)
    }

    /// The line stores the one amount too, so the shopping list sums "1 cup plus 2 tablespoons sugar" as 1.125
    /// cups of sugar, not as 1 cup of "plus 2 tablespoons sugar".
    @Test func aPlusAmountIsStoredAsOneAmountOfItsFood() {
        let line = Self.line("1 cup plus 2 tablespoons sugar, sifted")
        #expect(line.qty == 1.125 && line.unit == "cup" && line.name == "sugar")
        #expect(line.disp == "1 cup plus 2 tablespoons" && line.note == "sifted")
    }
}
