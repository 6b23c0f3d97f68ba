import ForgeCore
import Testing

@testable import ForgeCook

/// Oats No. 1 (serves 2), by hand from §5.6 per-100 values:
///
///     line                 factor   kcal   prot   carbs  sugar  fibre  fat    sat    Na
///     oats 120 g           × 1.2    454.8  15.6   72     1.2    12     8.28   1.2    2.4
///     milk 400 ml          × 4      188    13.6   19.2   18.8   0      6.8    4.4    176
///     greek yogurt 200 g   × 2      114    20     7.2    6.4    0      0.4    0.2    72
///     berries 160 g        × 1.6    68.8   1.12   15.36  7.84   6.08   0.8    0      1.6
///     flaxseed 20 g        × 0.2    106.8  3.6    5.8    0.32   5.4    8.4    0.64   6
///     Σ                             932.4  53.92  119.56 34.56  23.48  24.68  6.44   258
///     ÷ 2, round 1 dp               466.2  27.0   59.8   17.3   11.7   12.3   3.2    129
@Test func oatsNo1PerServingByHand() throws {
    let oats = try #require(Fixture.recipe("oats-no1"))
    #expect(oats.serves == 2)
    #expect(
        oats.macros
            == Macros(
                kcal: 466.2, proteinG: 27.0, carbsG: 59.8, sugarG: 17.3,
                fiberG: 11.7, fatG: 12.3, satfatG: 3.2, sodiumMg: 129))
}

/// Apple & peanut butter (serves 1) uses a corrected per-item row:
/// apple 1 × (52 kcal/100 g × 1.8 = 93.6) + peanut butter 20 g × 588/100 = 117.6 → 211.2 kcal;
/// fibre 4.3 + 6 × 0.2 = 5.5 g; sodium 1.8 + 430 × 0.2 = 87.8 mg.
@Test func applePeanutButterUsesThePerItemApple() throws {
    let snack = try #require(Fixture.recipe("apple-peanut-butter"))
    #expect(snack.macros.kcal == 211.2)
    #expect(snack.macros.fiberG == 5.5)
    #expect(snack.macros.sodiumMg == 87.8)
}

@Test func unknownAndNullLinesContributeNothing() {
    let reference = IngredientReference([
        Ingredient(name: "stock cube", unit: "x", values: Macros(kcal: 10, sodiumMg: 1000)),
        Ingredient(name: "rice", values: Macros(kcal: 360, proteinG: 7)),
    ])
    let lines = [
        RecipeIngredient(name: "rice", qty: 150, unit: "g", disp: "150 g"),
        RecipeIngredient(name: "stock cube", qty: 1, unit: "x", disp: "1"),
        RecipeIngredient(name: "salt", qty: nil, unit: "", disp: "to taste"),
        RecipeIngredient(name: "saffron", qty: 1, unit: "g", disp: "a pinch"),
        RecipeIngredient(name: "stock cube", qty: nil, unit: "x", disp: "to taste"),
        RecipeIngredient(name: "saffron", qty: 2, unit: "g", disp: "more"),
    ]
    let result = RecipeMacros.compute(ingredients: lines, reference: reference, serves: 2)
    // (150 × 360 / 100 + 1 × 10) / 2 = (540 + 10) / 2
    #expect(result.perServing.kcal == 275)
    #expect(result.perServing.proteinG == 5.2)  // 10.5 / 2 = 5.25 → half-even 5.2
    #expect(result.perServing.sodiumMg == 500)
    #expect(result.unknownIngredients == ["salt", "saffron"])
}

@Test func roundingIsHalfEvenAfterDividing() {
    let reference = IngredientReference([Ingredient(name: "thing", unit: "x", values: Macros(kcal: 0.5, proteinG: 0.7))]
    )
    let line = [RecipeIngredient(name: "thing", qty: 1, unit: "x", disp: "1")]
    let m = RecipeMacros.perServing(ingredients: line, reference: reference, serves: 2)
    #expect(m.kcal == 0.2)  // 0.25 → 0.2 (half to even), not 0.3
    // 0.7 / 2 is the double 0.34999…, so it rounds down (docs/contract.md §1.11: the double decides)
    #expect(m.proteinG == 0.3)
    #expect(RecipeMacros.perServing(ingredients: line, reference: reference, serves: 0).kcal == 0.5)  // serves < 1 → 1
}
