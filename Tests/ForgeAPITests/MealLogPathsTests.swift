import ForgeCore
import Foundation
import Testing

/// Issue 42: the three ways a meal reaches a plate (`POST /api/food/log`, MCP
/// `log_food`, a finished cook) are one use case (`MealLog`). Each path stores
/// what the contract says for it (§3.15, §4.20, §4.24, cook mode), and a
/// repeated `client_id` answers the first log on each without writing a row
/// or a photo.
@Suite struct MealLogPathsTests {
    static let day = "2026-07-22"

    @Test func httpMCPAndACookLogThroughOneUseCase() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let token = try server.ingestToken("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 64)
            let photo = JSONValue.string("data:image/png;base64," + png.base64EncodedString())
            func rows() throws -> [[String: String]] {
                try server.app.db.read { db in
                    try db.query(
                        "SELECT id, slot, label, source, estimated, client_id FROM meal_logs WHERE user_id = ? AND day = ? ORDER BY created_at, rowid",
                        [adaID, Self.day]
                    ).map { row in
                        [
                            "id": try row.get("id"), "slot": try row.get("slot"), "label": try row.get("label"),
                            "source": try row.get("source"), "estimated": String(try row.get("estimated") as Bool),
                            "client_id": (try row.optional("client_id") as String?) ?? "",
                        ]
                    }
                }
            }
            func media() throws -> Int { try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM media") } ?? 0 }

            // The app: an off-plan dinner, source manual, with its photo stored once.
            let media0 = try media()
            let body: JSONValue = [
                "date": .string(Self.day), "slot": "dinner", "label": "Takeaway curry", "kcal": 900,
                "client_id": "app-dinner", "photos": [photo],
            ]
            let app = try await server.logMeal(body, cookie: ada)
            #expect(app.status == 200 && app.json["duplicate"] == false)
            let appAgain = try await server.logMeal(body, cookie: ada)
            #expect(appAgain.json["duplicate"] == true && appAgain.json["id"] == app.json["id"])
            #expect(appAgain.json["totals"]?["kcal"]?.doubleValue == 900)
            #expect(try media() == media0 + 1, "a repeat stores no second photo")
            #expect(try rows().map { $0["source"] } == ["manual"])

            // MCP: always adds (a second dinner beside the app's), source mcp, estimated by default.
            let args: JSONValue = [
                "description": "Naan", "date": .string(Self.day), "slot": "dinner", "kcal": 260,
                "client_id": "mcp-naan", "photos": [photo],
            ]
            let mcp = try await server.callTool("log_food", args, token: token)["structuredContent"]
            #expect(mcp?["duplicate"] == false && mcp?["totals"]?["kcal"]?.doubleValue == 1160)
            let mcpAgain = try await server.callTool("log_food", args, token: token)["structuredContent"]
            #expect(mcpAgain?["duplicate"] == true && mcpAgain?["id"] == mcp?["id"])
            #expect(try media() == media0 + 2, "an MCP repeat stores no second photo")
            let afterMCP = try rows()
            #expect(afterMCP.map { $0["source"] } == ["manual", "mcp"])
            #expect(afterMCP.map { $0["estimated"] } == ["false", "true"])

            // A finished cook: the recipe, source plan, not estimated, logged under cook:<session>;
            // a dinner replaces the slot's earlier logs as the app's does. The household clock's
            // today is the cook's day, so the cook logs there.
            let recipe = try server.cookableRecipe()
            let started = try await server.request(
                "POST", "/api/cook/sessions", json: ["recipe_slug": .string(recipe.slug)], cookie: ada)
            let session = started.json["id"]?.stringValue ?? ""
            let finished = try await server.request(
                "POST", "/api/cook/sessions/\(session)/finish", json: ["slot": "snack"], cookie: ada)
            #expect(finished.status == 200 && finished.json["log"]?["duplicate"] == false)
            let again = try await server.request(
                "POST", "/api/cook/sessions/\(session)/finish", json: ["slot": "snack"], cookie: ada)
            #expect(again.json["log"]?["duplicate"] == true && again.json["log"]?["id"] == finished.json["log"]?["id"])
            let cooked = try server.app.db.read { db in
                try db.queryOne(
                    "SELECT label, source, estimated, client_id, slot FROM meal_logs WHERE id = ?",
                    [finished.json["log"]?["id"]?.stringValue ?? ""])
            }
            let row = try #require(cooked)
            #expect(try row.get("label") as String == recipe.name)
            #expect(try row.get("source") as String == "plan")
            #expect(try row.get("estimated") as Bool == false)
            #expect(try row.get("client_id") as String == "cook:\(session)")
            #expect(try row.get("slot") as String == "snack")
            #expect(try server.mealLogCount(adaID) == afterMCP.count + 1)

            // The app's dinner on the same day replaces both dinners (MCP's included): the app's slot rule.
            let replaced = try await server.logMeal(
                ["date": .string(Self.day), "slot": "dinner", "label": "Soup", "kcal": 300], cookie: ada)
            #expect(replaced.json["totals"]?["kcal"]?.doubleValue == 300)
            #expect(try rows().map { $0["label"] } == ["Soup"])
        }
    }

    @Test func removingAnotherMembersLogIsNotFoundOnEveryPath() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let benToken = try server.ingestToken("ben@example.org")
            let logged = try await server.logMeal(
                ["date": .string(Self.day), "slot": "snack", "label": "Apple", "kcal": 80], cookie: ada)
            let id = logged.json["id"] ?? .null
            let http = try await server.request("DELETE", "/api/food/log/\(id.stringValue ?? "")", cookie: ben)
            #expect(http.status == 404 && http.detail == "not found")
            let mcp = try await server.callTool("delete_food_log", ["log_id": id], token: benToken)
            #expect(mcp["isError"] == true && mcp["content"]?.arrayValue?.first?["text"] == "log entry not found")
            let own = try await server.request("DELETE", "/api/food/log/\(id.stringValue ?? "")", cookie: ada)
            #expect(own.status == 200 && own.json["totals"]?["kcal"]?.doubleValue == 0)
        }
    }
}
