import ForgeCoach
import ForgeCook
import ForgeCore
import Foundation
import Testing

/// docs/contract.md §4.17: each rule rejects its own bad proposal; the built-in
/// planner's week passes them all.
struct FoodProposalValidatorTests {
    static let recipes = Dictionary(CuratedRecipes.seed().map { ($0.slug, $0) }, uniquingKeysWith: { a, _ in a })
    static let validator = FoodProposalValidator(
        recipes: recipes, targets: NutritionTargets.defaults,
        active: FirstFoodWeek.content)

    /// The first week with Monday's dinner swapped (a valid proposal).
    static func proposal() throws -> JSONValue {
        var week = FirstFoodWeek.content
        week.days["0"]?.slots["dinner"] = .recipe("turkey-black-bean-chili", why: "Chilli twice, batch it")
        guard case .object(var object) = try JSONValue.encoded(week) else { throw TestFailure("not an object") }
        object["changes"] = [["sign": "~", "what": "Monday dinner: chilli"]]
        return .object(object)
    }

    static let rationale = "A steadier week with the chilli moved to Monday."

    static func failure(_ content: JSONValue, _ rationale: String = rationale) -> String? {
        do {
            _ = try validator.validate(content: content, rationale: rationale)
            return nil
        } catch {
            return error.message
        }
    }

    static func edit(_ content: JSONValue, _ change: (inout [String: JSONValue]) -> Void) -> JSONValue {
        guard case .object(var object) = content else { return content }
        change(&object)
        return .object(object)
    }

    static func dinner(_ content: JSONValue, day: String, _ slot: FoodSlotPlan) throws -> JSONValue {
        var week = FoodContent(json: content)
        week.days[day]?.slots["dinner"] = slot
        guard case .object(var object) = try JSONValue.encoded(week) else { return content }
        object["changes"] = content["changes"]
        return .object(object)
    }

    @Test func aGoodProposalPassesAndIsRepaired() throws {
        let content = Self.edit(try Self.proposal()) { $0["changes"] = [["sign": "~", "what": "caf\\u00e9 night"]] }
        let (checked, text) = try Self.validator.validate(content: content, rationale: "  " + Self.rationale + " ")
        #expect(checked["changes"]?.arrayValue?.first?["what"] == "café night")
        #expect(text == Self.rationale)
    }

    @Test func eachRuleRejectsItsOwnBadProposal() throws {
        let good = try Self.proposal()
        #expect(Self.failure(good) == nil)
        // 1. blank rationale
        #expect(Self.failure(good, "   ") == "rationale must not be blank")
        // 2. day keys
        #expect(
            Self.failure(
                Self.edit(good) { o in
                    guard case .object(var days) = o["days"]! else { return }
                    days["7"] = days["6"]
                    o["days"] = .object(days)
                })?.contains("exactly the keys") == true)
        // 3. changes
        #expect(Self.failure(Self.edit(good) { $0["changes"] = [] })?.contains("at least one change") == true)
        #expect(
            Self.failure(Self.edit(good) { $0["changes"] = [["sign": "*", "what": "x"]] })?.contains("sign") == true)
        // 4. a parked or unknown recipe, a hard one, an order at dinner
        #expect(
            Self.failure(try Self.dinner(good, day: "1", .recipe("no-such-dish", why: "x")))?.contains("unknown recipe")
                == true)
        #expect(
            Self.failure(try Self.dinner(good, day: "1", FoodSlotPlan(order: true, note: "pizza")))?
                .contains("order is for lunch only") == true)
        // 5. no zero-cook dinner
        var busy = try Self.dinner(good, day: "4", .recipe("salmon-puy-lentils", why: "Salmon again, no night out"))
        busy = try Self.dinner(busy, day: "2", .recipe("prawn-soba-stirfry", why: "Prawns instead of leftovers"))
        #expect(Self.failure(busy)?.contains("zero-cook") == true)
        // 6. averages against the targets
        let strict = FoodProposalValidator(
            recipes: Self.recipes,
            targets: Macros(
                kcal: 1000, proteinG: 160, carbsG: 250, sugarG: 65,
                fiberG: 38, fatG: 80, satfatG: 18, sodiumMg: 2300),
            active: FirstFoodWeek.content)
        #expect(throws: ProposalFailure.self) { try strict.validate(content: good, rationale: Self.rationale) }
        // 7. voice
        #expect(Self.failure(good, "Next week we move the chilli")?.contains("next week") == true)
        // 8. dinner notes: shared, inside the rationale, kept on a changed day
        let shared = try Self.dinner(good, day: "1", .recipe("salmon-puy-lentils", why: "Chilli twice, batch it"))
        #expect(Self.failure(shared)?.contains("share a note") == true)
        #expect(Self.failure(good, "Chilli twice, batch it, and more")?.contains("repeats the rationale") == true)
        let oldNote = try #require(FirstFoodWeek.content.days["1"]?.slots["dinner"]?.why)
        let kept = try Self.dinner(good, day: "1", .recipe("prawn-soba-stirfry", why: oldNote))
        #expect(Self.failure(kept)?.contains("keeps last week's note") == true)
    }

    @Test func thePlannerSwapsDinnersAndItsWeekPasses() throws {
        let planned = try #require(FoodWeekPlanner(validator: Self.validator).plan())
        let changes = try #require(planned.content["changes"]?.arrayValue)
        #expect((1...FoodWeekPlanner.maxSwaps).contains(changes.count))
        #expect(changes.count == planned.lines.count)
        _ = try Self.validator.validate(content: planned.content, rationale: planned.rationale)
        // Nights out, leftovers and lunch orders stay where they were; swapped dinners are new to the menu.
        let before = FirstFoodWeek.content
        let after = FoodContent(json: planned.content)
        let menu = Set(before.days.values.compactMap { $0.slots["dinner"]?.recipe })
        var swapped = 0
        for key in FoodWeekValidator.dayKeys {
            let old = try #require(before.days[key]?.slots["dinner"])
            let new = try #require(after.days[key]?.slots["dinner"])
            if old.out || old.leftoverOf != nil { #expect(old == new) }
            #expect(before.days[key]?.slots["lunch"] == after.days[key]?.slots["lunch"])
            if old.recipe != new.recipe {
                swapped += 1
                #expect(!menu.contains(new.recipe ?? ""))
                #expect(Self.recipes[new.recipe ?? ""]?.kind == .dinner)
            }
        }
        #expect(swapped == changes.count)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
