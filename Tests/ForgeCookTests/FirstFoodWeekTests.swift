import ForgeCore
import Foundation
import Testing

@testable import ForgeCook

/// §5.5 table: per weekday, breakfast / lunch / dinner / snack
/// ("order", "out", "=k" for leftover_of k).
let firstWeekTable: [[String]] = [
    ["oats-no1", "lentil-feta-salad", "harissa-chicken-traybake", "apple-peanut-butter"],
    ["oats-no1", "order", "salmon-puy-lentils", "apple-peanut-butter"],
    ["oats-no1", "order", "=0", "protein-yogurt-pot"],
    ["yogurt-berry-bowl", "order", "turkey-black-bean-chili", "apple-peanut-butter"],
    ["oats-no1", "=3", "out", "almonds-30"],
    ["eggs-spinach-toast", "tuna-bean-lunchbox", "prawn-soba-stirfry", "almonds-30"],
    ["eggs-spinach-toast", "chicken-grain-soup", "baked-cod-white-bean-stew", "protein-yogurt-pot"],
]

func normalised(_ s: String) -> String {
    let mapped = s.lowercased().map { c -> Character in
        (c.isASCII && (c.isLetter || c.isNumber)) || c == " " ? c : " "
    }
    return String(mapped).split(separator: " ").joined(separator: " ")
}

@Test func firstWeekMatchesTheContractTable() {
    let content = FirstFoodWeek.content
    #expect(Set(content.days.keys) == Set((0...6).map(String.init)))
    for (weekday, row) in firstWeekTable.enumerated() {
        for (slot, expected) in zip(MealSlot.allCases, row) {
            let plan = content.plan(weekday: weekday, slot: slot)
            let actual: String? =
                switch plan?.kind {
                case .order?: "order"
                case .out?: "out"
                case .leftover(let k)?: "=\(k)"
                case .recipe(let slug)?: slug
                default: nil
                }
            #expect(actual == expected, "day \(weekday) \(slot)")
        }
    }
}

@Test func firstWeekProseFollowsTheRules() throws {
    let content = FirstFoodWeek.content
    let rationale = FirstFoodWeek.rationale
    let voice = rationale.trimmingCharacters(in: .whitespaces).lowercased()
    #expect(!voice.isEmpty && !voice.hasPrefix("next week") && !voice.contains("next week's"))
    let dinnerWhys = (0...6).compactMap { content.plan(weekday: $0, slot: .dinner)?.why }
    #expect(dinnerWhys.count == 7 && dinnerWhys.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    #expect(Set(dinnerWhys.map(normalised)).count == 7)
    for why in dinnerWhys {
        #expect(!normalised(rationale).contains(normalised(why)) && !normalised(why).contains(normalised(rationale)))
    }
    let orderNotes = (0...6).compactMap { content.plan(weekday: $0, slot: .lunch) }.filter(\.order).compactMap(\.note)
    #expect(orderNotes.count == 3 && Set(orderNotes).count == 1 && !orderNotes[0].isEmpty)
    #expect(content.plan(weekday: 4, slot: .dinner)?.note?.isEmpty == false)
}

@Test func firstWeekMeetsTheFoodValidators() throws {
    let targets = NutritionTargets.defaults
    let summary = try FoodWeekValidator.validate(FirstFoodWeek.content, recipes: Fixture.recipe, targets: targets)
    let avg = summary.averages
    #expect(avg.proteinG >= 0.65 * 160)  // ≥ 104 g
    #expect(avg.fiberG >= 0.75 * 38)  // ≥ 28.5 g
    #expect(avg.satfatG <= 18 - 1)  // night out → cap 17 g
    #expect(avg.kcal <= 1.05 * 2300)  // ≤ 2415 kcal
    #expect(summary.hasNightOut)
    #expect(summary.zeroCookDinners == 2)  // Wednesday's leftover + Friday out
    // Totals include the three assumed order lunches and the Friday-lunch leftover.
    let week = FoodWeekValidator.summarize(FirstFoodWeek.content, recipes: Fixture.recipe)
    let chili = try #require(Fixture.recipe("turkey-black-bean-chili"))
    var edited = FirstFoodWeek.content
    edited.days["4"]?.slots["lunch"] = nil
    let lessChili = FoodWeekValidator.summarize(edited, recipes: Fixture.recipe)
    #expect(abs(week.totals.kcal - lessChili.totals.kcal - chili.macros.kcal) < 1e-9)
    #expect(week.totals.kcal > 3 * FoodWeekValidator.assumedOrderMacros.kcal)
}

@Test func validatorRejectsBrokenWeeks() {
    func failure(_ edit: (inout FoodContent) -> Void, targets: Macros = NutritionTargets.defaults) -> String? {
        var content = FirstFoodWeek.content
        edit(&content)
        do {
            try FoodWeekValidator.validate(content, recipes: Fixture.recipe, targets: targets)
            return nil
        } catch { return error.message }
    }
    #expect(failure { _ in } == nil)
    #expect(failure { $0.days["2"]?.slots["snack"] = nil }?.contains("snack") == true)
    #expect(failure { $0.days["0"]?.slots["breakfast"] = .order(note: "x") }?.contains("lunch only") == true)
    #expect(failure { $0.days["1"]?.slots["lunch"] = .out(note: "x") }?.contains("dinner only") == true)
    #expect(failure { $0.days["1"]?.slots["lunch"] = .order(note: " ") }?.contains("note") == true)
    #expect(failure { $0.days["0"]?.slots["dinner"]?.why = "  " }?.contains("why") == true)
    #expect(
        failure { $0.days["0"]?.slots["dinner"] = .recipe("oats-no1", why: "porridge night") }?.contains("not a dinner")
            == true)
    #expect(
        failure { $0.days["2"]?.slots["dinner"] = .leftover(of: "4", why: "w") }?.contains("names no recipe") == true)
    #expect(failure { $0.days["2"]?.slots["dinner"] = .leftover(of: "9", why: "w") }?.contains("not a day") == true)
    #expect(failure { $0.days["5"]?.slots["lunch"] = .recipe("no-such-thing") }?.contains("unknown recipe") == true)
    #expect(
        failure {
            $0.days["2"]?.slots["dinner"] = .recipe("lentil-spinach-dal", why: "dal")
            $0.days["4"]?.slots["dinner"] = .recipe("chicken-fajita-bowl", why: "fajitas")
        }?.contains("zero-cook") == true)
    var hungry = NutritionTargets.defaults
    hungry.proteinG = 200
    #expect(failure({ _ in }, targets: hungry)?.contains("protein") == true)
    var strict = NutritionTargets.defaults
    strict.satfatG = 11
    #expect(failure({ _ in }, targets: strict)?.contains("sat fat") == true)
}

@Test func foodContentRoundTripsWithExactSlotKeys() throws {
    let data = try JSONCoding.encode(FirstFoodWeek.content)
    #expect(try JSONCoding.decode(FoodContent.self, from: data) == FirstFoodWeek.content)
    let friday = try Fixture.object(try #require(FirstFoodWeek.content.plan(weekday: 4, slot: .dinner)))
    #expect(Set(friday.keys) == ["out", "note", "why"] && friday["out"] == .bool(true))
    let wednesday = try Fixture.object(try #require(FirstFoodWeek.content.plan(weekday: 2, slot: .dinner)))
    #expect(wednesday["leftover_of"] == .string("0"))
    // Stored documents may carry a numeric leftover_of and junk slots.
    let stored = #"{"days":{"0":{"slots":{"dinner":{"leftover_of":3},"lunch":"nonsense"}},"x":5}}"#
    let content = try JSONCoding.decode(FoodContent.self, from: Data(stored.utf8))
    #expect(content.plan(weekday: 0, slot: .dinner)?.leftoverOf == "3")
    #expect(content.plan(weekday: 0, slot: .lunch) == nil && content.days["x"] == nil)
}
