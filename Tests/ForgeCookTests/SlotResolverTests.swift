import ForgeCore
import Testing

@testable import ForgeCook

/// 2031-03-03 is a Monday; the first food week's days follow from it.
let monday = LocalDate(year: 2031, month: 3, day: 3)

func resolve(_ date: LocalDate, logs: [MealLogEntry] = [], content: FoodContent? = FirstFoodWeek.content)
    -> ResolvedFoodDay
{
    SlotResolver.resolve(content: content, date: date, recipes: Fixture.recipe, logs: logs)
}

func log(
    _ id: String, _ slot: MealSlot, recipe: String? = nil, label: String = "", kcal: Double = 500,
    estimated: Bool = false
) -> MealLogEntry {
    MealLogEntry(
        id: id, slot: slot, recipe: recipe, label: label, estimated: estimated,
        macros: Macros(kcal: kcal, proteinG: 30.05))
}

@Test func plannedDayResolvesInSlotOrderWithCards() throws {
    #expect(monday.weekday == 0)
    let day = resolve(monday)
    #expect(day.slots.map(\.slot) == [.breakfast, .lunch, .dinner, .snack])
    #expect(
        day.slots.map { $0.recipe?.slug } == [
            "oats-no1", "lentil-feta-salad", "harissa-chicken-traybake", "apple-peanut-butter",
        ])
    #expect(day.slots.allSatisfy { !$0.logged && $0.logID == nil && !$0.offPlan })
    #expect(day.slots[2].why == FirstFoodWeek.content.plan(weekday: 0, slot: .dinner)?.why)
    #expect(day.slots[0].why == "")
    #expect(day.extras.isEmpty && day.totals.macros == .zero && day.totals.complete)
    let json = try Fixture.object(day.slots[2])
    #expect(Set(json.keys) == ["slot", "logged", "log_id", "why", "recipe"])
    #expect(json["log_id"] == .null && json["logged"] == .bool(false))
}

@Test func tickKeepsThePlannedCard() throws {
    let day = resolve(monday, logs: [log("d1", .dinner, recipe: "harissa-chicken-traybake", label: "Harissa chicken")])
    let dinner = day.slots[2]
    #expect(dinner.logged && dinner.logID == "d1" && !dinner.offPlan)
    #expect(dinner.recipe?.slug == "harissa-chicken-traybake")
    let json = try Fixture.object(dinner)
    #expect(json["log_id"] == .string("d1") && json["off_plan"] == nil)
}

@Test func offPlanWithAKnownRecipeShowsThatCard() throws {
    let day = resolve(monday, logs: [log("d1", .dinner, recipe: "miso-salmon-greens")])
    let dinner = day.slots[2]
    #expect(dinner.offPlan && dinner.logged && dinner.recipe?.slug == "miso-salmon-greens")
    #expect(dinner.why == FirstFoodWeek.content.plan(weekday: 0, slot: .dinner)?.why)
    #expect(Set(try Fixture.object(dinner).keys) == ["slot", "logged", "log_id", "why", "off_plan", "recipe"])
}

@Test func offPlanWithoutARecipeShowsLabelAndMacros() throws {
    let day = resolve(monday, logs: [log("l1", .lunch, label: "Pho from the corner", kcal: 610, estimated: true)])
    let lunch = day.slots[1]
    #expect(lunch.offPlan && lunch.recipe == nil && lunch.label == "Pho from the corner")
    #expect(lunch.estimated == true && lunch.macros?.kcal == 610)
    let json = try Fixture.object(lunch)
    #expect(Set(json.keys) == ["slot", "logged", "log_id", "why", "off_plan", "label", "estimated", "macros"])
    #expect(json["macros"]?["kcal"]?.doubleValue == 610)
}

@Test func leftoverInheritsTheSourceDaysDinner() throws {
    let wednesday = resolve(monday.adding(days: 2)).slots[2]
    #expect(wednesday.leftover && wednesday.recipe?.slug == "harissa-chicken-traybake")
    #expect(!wednesday.why.isEmpty)
    #expect(try Fixture.object(wednesday)["leftover"] == .bool(true))
    let fridayLunch = resolve(monday.adding(days: 4)).slots[1]
    #expect(fridayLunch.leftover && fridayLunch.recipe?.slug == "turkey-black-bean-chili")
    // Ticking a leftover with the inherited recipe keeps it a leftover.
    let ticked = resolve(monday.adding(days: 2), logs: [log("w", .dinner, recipe: "harissa-chicken-traybake")]).slots[2]
    #expect(ticked.leftover && ticked.logged && !ticked.offPlan)
}

@Test func outAndOrderCarryTheirNotes() throws {
    let friday = resolve(monday.adding(days: 4)).slots[2]
    #expect(friday.out && friday.recipe == nil && friday.note?.isEmpty == false)
    #expect(Set(try Fixture.object(friday).keys) == ["slot", "logged", "log_id", "why", "out", "note"])
    let tuesdayLunch = resolve(monday.adding(days: 1)).slots[1]
    #expect(tuesdayLunch.order && tuesdayLunch.note == FirstFoodWeek.content.plan(weekday: 1, slot: .lunch)?.note)
    #expect(try Fixture.object(tuesdayLunch)["order"] == .bool(true))
    // Logging what was ordered replaces the order slot with the off-plan entry.
    let logged = resolve(monday.adding(days: 1), logs: [log("o", .lunch, label: "Poke bowl")]).slots[1]
    #expect(logged.offPlan && !logged.order && logged.note == nil && logged.label == "Poke bowl")
}

@Test func logsAreClaimedInLoggingOrderAndTheRestAreExtras() {
    let logs = [
        log("s1", .snack, recipe: "apple-peanut-butter", kcal: 211.2),
        log("s2", .snack, label: "Flapjack", kcal: 320.04),
        log("d1", .dinner, label: "Takeaway curry", kcal: 900),
        log("d2", .dinner, recipe: "harissa-chicken-traybake", kcal: 638.2),
    ]
    let day = resolve(monday, logs: logs)
    #expect(day.slots[3].logID == "s1" && !day.slots[3].offPlan)
    #expect(day.slots[2].logID == "d1" && day.slots[2].offPlan && day.slots[2].label == "Takeaway curry")
    #expect(day.extras.map(\.id) == ["s2", "d2"])
    // Totals: every log of the day, rounded to 1 dp.
    #expect(day.totals.macros.kcal == 2069.4)  // 211.2 + 320.04 + 900 + 638.2 = 2069.44
    #expect(day.totals.macros.proteinG == 120.2)  // 4 × 30.05 = 120.2
}

@Test func missingOrEmptySlotsAreOmittedAndTheirLogsBecomeExtras() throws {
    let content = FoodContent(days: [
        "0": FoodDayPlan([
            .dinner: .recipe("lentil-spinach-dal", why: "Meat-free"),
            .snack: FoodSlotPlan(),
        ])
    ])
    let day = resolve(monday, logs: [log("b", .breakfast, label: "Toast", kcal: 200)], content: content)
    #expect(day.slots.map(\.slot) == [.dinner])
    #expect(day.extras.map(\.id) == ["b"])
    #expect(resolve(monday.adding(days: 1), content: content).slots.isEmpty)
    #expect(resolve(monday, content: nil).slots.isEmpty)
    let extra = try Fixture.object(FoodExtra(day.extras[0]))
    #expect(
        Set(extra.keys)
            == Set(Macros.keys).union([
                "id", "slot", "label", "estimated", "venue", "cost",
                "currency", "note", "photos",
            ]))
}

@Test func unknownRecipesResolveToANote() {
    let content = FoodContent(days: [
        "0": FoodDayPlan([.dinner: .recipe("gone-recipe", why: "x"), .lunch: .leftover(of: "1")]),
        "1": FoodDayPlan([.dinner: .recipe("also-gone")]),
    ])
    let day = resolve(monday, content: content)
    #expect(day.slots[0].slot == .lunch && day.slots[0].leftover && day.slots[0].note == "unplanned")
    #expect(day.slots[1].recipe == nil && day.slots[1].note == "unplanned" && day.slots[1].why == "x")
}
