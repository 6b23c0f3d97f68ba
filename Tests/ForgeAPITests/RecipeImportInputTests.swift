import ForgeAPI
import ForgeCore
import Foundation
import Testing

/// `POST /api/food/recipes/import` as a typed route, and the product
/// decision that a parked import names each reason in `warnings` (the MCP
/// `import_recipe` tool goes through the same importer).
@Suite(.serialized) struct RecipeImportInputTests {
    static func page(kcal: Bool) -> String {
        let nutrition = kcal ? #","nutrition":{"calories":"420 kcal"}"# : ""
        return """
            <html><head><script type="application/ld+json">{"@type":"Recipe","name":"Quiet Dal","recipeCategory":"Dinner",
             "recipeIngredient":["200 g red lentils","1 bag moon dust"],
             "recipeInstructions":["Simmer the lentils until they collapse, about 20 minutes."]\(nutrition)}</script></head></html>
            """
    }

    @Test func aParkedPageImportNamesEachReasonInItsWarnings() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": "https://cook.example.org/dal", "html": .string(Self.page(kcal: false))],
                cookie: ada)
            #expect(reply.status == 200, "\(String(decoding: reply.data, as: UTF8.self))")
            #expect(reply.json["complete"] == false)
            let warnings = reply.json["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
            // Issue 28 item 7: each reason ends with the arguments that fix it.
            // A bag of a food that matches nothing cannot be weighed: its line is named, with the fix.
            #expect(
                warnings == [
                    "parked: line 2 \"1 bag moon dust\": matches no food; to fix, "
                        + "give its line kcal_100, protein_100, carbs_100 and fat_100 (per 100 g or ml; per item "
                        + "for unit x), add it with upsert_ingredients, or set the line's food or grams "
                        + "(set_recipe_line)"
                ], "\(warnings)")
            #expect(!warnings.contains { $0.contains("lentils") })
            // Numbers keep their token types: macros are doubles (the lentils' kcal), counts integers.
            let text = String(decoding: reply.data, as: UTF8.self)
            #expect(
                text.range(of: #"^\{"kcal":[0-9]+\.[0-9]+,"protein_g":"#, options: .regularExpression) != nil, "\(text)"
            )
            #expect(
                text.contains(#""serves":"#) && text.range(of: #""serves":[0-9]+,"#, options: .regularExpression) != nil
            )
            #expect(text.contains(#""rating":0.0,"#))
        }
    }

    @Test func aParkedMCPImportNamesHardDifficultyAndTheUnknownIngredient() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            let arguments: JSONValue = [
                "name": "Tricky Soufflé", "source_url": "https://cook.example.org/souffle", "difficulty": "hard",
                "kcal": 0,
                "ingredients": [
                    ["name": "eggs", "qty": 4, "unit": "x", "disp": "4"],
                    ["name": "gruyère", "qty": 50, "unit": "g", "disp": "50 g"],
                    ["name": "zqxv dust", "qty": 50, "unit": "g", "disp": "50 g"],
                ],
                "steps": [
                    ["title": "Bake", "detail": "Bake until risen and set. Done when it wobbles only slightly."]
                ],
            ]
            let result = try await server.callTool("import_recipe", arguments, token: token)
            let out = result["structuredContent"]
            #expect(out?["complete"] == false)
            let warnings = out?["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let fix = "to fix, give its line kcal_100, protein_100, carbs_100 and fat_100"
            // An agent's line is weighed as a page's is: the gruyère is USDA's, the dust is no food at all.
            #expect(
                warnings.contains {
                    $0.hasPrefix(
                        "parked: foods that match nothing make up 50 % of the weight (at most 5 %): zqxv dust; \(fix)")
                }, "\(warnings)")
            #expect(!warnings.contains { $0.contains("gruyère") })
            #expect(warnings.contains { $0.hasPrefix("parked: difficulty is hard; to fix, give difficulty") })
            #expect(warnings.contains { $0.hasPrefix("parked: kcal per serving is missing; to fix, give kcal,") })

            // The retry the warning names completes the import.
            var retry = arguments.objectValue ?? [:]
            retry["difficulty"] = "medium"
            retry["kcal"] = 310
            retry["ingredients"] = [
                ["name": "eggs", "qty": 4, "unit": "x", "disp": "4"],
                ["name": "gruyère", "qty": 50, "unit": "g", "disp": "50 g"],
                [
                    "name": "zqxv dust", "qty": 50, "unit": "g", "disp": "50 g", "kcal_100": 410,
                    "protein_100": 27, "carbs_100": 0.4, "fat_100": 33,
                ],
            ]
            let fixed = try await server.callTool("import_recipe", .object(retry), token: token)
            #expect(fixed["structuredContent"]?["complete"] == true, "\(fixed)")
        }
    }

    /// Issue 28 item 20: an address typed without a scheme is read as https.
    @Test func anAddressWithoutASchemeImportsAsHTTPS() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": "cook.example.org/dal", "html": .string(Self.page(kcal: true))], cookie: ada)
            #expect(reply.status == 200, "\(String(decoding: reply.data, as: UTF8.self))")
            #expect(reply.json["source_url"] == "https://cook.example.org/dal")
            #expect(reply.json["source"] == "cook.example.org")
            let refused = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": "ftp://cook.example.org/dal", "html": .string(Self.page(kcal: true))], cookie: ada)
            #expect(refused.status == 400 && refused.detail == "url must be an http(s) URL")
        }
    }

    @Test func badImportBodiesAreRefusedAndWriteNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let before = try await server.get("/api/food/recipes", cookie: ada).json["count"]
            let cases: [(String, Int, JSONValue?)] = [
                ("{", 422, ["body"]),  // invalid JSON
                (#"{"url": 5}"#, 422, ["body", "url"]),  // wrong type
                (#"{"html": "<html></html>"}"#, 422, ["body", "url"]),  // missing field
                // over-long
                (#"{"url": "https://x.example/\#(String(repeating: "a", count: 2100))"}"#, 422, ["body", "url"]),
                (#"{"url": "https://x.example/r", "html": 1e308}"#, 422, ["body", "html"]),  // a number for a string
                (#"{"url": "ftp://x.example/r"}"#, 400, nil),  // not http(s)
                (#"{"url": "https://x.example/r", "html": "<p>no recipe</p>"}"#, 422, nil),  // nothing to import
            ]
            for (body, status, loc) in cases {
                let reply = try await server.raw("POST", "/api/food/recipes/import", body: Data(body.utf8), cookie: ada)
                #expect(reply.status == status, "\(body.prefix(60))")
                #expect(reply.json["detail"] != nil)
                if let loc { #expect(reply.json["detail"]?.arrayValue?.first?["loc"] == loc, "\(body.prefix(60))") }
            }
            let huge = String(repeating: "x", count: 5 * 1024 * 1024 + 1)
            let tooBig = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": "https://x.example/r", "html": .string(huge)], cookie: ada)
            #expect(tooBig.status == 413 || tooBig.json["detail"]?.arrayValue?.first?["loc"] == ["body", "html"])
            #expect(try await server.get("/api/food/recipes", cookie: ada).json["count"] == before)
        }
    }
}
