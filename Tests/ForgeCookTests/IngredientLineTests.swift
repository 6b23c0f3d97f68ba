import ForgeCore
import Foundation
import Testing

@testable import ForgeCook

/// Ingredient lines keep the cook's words (issue 16): one minimal line per
/// failure kind the corpus showed, plus quantities and units in six languages.
@Suite struct IngredientLineTests {
    typealias P = IngredientLineParser

    @Test(
        arguments: [
            // (line, qty, unit, disp, name, note)
            (
                "8 cups sliced Granny Smith apples (approx. 7 apples)", 8.0, "cup", "8 cups",
                "sliced Granny Smith apples (approx. 7 apples)", nil
            ),
            (
                "1 cup (6 ounces) drained roasted red bell peppers", 1, "cup", "1 cup (6 ounces)",
                "drained roasted red bell peppers", nil
            ),
            (
                "29g (2 tablespoons) unsalted butter, melted", 29, "g", "29g (2 tablespoons)", "unsalted butter",
                "melted"
            ),
            ("8 ounces feta cheese, crumbled", 8, "oz", "8 ounces", "feta cheese", "crumbled"),
            ("1/2 red onion", 0.5, "", "1/2", "red onion", nil),
            ("2-3 small dill pickles", 2, "", "2-3", "small dill pickles", nil),
            ("2 to 3 cloves garlic", 2, "clove", "2 to 3 cloves", "garlic", nil),
            ("1 ½ cups flour", 1.5, "cup", "1 ½ cups", "flour", nil),
            ("1½ cups flour", 1.5, "cup", "1½ cups", "flour", nil),
            ("1 1/2 cups flour", 1.5, "cup", "1 1/2 cups", "flour", nil),
            ("¾ tsp salt", 0.75, "tsp", "¾ tsp", "salt", nil),
            ("1.5 kg potatoes", 1.5, "kg", "1.5 kg", "potatoes", nil),
            ("2,5 dl Milch", 2.5, "dl", "2,5 dl", "Milch", nil),
            ("1 (14 oz) can diced tomatoes", 1, "can", "1 (14 oz) can", "diced tomatoes", nil),
            ("2 EL Olivenöl", 2, "tbsp", "2 EL", "Olivenöl", nil),
            ("1 TL Salz", 1, "tsp", "1 TL", "Salz", nil),
            ("2 c. à soupe d'huile d'olive", 2, "tbsp", "2 c. à soupe", "d'huile d'olive", nil),
            ("3 gousses d'ail", 3, "clove", "3 gousses", "d'ail", nil),
            ("2 cucharadas de aceite", 2, "tbsp", "2 cucharadas", "de aceite", nil),
            ("1 cucchiaino di sale", 1, "tsp", "1 cucchiaino", "di sale", nil),
            ("2 eetlepels olie", 2, "tbsp", "2 eetlepels", "olie", nil),
            ("1 teentje knoflook", 1, "clove", "1 teentje", "knoflook", nil),
            ("400 gr pompoenblokjes", 400, "g", "400 gr", "pompoenblokjes", nil),
        ] as [(String, Double, String, String, String, String?)])
    func quantitiesUnitsNamesAndNotes(_ c: (String, Double, String, String, String, String?)) {
        let p = P.parse(c.0)
        #expect(p.qty.map { abs($0 - c.1) < 1e-9 } == true, "qty of \(c.0): \(String(describing: p.qty))")
        #expect(p.unit == c.2)
        #expect(p.disp == c.3)
        #expect(p.name == c.4)
        #expect(p.note == c.5)
        #expect(p.rejoined == c.0, "the pieces give the line back")
    }

    /// Decimal commas: the page's locale decides "1,250"; the shape decides
    /// where it can ("1,5", "0,250", a comma group before kg or l).
    @Test(
        arguments: [
            // (line, page writes a decimal comma?, qty, unit)
            ("1,250 kg Kartoffeln, festkochend", true, 1.25, "kg"),
            ("1,5 l Gemüsebrühe", true, 1.5, "l"),
            ("0,5 TL Salz", true, 0.5, "tsp"),
            ("1.250 g Mehl (Type 405)", true, 1250, "g"),
            ("1.250 kg Kartoffeln", true, 1.25, "kg"),
            ("1.250 g Kartoffeln", true, 1250, "g"),
            ("2.500 l Wasser", true, 2.5, "l"),
            ("1.500 kg de farine", true, 1.5, "kg"),
            ("12.500 kg Mehl", true, 12.5, "kg"),
            ("1,250 kg de pommes de terre", true, 1.25, "kg"),
            ("0,75 l de lait entier", true, 0.75, "l"),
            ("1,5-2 kg Rindfleisch", true, 1.5, "kg"),
            ("1,250 g all-purpose flour", false, 1250, "g"),
            ("1.250 kg potatoes", false, 1.25, "kg"),
            ("1,250 kg potatoes", false, 1.25, "kg"),
            ("1,250 lb ground beef", false, 1.25, "lb"),
        ] as [(String, Bool, Double, String)])
    func decimalCommasInThePagesLocale(_ c: (String, Bool, Double, String)) {
        let p = P.parse(c.0, decimalComma: c.1)
        #expect(p.qty.map { abs($0 - c.2) < 1e-9 } == true, "qty of \(c.0): \(String(describing: p.qty))")
        #expect(p.unit == c.3)
        #expect(p.rejoined == c.0)
    }

    @Test func decimalCommasWhenThePageGivesNoLanguage() {
        #expect(P.parse("1,250 g flour").qty == 1250, "a comma group reads as thousands")
        #expect(P.parse("1,250 kg potatoes").qty == 1.25, "no recipe weighs 1,250 kg")
        #expect(P.parse("0,250 kg Butter").qty == 0.25)
        #expect(P.parse("1,5 l milk").qty == 1.5)
        #expect(P.parse("12,500 l water").qty == 12.5)
        #expect(P.parse("1.250 g Mehl").qty == 1.25, "without a locale a point is a decimal point")
        // The locale's reading reaches the linked quantity.
        let (butter, linked) = IngredientLineMatcher.line(
            "1,200 g butter", reference: Self.reference, decimalComma: true)
        #expect(linked && butter.qty == 1.2 && butter.disp == "1,200 g")
        #expect(
            IngredientLineMatcher.line("1,200 g butter", reference: Self.reference, decimalComma: false).0.qty == 1200)
    }

    @Test(arguments: ["Salt and pepper to taste", "Zest from 2 fresh lemons", "etwas Salz", "sel, poivre", "sale q.b."])
    func linesWithoutAQuantityKeepEveryWord(_ line: String) {
        let p = P.parse(line)
        #expect(p.qty == nil && p.disp.isEmpty)
        #expect(p.rejoined == line)
    }

    /// A unit with no number before it is one of that unit; a number word counts as its number.
    @Test(arguments: [
        ("Pinch garlic powder", 1.0, "pinch", "garlic powder"), ("Handful coriander", 1, "handful", "coriander"),
        ("a pinch of salt", 1, "pinch", "of salt"), ("Bund Petersilie", 1, "bunch", "Petersilie"),
        ("one onion", 1, "", "onion"), ("half a lemon", 0.5, "", "lemon"), ("eine Prise Salz", 1, "pinch", "Salz"),
    ])
    func aUnitOrANumberWordWithoutDigitsIsOne(_ c: (String, Double, String, String)) {
        let p = P.parse(c.0)
        #expect(p.qty == c.1 && p.unit == c.2 && p.name == c.3)
    }

    @Test func aStringHoldingSeveralLinesIsOneIngredientEach() throws {
        let html =
            #"<script type="application/ld+json">{"@type":"Recipe","name":"Oil","recipeIngredient":["3 Tbsp olive oil\n3 garlic cloves, minced","1 onion<br>2 carrots","For the dressing:\r\n2 tbsp vinegar"]}</script>"#
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: "https://x.example/r")
        #expect(
            r.ingredients.map(\.text) == [
                "3 Tbsp olive oil", "3 garlic cloves, minced", "1 onion", "2 carrots", "2 tbsp vinegar",
            ])
        // A line break after a bare quantity is inside one ingredient.
        let broken =
            #"<script type="application/ld+json">{"@type":"Recipe","name":"Stew","recipeIngredient":["2  \r\nbay leaf","1/2 teaspoon \r\nground cinnamon","Salt"]}</script>"#
        let stew = try JSONLDRecipeParser.parse(html: broken, pageURL: "https://x.example/r")
        #expect(stew.ingredients.map(\.text) == ["2 bay leaf", "1/2 teaspoon ground cinnamon", "Salt"])
    }

    static let reference = IngredientReference([
        Ingredient(name: "olive oil", unit: "ml", values: Macros(values: [884, 0, 0, 0, 0, 100, 14, 0])),
        Ingredient(name: "apple", unit: "x", values: Macros(values: [95, 0.5, 25, 19, 4, 0.3, 0, 2])),
        Ingredient(name: "feta", unit: "g", values: Macros(values: [264, 14, 4, 4, 0, 21, 15, 1116])),
        Ingredient(name: "red onion", unit: "x", values: Macros(values: [44, 1.2, 10, 4.7, 1.9, 0.1, 0, 4])),
        Ingredient(name: "butter", unit: "g", values: Macros(values: [717, 0.9, 0.1, 0.1, 0, 81, 51, 11])),
        Ingredient(name: "peppers", unit: "x", values: Macros(values: [31, 1, 6, 4.2, 2.1, 0.3, 0, 4])),
        Ingredient(name: "salt", unit: "g", values: Macros(values: [0, 0, 0, 0, 0, 0, 0, 38758])),
    ])

    @Test func matchingLinksToTheReferenceAndNeverRewritesTheWords() {
        let (oil, linked) = IngredientLineMatcher.line("2 tbsp olive oil", reference: Self.reference)
        #expect(linked && oil.ref == "olive oil" && oil.refConfidence == 1)
        #expect(oil.qty == 30 && oil.unit == "ml" && oil.disp == "2 tbsp" && oil.raw == "2 tbsp olive oil")

        let (feta, fetaLinked) = IngredientLineMatcher.line("8 ounces Feta, crumbled", reference: Self.reference)
        #expect(fetaLinked && feta.name == "Feta" && feta.note == "crumbled" && feta.ref == "feta")
        #expect(feta.qty == 226.8 && feta.unit == "g" && feta.refConfidence == 1)
        #expect(feta.raw == "8 ounces Feta, crumbled")

        let (onion, onionLinked) = IngredientLineMatcher.line("1/2 red onion", reference: Self.reference)
        #expect(onionLinked && onion.name == "red onion" && onion.qty == 0.5 && onion.disp == "1/2")

        // Cups of apples cannot become a count of the household's per-item apples: the food reference
        // weighs them by USDA's cup of apples, the page's words and quantity kept.
        let (apples, applesLinked) = IngredientLineMatcher.line(
            "8 cups sliced Granny Smith apples (approx. 7 apples)",
            reference: Self.reference)
        #expect(applesLinked && apples.ref == nil && apples.qty == 8 && apples.unit == "cup")
        #expect(apples.foodID != nil && (apples.food ?? "").hasPrefix("Apples") && (apples.grams ?? 0) > 800)
        #expect(apples.name == "sliced Granny Smith apples (approx. 7 apples)")

        let (salt, _) = IngredientLineMatcher.line("Salt and pepper to taste", reference: Self.reference)
        #expect(salt.name == "Salt and pepper to taste" && salt.qty == nil && salt.raw == "Salt and pepper to taste")
    }

    /// A household match below 0.5 is no household link: the line goes to the food reference (feta
    /// cheese → USDA's feta, weighed), "to taste" is negligible, and a name that matches nothing at all
    /// is the one unknown line, which parks the recipe.
    @Test func aWeakMatchIsNotALink() {
        #expect(IngredientLineMatcher.match("Salt and pepper to taste", in: Self.reference)?.1 == 0.27)
        let (salt, saltLinked) = IngredientLineMatcher.line("Salt and pepper to taste", reference: Self.reference)
        #expect(saltLinked && salt.ref == nil && salt.negligible && salt.grams == nil)
        let (feta, fetaLinked) = IngredientLineMatcher.line("8 ounces feta cheese, crumbled", reference: Self.reference)
        #expect(IngredientLineMatcher.match("feta cheese", in: Self.reference)?.1 == 0.4)
        #expect(fetaLinked && feta.ref == nil && feta.qty == 8 && feta.unit == "oz" && feta.name == "feta cheese")
        #expect(feta.food == "Cheese, feta" && feta.grams == 226.8)
        // "good" says nothing of the food: "good olive oil" is the household's olive oil (0.85).
        let (oil, oilLinked) = IngredientLineMatcher.line("2 tbsp good olive oil", reference: Self.reference)
        #expect(oilLinked && oil.ref == "olive oil" && oil.refConfidence == 0.85)
        let (powder, powderLinked) = IngredientLineMatcher.line("2 bags zqxv powder", reference: Self.reference)
        #expect(!powderLinked && powder.foodID == nil && powder.grams == nil)
        let computed = RecipeMacros.compute(
            ingredients: [salt, feta, oil, powder], reference: Self.reference, serves: 2)
        #expect(computed.unknownIngredients == ["zqxv powder"])
    }

    @Test func aLinkedLineJoinsByRefForMacros() {
        let (oil, _) = IngredientLineMatcher.line("2 tbsp good olive oil", reference: Self.reference)
        #expect(oil.name == "good olive oil" && oil.referenceName == "olive oil")
        let computed = RecipeMacros.compute(ingredients: [oil], reference: Self.reference, serves: 1)
        #expect(computed.unknownIngredients.isEmpty && computed.perServing.kcal == 265.2)
    }
}
