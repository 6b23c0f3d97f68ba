import ForgeCore
import Testing

@testable import ForgeCook

/// Per-item rows of §5.6 that held per-100 g values, with the per-item
/// weight assumed (each corrected row's `_fix` note in ingredients.json
/// says the same): name, grams per item, the §5.6 per-100 g
/// kcal / protein / fibre / sodium, and the corrected per-item values.
struct Fix: Sendable, CustomStringConvertible {
    let name: String
    let grams: Double
    let table: (kcal: Double, protein: Double, fiber: Double, sodium: Double)
    let fixed: (kcal: Double, protein: Double, fiber: Double, sodium: Double)
    var description: String { name }
}

let fixes: [Fix] = [
    Fix(name: "chickpeas", grams: 240, table: (115, 6.3, 5.4, 220), fixed: (276, 15.1, 13, 528)),
    Fix(name: "black beans", grams: 240, table: (91, 6, 6.5, 180), fixed: (218.4, 14.4, 15.6, 432)),
    Fix(name: "white beans", grams: 240, table: (90, 5.4, 5.6, 240), fixed: (216, 13, 13.4, 576)),
    Fix(name: "kidney beans", grams: 240, table: (84, 5.2, 6.4, 230), fixed: (201.6, 12.5, 15.4, 552)),
    Fix(name: "cannellini beans", grams: 240, table: (88, 5.5, 5.4, 220), fixed: (211.2, 13.2, 13, 528)),
    Fix(name: "butter beans", grams: 240, table: (82, 5, 4.7, 240), fixed: (196.8, 12, 11.3, 576)),
    Fix(name: "chopped tomatoes", grams: 400, table: (32, 1.2, 1.3, 130), fixed: (128, 4.8, 5.2, 520)),
    Fix(name: "tortilla wraps", grams: 62, table: (297, 8, 3, 620), fixed: (184.1, 5, 1.9, 384.4)),
    Fix(name: "pork loin steaks", grams: 150, table: (143, 21, 0, 55), fixed: (214.5, 31.5, 0, 82.5)),
    Fix(name: "apples", grams: 180, table: (52, 0.3, 2.4, 1), fixed: (93.6, 0.5, 4.3, 1.8)),
    Fix(name: "bananas", grams: 120, table: (89, 1.1, 2.6, 1), fixed: (106.8, 1.3, 3.1, 1.2)),
    Fix(name: "oranges", grams: 130, table: (47, 0.9, 2.4, 0), fixed: (61.1, 1.2, 3.1, 0)),
    Fix(name: "avocado", grams: 140, table: (160, 2, 6.7, 7), fixed: (224, 2.8, 9.4, 9.8)),
    Fix(name: "peppers", grams: 150, table: (31, 1, 2.1, 4), fixed: (46.5, 1.5, 3.2, 6)),
    Fix(name: "red onions", grams: 150, table: (40, 1.1, 1.7, 4), fixed: (60, 1.6, 2.6, 6)),
    Fix(name: "brown onions", grams: 150, table: (40, 1.1, 1.7, 4), fixed: (60, 1.6, 2.6, 6)),
    Fix(name: "courgettes", grams: 200, table: (17, 1.2, 1, 8), fixed: (34, 2.4, 2, 16)),
    Fix(name: "baking potatoes", grams: 250, table: (93, 2.5, 2.2, 6), fixed: (232.5, 6.2, 5.5, 15)),
    Fix(name: "lemons", grams: 60, table: (29, 1.1, 2.8, 2), fixed: (17.4, 0.7, 1.7, 1.2)),
    Fix(name: "limes", grams: 65, table: (30, 0.7, 2.8, 2), fixed: (19.5, 0.5, 1.8, 1.3)),
    Fix(name: "garlic", grams: 3, table: (149, 6.4, 2.1, 17), fixed: (4.5, 0.2, 0.1, 0.5)),
    Fix(name: "coriander", grams: 30, table: (23, 2.1, 2.8, 46), fixed: (6.9, 0.6, 0.8, 13.8)),
    Fix(name: "dill", grams: 20, table: (43, 3.5, 2.1, 61), fixed: (8.6, 0.7, 0.4, 12.2)),
    Fix(name: "celery", grams: 40, table: (14, 0.7, 1.6, 80), fixed: (5.6, 0.3, 0.6, 32)),
    Fix(name: "cauliflower", grams: 500, table: (25, 1.9, 2, 30), fixed: (125, 9.5, 10, 150)),
    Fix(name: "aubergine", grams: 250, table: (25, 1, 3, 2), fixed: (62.5, 2.5, 7.5, 5)),
    Fix(name: "cucumber", grams: 300, table: (15, 0.7, 0.5, 2), fixed: (45, 2.1, 1.5, 6)),
]

@Test(arguments: fixes)
func perItemRowIsCorrected(_ fix: Fix) throws {
    let row = try #require(Fixture.reference[fix.name])
    #expect(row.unit == "x")
    #expect(row.values.kcal == fix.fixed.kcal)
    #expect(row.values.proteinG == fix.fixed.protein)
    #expect(row.values.fiberG == fix.fixed.fiber)
    #expect(row.values.sodiumMg == fix.fixed.sodium)
    // The fix is exactly "per-100 g value × grams / 100", rounded to 1 dp.
    #expect(row.values.kcal == (fix.table.kcal * fix.grams / 100 * 10).rounded(.toNearestOrEven) / 10)
    let note = try #require(row.fix)
    #expect(note.contains("× \(NumberText.shortest(fix.grams / 100))"))
}

@Test func exactlyTheListedRowsCarryAFix() {
    let fixed = Set(Fixture.reference.rows.filter { $0.fix != nil }.map(\.name))
    #expect(fixed == Set(fixes.map(\.name)))
    #expect(fixed.count == 27)
}

/// Per-item rows checked and kept: their values already describe one item.
@Test(arguments: [
    ("salmon fillets", 232.0, 25.0),  // one ~130 g fillet (≈ 178 kcal / 100 g raw)
    ("cod fillets", 96.0, 21.0),  // one ~140 g fillet (≈ 69 kcal / 100 g raw)
    ("tuna in spring water", 116.0, 26.0),  // one tin, ~102 g drained
    ("eggs", 74.0, 6.5),  // one large egg (≈ 143 kcal / 100 g)
    ("wholegrain bread", 90.0, 4.0),  // one slice, ~38 g
])
func perItemRowIsKept(name: String, kcal: Double, protein: Double) throws {
    let row = try #require(Fixture.reference[name])
    #expect(row.unit == "x" && row.fix == nil)
    #expect(row.values.kcal == kcal && row.values.proteinG == protein)
}
