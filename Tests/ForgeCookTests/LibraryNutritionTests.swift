import Testing

@testable import ForgeCook

/// A library app's own nutrition wins over the lines' (issue 37 item 6): Paprika's free text, with or
/// without colons, kJ turned into kcal.
struct LibraryNutritionTests {
    @Test func paprikasFreeTextWithoutColonsReadsKilojoules() {
        let n = LibraryText.nutrition("Energy 2762kJ\nProtein 44.00g\nCarbohydrates 51.4g\nFat 30g\nSodium 1.2g")
        #expect(n.kcal.map { ($0 * 10).rounded() / 10 } == 660.1)
        #expect(n.proteinG == 44 && n.carbsG == 51.4 && n.fatG == 30 && n.sodiumMg == 1200)
    }

    @Test func colonsStillRead() {
        let n = LibraryText.nutrition("Calories: 155\nProtein: 3g\nCarbohydrates: 28g")
        #expect(n.kcal == 155 && n.proteinG == 3 && n.carbsG == 28)
    }
}
