import ForgeAPI
import ForgeCook
import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation
import Testing

/// Real food over HTTP and MCP (issue 37): an imported page's lines weighed
/// against the food reference, shown line by line on the recipe detail; the
/// food search; a member's fix of a line with the macros following; a CRLF
/// page taken as sent.
@Suite(.serialized) struct FoodReferenceRouteTests {
    /// A page as a real server sends it: CRLF line ends, no nutrition of its own.
    static let page = [
        "<!doctype html>", "<html lang=\"en\"><head><title>Shortbread</title>",
        #"<script type="application/ld+json">{"@type":"Recipe","name":"Plain Shortbread","recipeYield":"16","#,
        #" "recipeIngredient":["1 cup unsalted butter, softened","1/2 cup caster sugar","2 cups plain flour","#,
        #"  "1/4 tsp kosher salt","3 scoops zqxv powder"],"#,
        #" "recipeInstructions":["Cream the butter and sugar until pale.","Bake until golden, about 20 minutes."]}"#,
        "</script></head><body><h1>Shortbread</h1></body></html>",
    ].joined(separator: "\r\n")

    static func importPage(_ server: TestServer, _ cookie: String) async throws -> TestServer.Reply {
        try await server.request(
            "POST", "/api/food/recipes/import",
            json: ["url": "https://cook.example.org/shortbread", "html": .string(Self.page)], cookie: cookie)
    }

    @Test func aCRLFPageImportsAndItsLinesAreWeighedOneByOne() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await Self.importPage(server, ada)
            #expect(reply.status == 200, "\(String(decoding: reply.data, as: UTF8.self))")
            #expect(reply.json["name"] == "Plain Shortbread" && reply.json["macros_source"] == "computed")
            // Three scoops of a food that matches nothing cannot be weighed: parked, naming the line.
            #expect(reply.json["complete"] == false)
            #expect(
                reply.json["parked_because"]?.arrayValue == [
                    "line 5 \"3 scoops zqxv powder\": matches no food"
                ])
            let detail = try await server.get("/api/food/recipes/plain-shortbread", cookie: ada).json
            #expect(detail["parked_because"] == reply.json["parked_because"])
            let lines = detail["ingredients"]?.arrayValue ?? []
            #expect(lines.count == 5)
            // Unsalted butter is USDA's butter without salt, not the household's (salted) "butter" row.
            #expect(lines[0]["ref"] == nil && lines[0]["food_id"] == "usda:01145")
            #expect(lines[0]["food"] == "Butter, without salt" && lines[0]["grams"]?.doubleValue == 227)
            #expect(lines[0]["kcal"]?.doubleValue == 1627.6)
            // Caster sugar is USDA's granulated sugar: 100 g in half a cup, 387 kcal.
            #expect(lines[1]["food_id"] == "usda:19335" && lines[1]["grams"]?.doubleValue == 100)
            #expect(lines[1]["kcal"]?.doubleValue == 387 && lines[1]["qty"]?.doubleValue == 0.5)
            #expect(lines[1]["unit"] == "cup" && lines[1]["disp"] == "1/2 cup")
            // A quarter teaspoon of salt is 1.5 g by USDA's teaspoon of table salt (6 g).
            #expect(try #require(lines[3]["grams"]?.doubleValue) == 1.5)
            #expect(lines[4]["food"] == nil && lines[4]["grams"] == nil)
            let kcal = detail["kcal"]?.doubleValue ?? 0
            #expect(kcal > 150 && kcal < 250, "\(kcal) kcal per shortbread")
        }
    }

    @Test func searchingFoodsAndFixingALineRecomputesTheRecipe() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            _ = try await Self.importPage(server, ada)
            let found = try await server.get("/api/food/foods?q=unsalted%20butter", cookie: ada).json
            let foods = found["foods"]?.arrayValue ?? []
            #expect(foods.first?["id"] == "usda:01145" && foods.first?["source"] == "usda")
            #expect(foods.first?["kcal_100"]?.doubleValue == 717)
            #expect(foods.first?["portions"]?.arrayValue?.contains { $0["measure"] == "tbsp" } == true)
            let household = try await server.get("/api/food/foods?q=butter", cookie: ada).json
            #expect(household["foods"]?.arrayValue?.first?["source"] == "household")

            // The member weighs the unknown line as 30 g of sugar: complete, and the kcal follow.
            let before = try await server.get("/api/food/recipes/plain-shortbread", cookie: ada).json
            let fixed = try await server.request(
                "PATCH", "/api/food/recipes/plain-shortbread/ingredients/5",
                json: ["food": "usda:19335", "grams": 30], cookie: ada)
            #expect(fixed.status == 200, "\(String(decoding: fixed.data, as: UTF8.self))")
            #expect(fixed.json["complete"] == true && fixed.json["parked_because"]?.arrayValue == [])
            let line = fixed.json["ingredients"]?.arrayValue?[4]
            #expect(line?["food"] == "Sugars, granulated" && line?["grams"]?.doubleValue == 30)
            #expect(line?["fixed"] == true)
            let added = (fixed.json["kcal"]?.doubleValue ?? 0) - (before["kcal"]?.doubleValue ?? 0)
            #expect(abs(added - 30 * 3.87 / 16) < 0.2, "\(added)")
            let listed = try await server.get("/api/food/recipes?q=shortbread", cookie: ada).json
            #expect(listed["recipes"]?.arrayValue?.first?["complete"] == true)

            // Grams 0: the line counts nothing (negligible), and the recipe stays complete.
            let none = try await server.request(
                "PATCH", "/api/food/recipes/plain-shortbread/ingredients/2", json: ["grams": 0], cookie: ada)
            let sugar = none.json["ingredients"]?.arrayValue?[1]
            #expect(sugar?["negligible"] == true && sugar?["grams"] == nil && none.json["complete"] == true)
            #expect((none.json["kcal"]?.doubleValue ?? 0) < (fixed.json["kcal"]?.doubleValue ?? 0))

            // Errors: no such line, unknown food, an empty change, a seed recipe.
            let noLine = try await server.request(
                "PATCH", "/api/food/recipes/plain-shortbread/ingredients/9", json: ["grams": 5], cookie: ada)
            #expect(noLine.status == 404 && noLine.detail?.contains("5 ingredient lines") == true)
            let noFood = try await server.request(
                "PATCH", "/api/food/recipes/plain-shortbread/ingredients/1", json: ["food": "usda:99999"],
                cookie: ada)
            #expect(noFood.status == 422 && noFood.detail?.contains("usda:99999") == true)
            let empty = try await server.request(
                "PATCH", "/api/food/recipes/plain-shortbread/ingredients/1", json: [:], cookie: ada)
            #expect(empty.status == 422)
            let seed =
                try await server.get("/api/food/recipes", cookie: ada).json["recipes"]?.arrayValue?
                .first { $0["source"] == "seed" }?["slug"]?.stringValue ?? ""
            let curated = try await server.request(
                "PATCH", "/api/food/recipes/\(seed)/ingredients/1", json: ["grams": 5], cookie: ada)
            #expect(curated.status == 409)
            let after = try await server.get("/api/food/recipes/plain-shortbread", cookie: ada).json
            #expect(after["kcal"] == none.json["kcal"])
        }
    }

    @Test func theDemoCannotFixALine() async throws {
        try await withTestServer { server in
            try server.app.db.write { db in
                _ = try HouseholdStore.addUser(
                    email: "demo@example.org", name: "Demo", role: "demo", prefs: [:], passwordHash: nil,
                    now: Date(), in: db)
            }
            let ada = try await server.signIn("ada@example.org")
            _ = try await Self.importPage(server, ada)
            let demoReply = try await server.request("POST", "/auth/demo")
            let demo = String(try #require(demoReply.header("Set-Cookie")).split(separator: ";")[0])
            let refused = try await server.request(
                "PATCH", "/api/food/recipes/plain-shortbread/ingredients/5", json: ["grams": 30], cookie: demo)
            #expect(refused.status == 403)
            let detail = try await server.get("/api/food/recipes/plain-shortbread", cookie: ada).json
            #expect(detail["complete"] == false)
        }
    }

    @Test func theMCPToolsSearchAndFixTheSameWay() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            _ = try await Self.importPage(server, ada)
            let token = try server.ingestToken("ada@example.org")
            let search = try await server.callTool("search_foods", ["query": "caster sugar"], token: token)
            #expect(search["structuredContent"]?["foods"]?.arrayValue?.first?["id"] == "usda:19335")
            let fixed = try await server.callTool(
                "set_recipe_line", ["slug": "plain-shortbread", "line": 5, "grams": 12], token: token)
            let out = fixed["structuredContent"]
            #expect(out?["ingredients"]?.arrayValue?[4]["grams"]?.doubleValue == 12)
            // Weighed, but of no known food: 12 g of 680 g is under 5 %, so the recipe is complete.
            #expect(out?["complete"] == true)
            // The same rules as HTTP: a change needs food or grams, a search at most 50 foods.
            let empty = try await server.callTool(
                "set_recipe_line", ["slug": "plain-shortbread", "line": 5], token: token)
            #expect(empty["isError"] == true)
            let many = try await server.callTool("search_foods", ["query": "salt", "limit": 51], token: token)
            #expect(many["isError"] == true)
        }
    }
}
