import ForgeCore
import Testing

@testable import ForgeCook

/// Issue 18: merging rules of the shopping list, on hand-made recipes.
@Suite struct ShoppingListBuilderTests {
    static let monday = LocalDate("2026-07-20")!

    /// Two dinners (Mon, Tue) of imported recipes serving 2, for two diners.
    static func items(_ a: [RecipeIngredient], _ b: [RecipeIngredient], tuesday: FoodSlotPlan? = nil) -> [String:
        ShoppingItem]
    {
        let recipes = [
            "mash": Recipe(slug: "mash", name: "Mash", kind: .dinner, minutes: 30, ingredients: a),
            "roast": Recipe(slug: "roast", name: "Roast", kind: .dinner, minutes: 60, ingredients: b),
        ]
        let content = FoodContent(days: [
            "0": FoodDayPlan([.dinner: .recipe("mash")]),
            "1": FoodDayPlan([.dinner: tuesday ?? .recipe("roast")]),
        ])
        let items = ShoppingListBuilder.items(
            content: content, monday: monday, diners: 2, recipes: { recipes[$0] },
            reference: .seed)
        return Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
    }

    @Test func sixHundredGramsAndOneKiloReadOnePointSixKilos() {
        let items = Self.items(
            [RecipeIngredient(name: "potatoes", qty: 600, unit: "g", disp: "600 g")],
            [RecipeIngredient(name: "Potatoes", qty: 1, unit: "kg", disp: "1 kg", raw: "1 kg potatoes")])
        let potatoes = items["potatoes.g"]
        #expect(potatoes?.qty == 1600 && potatoes?.unit == "g" && potatoes?.disp == "1.6 kg")
        #expect(
            potatoes?.recipes == [
                ShoppingUse(slug: "mash", date: Self.monday),
                ShoppingUse(slug: "roast", date: Self.monday.adding(days: 1)),
            ])
        // Matching no reference row: listed under its own words, in the cupboard aisle, no packs.
        #expect(potatoes?.name == "potatoes" && potatoes?.aisle == "cupboard" && potatoes?.packs == nil)
        #expect(items.count == 1)
    }

    @Test func unitsThatDoNotConvertStaySeparateLines() {
        let items = Self.items(
            [
                RecipeIngredient(name: "garlic", qty: 2, unit: "clove", disp: "2 cloves"),
                RecipeIngredient(name: "flour", qty: 2, unit: "cup", disp: "2 cups"),
                RecipeIngredient(name: "sweet potatoes", qty: 500, unit: "g", disp: "500 g"),
            ],
            [
                RecipeIngredient(name: "garlic", qty: 1, unit: "x", disp: "1 bulb"),
                RecipeIngredient(name: "flour", qty: 100, unit: "g", disp: "100 g"),
                RecipeIngredient(name: "sweet potatoes", qty: 0.6, unit: "kg", disp: "600 g"),
                RecipeIngredient(name: "salt", qty: nil, unit: "", disp: "to taste"),
            ])
        #expect(items["garlic.clove"]?.disp == "2 cloves" && items["garlic.x"]?.disp == "1 bulb")
        #expect(items["flour.ml"]?.qty == 480 && items["flour.g"]?.qty == 100)
        // A reference row: its aisle, and packs where its pack parses in the same unit.
        #expect(items["sweet-potatoes.g"]?.qty == 1100 && items["sweet-potatoes.g"]?.aisle == "produce")
        #expect(items["sweet-potatoes.g"]?.packs == "2 × 1 kg bag")
        // A line with no quantity is kept, with no quantity.
        #expect(items["salt.x"]?.qty == nil && items["salt.x"]?.disp == "")
        #expect(items["garlic.x"]?.packs == nil)  // "bulb" holds no quantity
    }

    /// Issue 28 item 2: merged counted lines keep the recipes' count word, pluralised.
    @Test func mergedCountsKeepTheirCountWord() {
        let a = [
            RecipeIngredient(name: "garlic", qty: 2, unit: "x", disp: "2 cloves", note: "crushed"),
            RecipeIngredient(name: "chopped tomatoes", qty: 1, unit: "x", disp: "1 tin"),
            RecipeIngredient(name: "basil", qty: 0.5, unit: "x", disp: "½ bunch"),
            RecipeIngredient(name: "lemons", qty: 1, unit: "x", disp: "1"),
            RecipeIngredient(name: "cod fillets", qty: 1, unit: "x", disp: "1 fillet"),
        ]
        let b = [
            RecipeIngredient(name: "garlic", qty: 2, unit: "x", disp: "2 cloves"),
            RecipeIngredient(name: "chopped tomatoes", qty: 1, unit: "x", disp: "1 tin"),
            RecipeIngredient(name: "basil", qty: 0.5, unit: "x", disp: "½ bunch"),
            RecipeIngredient(name: "lemons", qty: 1, unit: "x", disp: "1 slice"),
        ]
        let items = Self.items(a, b)
        #expect(items["garlic.x"]?.qty == 4 && items["garlic.x"]?.disp == "4 cloves")
        #expect(items["chopped-tomatoes.x"]?.qty == 2 && items["chopped-tomatoes.x"]?.disp == "2 tins")
        #expect(items["basil.x"]?.disp == "1 bunch")  // two halves: one, singular
        // One line counts whole lemons, the other slices: the word is not shared, the count stays bare.
        #expect(items["lemons.x"]?.disp == "2")
        // A count word the name already says is not said again (issue 41 trial: "cod fillets: 2 fillets").
        #expect(items["cod-fillets.x"]?.disp == "1")
        #expect(ShoppingQuantity.countWord("2 bunches") == "bunch" && ShoppingQuantity.countWord("2") == nil)
        #expect(ShoppingQuantity.display(3, unitClass: "bunch") == "3 bunches")
    }

    @Test func leftoversScaleTheCookedDinnerAndOutAddsNothing() {
        let chicken = [RecipeIngredient(name: "chicken breast", qty: 500, unit: "g", disp: "500 g")]
        let recipe = Recipe(slug: "bake", name: "Bake", kind: .dinner, minutes: 40, serves: 4, ingredients: chicken)
        func qty(_ days: [String: FoodDayPlan], diners: Int) -> Double? {
            ShoppingListBuilder.items(
                content: FoodContent(days: days), monday: Self.monday, diners: diners,
                recipes: { $0 == "bake" ? recipe : nil }, reference: .seed
            ).first?.qty
        }
        let cooked = ["0": FoodDayPlan([.dinner: .recipe("bake")])]
        #expect(qty(cooked, diners: 2) == 250)  // 2 servings of 4
        var withLeftovers = cooked
        withLeftovers["2"] = FoodDayPlan([.dinner: .leftover(of: "0"), .lunch: .leftover(of: "0")])
        #expect(qty(withLeftovers, diners: 2) == 750)  // 2 × (1 + 2) = 6 servings
        #expect(qty(withLeftovers, diners: 1) == 375)  // the demo seat: 3 servings
        let out = [
            "0": FoodDayPlan([.dinner: .out(note: "Birthday")]), "1": FoodDayPlan([.lunch: .order(note: "Deli")]),
        ]
        #expect(qty(out, diners: 2) == nil)
        // Nights out and lunch orders beside a cooked dinner add nothing and multiply nothing.
        var mixed = cooked
        mixed["1"] = FoodDayPlan([.dinner: .out(note: "Birthday"), .lunch: .order(note: "Deli")])
        #expect(qty(mixed, diners: 2) == 250)
    }

    @Test func packsParseOnlyQuantitiesInTheSameUnit() {
        #expect(ShoppingQuantity.packSize("2 × 130 g")! == (260, "g"))
        #expect(ShoppingQuantity.packSize("net of 4")! == (4, "x"))
        #expect(ShoppingQuantity.packSize("3-pack")! == (3, "x"))
        #expect(ShoppingQuantity.packSize("2 L")! == (2000, "ml"))
        #expect(ShoppingQuantity.packSize("1.5 kg bag")! == (1500, "g"))
        #expect(ShoppingQuantity.packSize("jar") == nil && ShoppingQuantity.packSize("loaf, per slice") == nil)
        #expect(ShoppingQuantity.packs(2, unitClass: "x", pack: "2 × 130 g") == nil)
        #expect(ShoppingQuantity.packs(1600, unitClass: "g", pack: "1 kg tub") == "2 × 1 kg tub")
        #expect(ShoppingQuantity.packs(1000, unitClass: "g", pack: "1 kg tub") == "1 × 1 kg tub")
        // A pack named by a word is counted as a cook writes it (issue 41 item 14).
        #expect(ShoppingQuantity.packs(3.25, unitClass: "x", pack: "net of 4") == "1 net of 4")
        #expect(ShoppingQuantity.packs(7, unitClass: "x", pack: "net of 4") == "2 nets of 4")
        #expect(ShoppingQuantity.packs(30, unitClass: "x", pack: "box of 12") == "3 boxes of 12")
        #expect(ShoppingQuantity.packs(5, unitClass: "x", pack: "3-pack") == "2 × 3-pack")
        #expect(ShoppingQuantity.display(0.75, unitClass: "x") == "¾")
        #expect(ShoppingQuantity.display(2, unitClass: "bunch") == "2 bunches")
        #expect(ShoppingQuantity.display(2.5, unitClass: "g") == "2.5 g")
    }
}
