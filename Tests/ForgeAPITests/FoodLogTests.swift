import ForgeAPI
import ForgeCore
import Foundation
import Testing

/// `POST /api/food/log` and `DELETE /api/food/log/{id}` over HTTP (docs/contract.md §3.15, §4.20).
@Suite(.serialized) struct FoodLogTests {
    static let monday = "2026-07-20"
    static let dinner = "harissa-chicken-traybake"  // Monday's planned household dinner

    @Test func twoMembersTickTheSameSharedDinnerAndEachSeesItOnTheirOwnPlateOnly() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let perServing = try await server.recipeMacros(Self.dinner, cookie: ada)

            let adaTick = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "dinner",
                    "recipe": .string(Self.dinner),
                ], cookie: ada)
            #expect(adaTick.status == 200 && adaTick.json["duplicate"] == false)
            #expect(adaTick.json["totals"]?["kcal"]?.doubleValue == Rounding.round1(perServing["kcal"]!))
            let adaLog = try #require(adaTick.json["id"]?.stringValue)

            var adaDinner = try await server.foodSlot(Self.monday, day: 0, "dinner", cookie: ada)
            var benDinner = try await server.foodSlot(Self.monday, day: 0, "dinner", cookie: ben)
            #expect(adaDinner?["logged"] == true && adaDinner?["log_id"] == .string(adaLog))
            #expect(adaDinner?["recipe"]?["slug"] == .string(Self.dinner) && adaDinner?["off_plan"] == nil)
            #expect(benDinner?["logged"] == false && benDinner?["log_id"] == .null)
            #expect(try await server.foodDay(Self.monday, day: 0, cookie: ben)["totals"]?["kcal"]?.doubleValue == 0)

            // Ben ticks the same shared dinner, a bigger plate.
            let benTick = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "dinner",
                    "recipe": .string(Self.dinner), "servings": 2,
                ], cookie: ben)
            let benLog = try #require(benTick.json["id"]?.stringValue)
            #expect(benLog != adaLog)
            #expect(benTick.json["totals"]?["kcal"]?.doubleValue == Rounding.round1(perServing["kcal"]! * 2))
            adaDinner = try await server.foodSlot(Self.monday, day: 0, "dinner", cookie: ada)
            benDinner = try await server.foodSlot(Self.monday, day: 0, "dinner", cookie: ben)
            #expect(adaDinner?["log_id"] == .string(adaLog))
            #expect(benDinner?["log_id"] == .string(benLog))
            let adaTotals = try await server.foodDay(Self.monday, day: 0, cookie: ada)["totals"]
            #expect(adaTotals?["kcal"]?.doubleValue == Rounding.round1(perServing["kcal"]!))

            // Neither can remove the other's log.
            let cross = try await server.request("DELETE", "/api/food/log/\(benLog)", cookie: ada)
            #expect(cross.status == 404 && cross.detail == "not found")
            #expect(try server.mealLogCount(try server.userID("ben@example.org")) == 1)
            let own = try await server.request("DELETE", "/api/food/log/\(adaLog)", cookie: ada)
            #expect(own.status == 200 && own.json["ok"] == true && own.json["totals"]?["kcal"]?.doubleValue == 0)
            benDinner = try await server.foodSlot(Self.monday, day: 0, "dinner", cookie: ben)
            #expect(benDinner?["log_id"] == .string(benLog))
        }
    }

    @Test func theDemoSeatIsWalledOff() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let demo = try server.demoSeat()
            let week = try await server.get("/api/food/week?date=\(Self.monday)", cookie: demo.cookie).json
            #expect(week["has_plan"] == false)
            let log = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "dinner",
                    "recipe": .string(Self.dinner),
                ], cookie: demo.cookie)
            #expect(log.status == 200)
            #expect(try server.mealLogCount(demo.id) == 1)
            let adaDinner = try await server.foodSlot(Self.monday, day: 0, "dinner", cookie: ada)
            #expect(adaDinner?["logged"] == false)
            let steal = try await server.request(
                "DELETE", "/api/food/log/\(log.json["id"]?.stringValue ?? "")", cookie: ada)
            #expect(steal.status == 404)
        }
    }

    @Test func aRepeatedClientIDReturnsTheOriginalAndWritesNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            let body: JSONValue = [
                "date": .string(Self.monday), "slot": "snack", "recipe": "almonds-30",
                "client_id": "offline-queue-1",
            ]
            let first = try await server.logMeal(body, cookie: ada)
            let again = try await server.logMeal(body, cookie: ada)
            #expect(first.json["duplicate"] == false && again.json["duplicate"] == true)
            #expect(first.json["id"] != nil && again.json["id"] == first.json["id"])
            #expect(again.json["totals"] == first.json["totals"])
            #expect(try server.mealLogCount(adaID) == 1)  // a snack would have added a second row

            // Even a different body with the same key changes nothing.
            let changed = try await server.logMeal(
                [
                    "slot": "lunch", "label": "Soup", "kcal": 300,
                    "client_id": "offline-queue-1",
                ], cookie: ada)
            #expect(changed.json["duplicate"] == true && changed.json["id"] == first.json["id"])
            #expect(try server.mealLogCount(adaID) == 1)

            // The key is per user.
            let ben = try await server.signIn("ben@example.org")
            let bens = try await server.logMeal(body, cookie: ben)
            #expect(bens.json["duplicate"] == false && bens.json["id"] != first.json["id"])
        }
    }

    @Test func concurrentDuplicatesResolveToOneRow() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let body: JSONValue = [
                "date": .string(Self.monday), "slot": "snack", "label": "Flapjack", "kcal": 250,
                "client_id": "race",
            ]
            let replies = try await withThrowingTaskGroup(of: TestServer.Reply.self) { group in
                for _ in 0..<8 { group.addTask { try await server.logMeal(body, cookie: ada) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(replies.allSatisfy { $0.status == 200 })
            #expect(Set(replies.compactMap { $0.json["id"]?.stringValue }).count == 1)
            #expect(replies.filter { $0.json["duplicate"] == false }.count == 1)
            #expect(try server.mealLogCount(try server.userID("ada@example.org")) == 1)
        }
    }

    @Test func mainMealsReplaceAndSnacksAdd() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            let first = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "lunch",
                    "label": "Sandwich", "kcal": 420,
                ], cookie: ada)
            let second = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "lunch",
                    "recipe": "lentil-feta-salad",
                ], cookie: ada)
            #expect(try server.mealLogCount(adaID) == 1)
            let gone = try await server.request(
                "DELETE", "/api/food/log/\(first.json["id"]?.stringValue ?? "")", cookie: ada)
            #expect(gone.status == 404)
            let lunch = try await server.foodSlot(Self.monday, day: 0, "lunch", cookie: ada)
            #expect(lunch?["log_id"] == second.json["id"] && lunch?["off_plan"] == nil)

            // Another day's lunch is not touched.
            _ = try await server.logMeal(
                ["date": "2026-07-21", "slot": "lunch", "label": "Soup", "kcal": 300], cookie: ada)
            #expect(try server.mealLogCount(adaID) == 2)

            let a = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "snack", "label": "Apple",
                    "kcal": 80.4,
                ], cookie: ada)
            let b = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "snack", "label": "Oatcake",
                    "kcal": "45.2", "fiber_g": 1.1,
                ], cookie: ada)
            #expect(try server.mealLogCount(adaID) == 4)
            let before = a.json["totals"]?["kcal"]?.doubleValue ?? 0
            #expect(Rounding.round1((b.json["totals"]?["kcal"]?.doubleValue ?? 0) - before) == 45.2)
            let day = try await server.foodDay(Self.monday, day: 0, cookie: ada)
            #expect(day["extras"]?.arrayValue?.map { $0["label"]?.stringValue ?? "" } == ["Oatcake"])
            #expect(day["extras"]?.arrayValue?.first?["fiber_g"]?.doubleValue == 1.1)
        }
    }

    @Test func offPlanEntriesNeedLabelAndKcalAndBadInputWritesNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            let cases: [(JSONValue, Int, String?)] = [
                (["slot": "dinner", "kcal": 600], 400, "off-plan entries need label + kcal"),
                (["slot": "dinner", "label": "Pizza"], 400, "off-plan entries need label + kcal"),
                (["slot": "dinner", "label": "Pizza", "kcal": .null], 400, "off-plan entries need label + kcal"),
                (["slot": "dinner", "label": "  ", "kcal": 600], 400, "off-plan entries need label + kcal"),
                (["slot": "dinner", "recipe": "no-such-dish"], 400, "unknown recipe"),
                (
                    ["slot": "supper", "label": "Pizza", "kcal": 600], 400,
                    "slot must be one of ['breakfast', 'lunch', 'dinner', 'snack']"
                ),
                (["slot": "dinner", "label": "Pizza", "kcal": 600, "date": "20/07/2026"], 400, "bad date"),
                (["label": "Pizza", "kcal": 600], 422, nil),
                (["slot": "dinner", "label": "Pizza", "kcal": "lots"], 422, nil),
                (["slot": "dinner", "label": "Pizza", "kcal": -5], 422, nil),
                (["slot": "dinner", "recipe": .string(Self.dinner), "servings": 0], 422, nil),
                (
                    [
                        "slot": "dinner", "label": "Pizza", "kcal": 600,
                        "client_id": .string(String(repeating: "x", count: 41)),
                    ], 422, nil
                ),
                (
                    [
                        "slot": "dinner", "label": "Pizza", "kcal": 600,
                        "venue": .string(String(repeating: "v", count: 81)),
                    ], 422, nil
                ),
                (["slot": "dinner", "label": "Pizza", "kcal": 600, "photos": "not-a-list"], 422, nil),
                (
                    ["slot": "dinner", "label": "Pizza", "kcal": 600, "photos": ["data:image/png;base64,AAAA"]], 400,
                    "photo 1: bytes are not a recognised image"
                ),
            ]
            // A main meal logged first must survive every refused replacement.
            _ = try await server.logMeal(["slot": "dinner", "label": "Soup", "kcal": 310], cookie: ada)
            for (body, status, detail) in cases {
                let reply = try await server.logMeal(body, cookie: ada)
                #expect(reply.status == status, "\(body)")
                if let detail { #expect(reply.detail == detail, "\(body)") }
                if status == 422 { #expect(reply.json["detail"]?.arrayValue?.isEmpty == false) }
            }
            #expect(try server.mealLogCount(adaID) == 1)
        }
    }

    @Test func offPlanMealsAreStoredAsGivenWithTheManualSource() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "dinner", "label": "Pad thai",
                    "kcal": 720, "protein_g": 31.5, "estimated": true, "servings": 1.5,
                    "venue": "Thai Corner", "cost": 12.5, "currency": "GBP",
                ], cookie: ada)
            let id = try #require(reply.json["id"]?.stringValue)
            #expect(reply.json["totals"]?["kcal"]?.doubleValue == 720)  // macros as given, not scaled
            let row = try #require(
                try server.app.db.read { try $0.queryOne("SELECT * FROM meal_logs WHERE id = ?", [id]) })
            #expect(try row.get("source") as String == "manual")
            #expect(try row.get("servings") as Double == 1.5)
            #expect(try row.get("estimated") as Bool)
            #expect(try row.get("venue") as String == "Thai Corner")
            let dinner = try await server.foodSlot(Self.monday, day: 0, "dinner", cookie: ada)
            #expect(dinner?["off_plan"] == true && dinner?["label"] == "Pad thai" && dinner?["estimated"] == true)
            #expect(
                dinner?["macros"]?["protein_g"]?.doubleValue == 31.5 && dinner?["macros"]?["carbs_g"]?.doubleValue == 0)

            let ordered = try await server.logMeal(
                ["slot": "lunch", "label": "Poke bowl", "kcal": 560, "source": "order"],
                cookie: ada)
            let source: String? = try server.app.db.read {
                try $0.scalar("SELECT source FROM meal_logs WHERE id = ?", [ordered.json["id"]?.stringValue ?? ""])
            }
            #expect(source == "order")
            let ticked = try await server.logMeal(["slot": "breakfast", "recipe": "oats-no1"], cookie: ada)
            let tickSource: String? = try server.app.db.read {
                try $0.scalar("SELECT source FROM meal_logs WHERE id = ?", [ticked.json["id"]?.stringValue ?? ""])
            }
            #expect(tickSource == "plan")
        }
    }

    @Test(arguments: [0.5, 1.5, 2.0, 3.0])
    func recipeLogsScaleEachMacroByServingsRoundedToOnePlace(servings: Double) async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let perServing = try await server.recipeMacros("salmon-puy-lentils", cookie: ada)
            let reply = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "dinner",
                    "recipe": "salmon-puy-lentils", "servings": .double(servings),
                ], cookie: ada)
            for (key, value) in perServing {
                #expect(reply.json["totals"]?[key]?.doubleValue == Rounding.round1(value * servings), "\(key)")
            }
        }
    }

    @Test func logsKeepTheirMacroSnapshotWhenTheRecipeChanges() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "dinner",
                    "recipe": .string(Self.dinner),
                ], cookie: ada)
            let before = try #require(reply.json["totals"]?["kcal"]?.doubleValue)
            try server.app.db.write {
                try $0.execute("UPDATE recipes SET kcal = kcal + 500 WHERE slug = ?", [Self.dinner])
            }
            let after = try await server.foodDay(Self.monday, day: 0, cookie: ada)["totals"]?["kcal"]?.doubleValue
            #expect(after == before)
        }
    }

    /// Issue 28 item 4: a meal of a recipe with no energy data leaves the day's totals
    /// partial (`complete: false`, `unknown` naming it), never a silent 0 kcal.
    @Test func aRecipeWithoutKcalDataMakesTheDaysTotalsPartial() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let dinner = try await server.logMeal(
                ["date": .string(Self.monday), "slot": "dinner", "recipe": .string(Self.dinner)], cookie: ada)
            #expect(dinner.json["totals"]?["complete"] == true && dinner.json["totals"]?["unknown"] == [])
            let dinnerKcal = try #require(dinner.json["totals"]?["kcal"]?.doubleValue)
            #expect(dinnerKcal > 0)

            try server.app.db.write { db in  // an imported recipe whose page carried no nutrition
                try db.execute("UPDATE recipes SET kcal = 0 WHERE slug = 'lentil-feta-salad'")
            }
            let name: String =
                try server.app.db.read {
                    try $0.scalar("SELECT name FROM recipes WHERE slug = 'lentil-feta-salad'")
                } ?? ""
            let lunch = try await server.logMeal(
                ["date": .string(Self.monday), "slot": "lunch", "recipe": "lentil-feta-salad"], cookie: ada)
            #expect(lunch.status == 200)
            let totals = lunch.json["totals"]
            #expect(totals?["complete"] == false && totals?["unknown"] == [.string(name)])
            #expect(totals?["kcal"]?.doubleValue == dinnerKcal)  // the known part, unchanged
            // The week view says the same.
            let day = try await server.foodDay(Self.monday, day: 0, cookie: ada)
            #expect(day["totals"]?["complete"] == false && day["totals"]?["unknown"] == [.string(name)])
            #expect(try await server.foodDay(Self.monday, day: 1, cookie: ada)["totals"]?["complete"] == true)

            // Removing it makes the day whole again.
            let removed = try await server.request(
                "DELETE", "/api/food/log/\(lunch.json["id"]?.stringValue ?? "")", cookie: ada)
            #expect(removed.json["totals"]?["complete"] == true && removed.json["totals"]?["unknown"] == [])
        }
    }

    @Test func theDateDefaultsToTheHouseholdToday() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.logMeal(["slot": "snack", "label": "Tea", "kcal": 20], cookie: ada)
            let day: String? = try server.app.db.read {
                try $0.scalar("SELECT day FROM meal_logs WHERE id = ?", [reply.json["id"]?.stringValue ?? ""])
            }
            #expect(day == server.app.today.description)
        }
    }
}
