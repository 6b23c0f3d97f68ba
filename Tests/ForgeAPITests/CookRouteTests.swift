import ForgeAPI
import ForgeCore
import Foundation
import Testing

@Suite(.serialized) struct CookRouteTests {
    @Test func theFirstHouseholdWeekIsSharedByBothMembers() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let week = try await server.get("/api/food/week?date=2026-07-22", cookie: ada).json
            #expect(week["start"] == "2026-07-20")
            #expect(week["has_plan"] == true)
            #expect(week["targets"]?["kcal"]?.doubleValue == 2300 && week["targets"]?["protein_g"]?.doubleValue == 160)
            let days = try #require(week["days"]?.arrayValue)
            #expect(days.count == 7)
            func slot(_ day: Int, _ name: String) -> JSONValue? {
                days[day]["slots"]?.arrayValue?.first { $0["slot"]?.stringValue == name }
            }
            #expect(
                days[0]["slots"]?.arrayValue?.map { $0["slot"]?.stringValue ?? "" } == [
                    "breakfast", "lunch", "dinner", "snack",
                ])
            #expect(slot(0, "dinner")?["recipe"]?["slug"] == "harissa-chicken-traybake")
            #expect(slot(0, "dinner")?["why"]?.stringValue?.isEmpty == false)
            #expect(slot(0, "dinner")?["logged"] == false && slot(0, "dinner")?["log_id"] == .null)
            #expect(slot(1, "lunch")?["order"] == true && slot(1, "lunch")?["note"]?.stringValue?.isEmpty == false)
            #expect(slot(2, "dinner")?["leftover"] == true)
            #expect(slot(2, "dinner")?["recipe"]?["slug"] == "harissa-chicken-traybake")
            #expect(slot(4, "dinner")?["out"] == true)
            #expect(slot(4, "lunch")?["recipe"]?["slug"] == "turkey-black-bean-chili")
            #expect(days.allSatisfy { $0["extras"] == [] && $0["totals"]?["kcal"]?.doubleValue == 0 })
            // Ben sees the same household plan.
            let ben = try await server.signIn("ben@example.org")
            let bens = try await server.get("/api/food/week?date=2026-07-22", cookie: ben).json
            #expect(bens["days"]?.arrayValue?[5]["slots"] == week["days"]?.arrayValue?[5]["slots"])
        }
    }

    @Test func recipeLibraryFiltersAndDetail() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let all = try await server.get("/api/food/recipes", cookie: ada).json
            #expect(all["count"] == 25)
            let names = all["recipes"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(names == names.sorted())
            #expect(all["recipes"]?.arrayValue?.allSatisfy { $0["source"] == "seed" && $0["complete"] == true } == true)
            let snacks = try await server.get("/api/food/recipes?kind=snack", cookie: ada).json
            #expect(snacks["count"] == 3)
            let salmon = try await server.get("/api/food/recipes?q=SALMON", cookie: ada).json
            #expect((salmon["count"]?.intValue ?? 0) >= 2)

            let detail = try await server.get("/api/food/recipes/harissa-chicken-traybake", cookie: ada).json
            #expect(detail["kind"] == "dinner" && detail["platefig"] == "tray-chicken")
            #expect((detail["kcal"]?.doubleValue ?? 0) > 200)
            #expect(detail["image"] == .null && detail["images"] == [] && detail["rating_count"] == 0)
            let ingredients = try #require(detail["ingredients"]?.arrayValue)
            #expect(!ingredients.isEmpty)
            #expect(ingredients.allSatisfy { $0["aisle"]?.stringValue != nil && $0["pantry"]?.boolValue != nil })
            let steps = try #require(detail["steps"]?.arrayValue)
            #expect(steps.contains { $0["detail"]?.stringValue?.contains("Done when") == true })
            let missing = try await server.get("/api/food/recipes/nope", cookie: ada)
            #expect(missing.status == 404 && missing.detail == "unknown recipe")
        }
    }
}
