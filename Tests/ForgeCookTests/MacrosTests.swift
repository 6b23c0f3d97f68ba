import ForgeCore
import Foundation
import Testing

@testable import ForgeCook

@Test func macrosEncodeWithTheEightContractKeys() throws {
    let object = try Fixture.object(
        Macros(kcal: 1, proteinG: 2, carbsG: 3, sugarG: 4, fiberG: 5, fatG: 6, satfatG: 7, sodiumMg: 8))
    #expect(Set(object.keys) == Set(Macros.keys))
    #expect(object["satfat_g"]?.doubleValue == 7 && object["sodium_mg"]?.doubleValue == 8)
    #expect(Macros.keys == ["kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g", "sodium_mg"])
}

@Test func macrosArithmetic() {
    let a = Macros(kcal: 100, proteinG: 10, sodiumMg: 50)
    let b = Macros(kcal: 50.25, fiberG: 3)
    #expect(a + b == Macros(kcal: 150.25, proteinG: 10, fiberG: 3, sodiumMg: 50))
    #expect(a.scaled(by: 1.5) == Macros(kcal: 150, proteinG: 15, sodiumMg: 75))
    #expect((a + b).rounded1().kcal == 150.2)
    #expect(Macros.zero.values == Array(repeating: 0, count: 8))
    #expect(a["protein_g"] == 10 && a["nope"] == nil)
}

@Test func partialMacrosDecodeMissingAsZero() throws {
    let m = try JSONCoding.decode(Macros.self, from: Data(#"{"kcal": 420, "protein_g": 31.5}"#.utf8))
    #expect(m == Macros(kcal: 420, proteinG: 31.5))
}

@Test func defaultTargets() {
    #expect(
        NutritionTargets.defaults
            == Macros(
                kcal: 2300, proteinG: 160, carbsG: 250, sugarG: 65,
                fiberG: 38, fatG: 80, satfatG: 18, sodiumMg: 2300))
    #expect(NutritionTargets.merged(stored: nil) == NutritionTargets.defaults)
}

@Test func storedTargetsMergeKeyByKey() {
    let merged = NutritionTargets.merged(stored: [
        "protein_g": .int(180), "kcal": .string("2100"), "fiber_g": .double(35.5),
        "fat_g": .string("lots"), "satfat_g": .null, "bogus": .int(1),
    ])
    #expect(merged.proteinG == 180 && merged.kcal == 2100 && merged.fiberG == 35.5)
    #expect(merged.fatG == 80 && merged.satfatG == 18 && merged.sodiumMg == 2300)
}
