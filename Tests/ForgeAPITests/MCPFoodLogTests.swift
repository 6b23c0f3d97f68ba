import ForgeAPI
import ForgeCore
import Foundation
import Testing

@Suite(.serialized) struct MCPFoodLogTests {
    @Test func logFoodIsAdditiveIdempotentAndPrivate() async throws {
        try await withTestServer { server in
            let ada = try server.ingestToken("ada@example.org")
            let ben = try server.ingestToken("ben@example.org")
            let lunch: JSONValue = [
                "description": "Burrito bowl", "date": "2026-07-20", "slot": "lunch",
                "kcal": 720, "protein_g": 38.5, "venue": "Taqueria", "cost": 11.5, "currency": "GBP",
                "client_id": "mcp-lunch-1",
            ]
            let first = try await server.callTool("log_food", lunch, token: ada)
            #expect(first["isError"] == false)
            let out = try #require(first["structuredContent"])
            #expect(out["duplicate"] == false && out["date"] == "2026-07-20")
            #expect(out["totals"]?["kcal"]?.doubleValue == 720)
            #expect(out["logged"]?.arrayValue?.first?["label"] == "Burrito bowl")
            #expect(out["logged"]?.arrayValue?.first?["estimated"] == true)
            #expect(out["targets"]?["kcal"]?.doubleValue == 2300)
            // The same client_id again: the original, nothing written.
            let again = try await server.callTool("log_food", lunch, token: ada)
            #expect(again["structuredContent"]?["duplicate"] == true)
            #expect(again["structuredContent"]?["id"] == out["id"])
            // A second lunch adds (MCP never replaces a slot).
            let second = try await server.callTool(
                "log_food",
                [
                    "description": "Cookie", "date": "2026-07-20",
                    "slot": "lunch", "kcal": 180,
                ], token: ada)
            #expect(second["structuredContent"]?["logged"]?.arrayValue?.count == 2)
            #expect(second["structuredContent"]?["totals"]?["kcal"]?.doubleValue == 900)
            // The app sees it on Ada's plate with source mcp; Ben's plate is empty.
            let cookie = try await server.signIn("ada@example.org")
            let week = try await server.get("/api/food/week?date=2026-07-20", cookie: cookie).json
            #expect(week["days"]?.arrayValue?.first?["totals"]?["kcal"]?.doubleValue == 900)
            let bens = try await server.callTool("get_food_log", ["date": "2026-07-20"], token: ben)
            #expect(bens["structuredContent"]?["days"]?.arrayValue?.first?["logged"] == [])
            // Ben cannot delete Ada's log.
            let steal = try await server.callTool("delete_food_log", ["log_id": out["id"] ?? nil], token: ben)
            #expect(steal["isError"] == true)
            #expect(steal["content"]?.arrayValue?.first?["text"] == "log entry not found")
            let deleted = try await server.callTool("delete_food_log", ["log_id": out["id"] ?? nil], token: ada)
            #expect(deleted["structuredContent"]?["ok"] == true)
            #expect(deleted["structuredContent"]?["totals"]?["kcal"]?.doubleValue == 180)
        }
    }

    @Test func requiredFieldsAndDatesAreValidated() async throws {
        try await withTestServer { server in
            let ada = try server.ingestToken("ada@example.org")
            let noKcal = try await server.callTool("log_food", ["description": "Toast"], token: ada)
            #expect(noKcal["isError"] == true)
            let noDescription = try await server.callTool("log_food", ["kcal": 100], token: ada)
            #expect(noDescription["isError"] == true)
            let badDate = try await server.callTool("get_food_log", ["date": "yesterday"], token: ada)
            #expect(badDate["isError"] == true && badDate["content"]?.arrayValue?.first?["text"] == "bad date")
            let range = try await server.callTool("get_food_log", ["date": "2026-07-20", "days": 30], token: ada)
            let days = range["structuredContent"]?["days"]?.arrayValue ?? []
            #expect(days.count == 14)
            #expect(days.first?["date"] == "2026-07-07" && days.last?["date"] == "2026-07-20")
            let cookie = try await server.signIn("ada@example.org")
            let week = try await server.get("/api/food/week?date=2026-07-20", cookie: cookie).json
            #expect(week["days"]?.arrayValue?.allSatisfy { $0["totals"]?["kcal"]?.doubleValue == 0 } == true)
        }
    }
}
