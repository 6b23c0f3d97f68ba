import ForgeCore
import Foundation
import Testing

@testable import ForgeAPI

/// Invalid MCP tool arguments are tool errors that write nothing; OAuth
/// register/token refuse bad input in the OAuth error shape; reply bytes keep
/// each number's declared form.
@Suite(.serialized) struct MCPInputTests {
    static func long(_ n: Int) -> JSONValue { .string(String(repeating: "a", count: n)) }

    /// `base` with `key` set to `value` (`nil` removes it).
    static func with(_ base: JSONValue, _ key: String, _ value: JSONValue?) -> JSONValue {
        guard case .object(var o) = base else { return base }
        o[key] = value
        return .object(o)
    }

    /// Calls `tool` and expects a tool error whose text names `argument` (when given).
    static func expectToolError(
        _ server: TestServer, _ tool: String, _ arguments: JSONValue, token: String,
        naming argument: String?, _ label: String
    ) async throws {
        let reply = try await server.rpc("tools/call", ["name": .string(tool), "arguments": arguments], token: token)
        #expect(
            reply.status == 200 && reply.json["error"] == nil,
            "\(tool) \(label): JSON-RPC error instead of a tool error")
        let result = reply.json["result"]
        let text = result?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(result?["isError"] == true, "\(tool) \(label): not a tool error: \(result ?? .null)")
        #expect(result?["structuredContent"] == nil, "\(tool) \(label)")
        if let argument { #expect(text.contains(argument), "\(tool) \(label): \(text)") }
    }

    static let lunch: JSONValue = [
        "description": "Burrito bowl", "date": "2026-07-20", "slot": "lunch", "kcal": 720,
        "protein_g": 38.5, "venue": "Taqueria", "cost": 11.5, "currency": "GBP",
    ]

    @Test func logFoodRefusesBadArgumentsAndWritesNothing() async throws {
        try await withTestServer { server in
            let ada = try server.ingestToken("ada@example.org")
            let cases: [(String, JSONValue, String?)] = [
                ("label over 120", Self.with(Self.lunch, "description", Self.long(121)), "description"),
                ("blank description", Self.with(Self.lunch, "description", "   "), "description"),
                ("description a number", Self.with(Self.lunch, "description", 123), "description"),
                ("no description", Self.with(Self.lunch, "description", nil), "description"),
                ("no kcal", Self.with(Self.lunch, "kcal", nil), "kcal"),
                ("kcal 1e308", Self.with(Self.lunch, "kcal", .double(1e308)), "kcal"),
                ("kcal \"1e999\"", Self.with(Self.lunch, "kcal", "1e999"), "kcal"),
                ("kcal negative", Self.with(Self.lunch, "kcal", -5), "kcal"),
                ("kcal not a number", Self.with(Self.lunch, "kcal", "lots"), "kcal"),
                ("protein 1e308", Self.with(Self.lunch, "protein_g", .double(1e308)), "protein_g"),
                ("sodium negative", Self.with(Self.lunch, "sodium_mg", -1), "sodium_mg"),
                ("note over 4000", Self.with(Self.lunch, "note", Self.long(4001)), "note"),
                ("venue over 80", Self.with(Self.lunch, "venue", Self.long(81)), "venue"),
                ("currency over 8", Self.with(Self.lunch, "currency", Self.long(9)), "currency"),
                ("cost 1e308", Self.with(Self.lunch, "cost", .double(1e308)), "cost"),
                ("cost negative", Self.with(Self.lunch, "cost", -1), "cost"),
                ("servings 0", Self.with(Self.lunch, "servings", 0), "servings"),
                ("servings 1000", Self.with(Self.lunch, "servings", 1000), "servings"),
                ("client_id over 40", Self.with(Self.lunch, "client_id", Self.long(41)), "client_id"),
                (
                    "photos 11",
                    Self.with(Self.lunch, "photos", .array(Array(repeating: "https://x.example/p.jpg", count: 11))),
                    "photos"
                ),
                ("photos not strings", Self.with(Self.lunch, "photos", [1]), "photos"),
                ("estimated not a boolean", Self.with(Self.lunch, "estimated", "maybe"), "estimated"),
                ("slot unknown", Self.with(Self.lunch, "slot", "brunch"), "slot"),
                ("bad date", Self.with(Self.lunch, "date", "2026-13-45"), "bad date"),
                ("year 1800", Self.with(Self.lunch, "date", "1800-01-01"), "date"),
                ("arguments not an object", "lunch", "arguments"),
            ]
            for (label, arguments, argument) in cases {
                try await Self.expectToolError(server, "log_food", arguments, token: ada, naming: argument, label)
            }
            let day = try await server.callTool("get_food_log", ["date": "2026-07-20"], token: ada)
            #expect(day["structuredContent"]?["days"]?.arrayValue?.first?["logged"] == [])
            let cookie = try await server.signIn("ada@example.org")
            let week = try await server.get("/api/food/week?date=2026-07-20", cookie: cookie).json
            #expect(week["days"]?.arrayValue?.allSatisfy { $0["totals"]?["kcal"]?.doubleValue == 0 } == true)
            // The limits themselves pass: a 120-character label, a 4,000-character note.
            var edge = Self.with(Self.lunch, "description", Self.long(120))
            edge = Self.with(edge, "note", Self.long(4000))
            let ok = try await server.callTool("log_food", edge, token: ada)
            #expect(ok["isError"] == false)
            #expect(ok["structuredContent"]?["logged"]?.arrayValue?.first?["label"] == Self.long(120))
        }
    }

    @Test func deleteFoodLogRefusesBadArguments() async throws {
        try await withTestServer { server in
            let ada = try server.ingestToken("ada@example.org")
            let logged = try await server.callTool("log_food", Self.lunch, token: ada)
            #expect(logged["isError"] == false)
            for (label, arguments) in [
                ("missing", [:]), ("number", ["log_id": 5]), ("empty", ["log_id": ""]),
                ("over-long", ["log_id": Self.long(65)]),
            ] as [(String, JSONValue)] {
                try await Self.expectToolError(
                    server, "delete_food_log", arguments, token: ada, naming: "log_id", label)
            }
            let day = try await server.callTool("get_food_log", ["date": "2026-07-20"], token: ada)
            #expect(day["structuredContent"]?["days"]?.arrayValue?.first?["logged"]?.arrayValue?.count == 1)
        }
    }

    static func recipeCount(_ server: TestServer, _ token: String) async throws -> Int? {
        let all = try await server.callTool("search_recipes", ["include_incomplete": true], token: token)
        return all["structuredContent"]?["count"]?.intValue
    }

    @Test func importRecipeRefusesBadArgumentsAndWritesNothing() async throws {
        try await withTestServer { server in
            let ada = try server.ingestToken("ada@example.org")
            let before = try await Self.recipeCount(server, ada)
            let base = MCPTests.importArguments
            let line = base["ingredients"]?.arrayValue?.first ?? [:]
            let step = base["steps"]?.arrayValue?.first ?? [:]
            func lines(_ key: String, _ value: JSONValue?) -> JSONValue {
                Self.with(base, "ingredients", [Self.with(line, key, value)])
            }
            func steps(_ key: String, _ value: JSONValue?) -> JSONValue {
                Self.with(base, "steps", [Self.with(step, key, value)])
            }
            let cases: [(String, JSONValue, String?)] = [
                ("kcal 1e308", Self.with(base, "kcal", .double(1e308)), "kcal"),
                ("kcal \"1e999\"", Self.with(base, "kcal", "1e999"), "kcal"),
                ("protein negative", Self.with(base, "protein_g", -1), "protein_g"),
                ("name a number", Self.with(base, "name", 42), "name"),
                ("name over 1000", Self.with(base, "name", Self.long(1001)), "name"),
                ("no name", Self.with(base, "name", nil), "name"),
                ("no source_url", Self.with(base, "source_url", nil), "source_url"),
                (
                    "source_url over 2048",
                    Self.with(base, "source_url", .string("https://x.example/" + String(repeating: "a", count: 2048))),
                    "source_url"
                ),
                ("minutes negative", Self.with(base, "minutes", -5), "minutes"),
                ("minutes fractional", Self.with(base, "minutes", 2.5), "minutes"),
                ("serves huge", Self.with(base, "serves", 100_000), "serves"),
                ("difficulty unknown", Self.with(base, "difficulty", "extreme"), "difficulty"),
                ("why over 4000", Self.with(base, "why", Self.long(4001)), "why"),
                ("tags 101", Self.with(base, "tags", .array((0...100).map { .string("t\($0)") })), "tags"),
                ("tag over 120", Self.with(base, "tags", [Self.long(121)]), "tags[0]"),
                ("images not strings", Self.with(base, "images", [1]), "images"),
                ("rating_count negative", Self.with(base, "rating_count", -1), "rating_count"),
                ("source over 24", Self.with(base, "source", Self.long(25)), "source"),
                ("ingredients not a list", Self.with(base, "ingredients", "eggs"), "ingredients"),
                ("line name over 1000", lines("name", Self.long(1001)), "ingredients[0].name"),
                ("line disp over 1000", lines("disp", Self.long(1001)), "ingredients[0].disp"),
                ("line qty 1e308", lines("qty", .double(1e308)), "ingredients[0].qty"),
                ("line qty negative", lines("qty", -1), "ingredients[0].qty"),
                ("line kcal_100 1e308", lines("kcal_100", .double(1e308)), "ingredients[0].kcal_100"),
                ("line sodium_100 negative", lines("sodium_100", -2), "ingredients[0].sodium_100"),
                ("line without name", lines("name", nil), "ingredients[0].name"),
                ("step detail over 10000", steps("detail", Self.long(10_001)), "steps[0].detail"),
                ("step title over 1000", steps("title", Self.long(1001)), "steps[0].title"),
                ("step minutes 1e308", steps("minutes", .double(1e308)), "steps[0].minutes"),
                ("step timer not a boolean", steps("timer", "often"), "steps[0].timer"),
                ("steps empty", Self.with(base, "steps", []), "steps required"),
                ("kind unknown", Self.with(base, "kind", "brunch"), "kind"),
            ]
            for (label, arguments, argument) in cases {
                try await Self.expectToolError(server, "import_recipe", arguments, token: ada, naming: argument, label)
            }
            #expect(try await Self.recipeCount(server, ada) == before)
            let orzo = try await server.callTool("list_ingredients", ["query": "orzo"], token: ada)
            #expect(orzo["structuredContent"]?["count"] == 0, "no reference row from a refused import")
            // Generous limits: a 1,000-character line and a long step import fine.
            var big = Self.with(base, "ingredients", [Self.with(line, "disp", Self.long(1000))])
            big = Self.with(
                big, "steps",
                [Self.with(step, "detail", .string(String(repeating: "Stir. ", count: 1500) + "Done when glossy."))])
            let ok = try await server.callTool("import_recipe", big, token: ada)
            #expect(ok["isError"] == false)
            #expect(try await Self.recipeCount(server, ada) == before.map { $0 + 1 })
        }
    }

    @Test func ingredientToolsRefuseBadArgumentsAndWriteNothing() async throws {
        try await withTestServer { server in
            let ben = try server.ingestToken("ben@example.org")
            func row(_ name: String) async throws -> JSONValue? {
                let list = try await server.callTool("list_ingredients", ["query": .string(name)], token: ben)
                return list["structuredContent"]?["ingredients"]?.arrayValue?.first { $0["name"]?.stringValue == name }
            }
            let chickpeas = try #require(try await row("chickpeas"))
            let good: JSONValue = ["name": "farro", "kcal_100": 340, "aisle": "cupboard"]
            let bulk: [(String, JSONValue, String?)] = [
                (
                    "kcal_100 1e308 in the second row",
                    ["ingredients": [good, ["name": "spelt", "kcal_100": .double(1e308)]]],
                    "ingredients[1].kcal_100"
                ),
                (
                    "kcal_100 \"1e999\"", ["ingredients": [["name": "spelt", "kcal_100": "1e999"]]],
                    "ingredients[0].kcal_100"
                ),
                (
                    "protein_100 negative", ["ingredients": [good, ["name": "spelt", "protein_100": -1]]],
                    "ingredients[1].protein_100"
                ),
                ("name over 120", ["ingredients": [good, ["name": Self.long(121)]]], "ingredients[1].name"),
                ("name a number", ["ingredients": [["name": 7]]], "ingredients[0].name"),
                ("row without name", ["ingredients": [["kcal_100": 1]]], "ingredients[0].name"),
                ("pack over 120", ["ingredients": [["name": "spelt", "pack": Self.long(121)]]], "ingredients[0].pack"),
                (
                    "pantry not a boolean", ["ingredients": [["name": "spelt", "pantry": "yes"]]],
                    "ingredients[0].pantry"
                ),
                ("ingredients not a list", ["ingredients": "farro"], "ingredients"),
                ("ingredients missing", [:], "ingredients"),
                ("ingredients empty", ["ingredients": []], "ingredients"),
                ("over 1000 rows", ["ingredients": .array(Array(repeating: good, count: 1001))], "ingredients"),
                ("overwrite not a boolean", ["ingredients": [good], "overwrite": "maybe"], "overwrite"),
            ]
            for (label, arguments, argument) in bulk {
                try await Self.expectToolError(
                    server, "bulk_import_ingredients", arguments, token: ben, naming: argument, label)
            }
            #expect(try await row("farro") == nil, "a refused bulk import writes no row, not even the valid ones")
            #expect(try await row("spelt") == nil)

            let update: [(String, JSONValue, String?)] = [
                ("kcal_100 1e308", ["name": "chickpeas", "kcal_100": .double(1e308)], "kcal_100"),
                ("kcal_100 \"1e999\"", ["name": "chickpeas", "kcal_100": "1e999"], "kcal_100"),
                ("fat_100 negative", ["name": "chickpeas", "fat_100": -3], "fat_100"),
                ("sodium_100 over 100000", ["name": "chickpeas", "sodium_100": 200_000], "sodium_100"),
                ("pantry not a boolean", ["name": "chickpeas", "pantry": "yes"], "pantry"),
                ("name over 120", ["name": Self.long(121), "kcal_100": 1], "name"),
                ("no name", ["kcal_100": 1], "name"),
            ]
            for (label, arguments, argument) in update {
                try await Self.expectToolError(
                    server, "update_ingredient", arguments, token: ben, naming: argument, label)
            }
            for (label, arguments) in [
                ("missing", [:]), ("number", ["name": 3]), ("over 120", ["name": Self.long(121)]),
            ]
                as [(String, JSONValue)]
            {
                try await Self.expectToolError(
                    server, "delete_ingredient", arguments, token: ben, naming: "name", label)
            }
            #expect(try await row("chickpeas") == chickpeas, "chickpeas unchanged and still there")
            // Table salt's sodium (≈ 38,800 mg per 100 g) is in range.
            let salt = try await server.callTool(
                "update_ingredient", ["name": "chickpeas", "sodium_100": 38_758], token: ben)
            #expect(salt["isError"] == false)
        }
    }

    @Test func replyBytesKeepNumberFormsByType() async throws {
        try await withTestServer { server in
            let ada = try server.ingestToken("ada@example.org")
            let reply = try await server.rpc(
                "tools/call", ["name": "log_food", "arguments": Self.lunch], id: 7, token: ada)
            let text = String(decoding: reply.data, as: UTF8.self)
            #expect(text.hasPrefix("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":"), "\(text.prefix(60))")
            #expect(text.contains("\"kcal\":720.0"), "a kcal sent as 720 answers 720.0")
            #expect(text.contains("\"servings\":1.0") && text.contains("\"cost\":11.5"))
            #expect(!text.contains("\"kcal\":720,"))
            // The text content carries the same JSON.
            let inner = reply.json["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
            #expect(inner.contains("\"kcal\":720.0") && inner.contains("\"duplicate\":false"))
            let list = try await server.rpc(
                "tools/call", ["name": "list_ingredients", "arguments": ["query": "chickpeas"]],
                token: ada)
            let listText = String(decoding: list.data, as: UTF8.self)
            #expect(
                listText.contains("\"count\":1,") || listText.contains("\"count\":1}"),
                "an integer count stays an integer")
            #expect(listText.range(of: #""kcal_100":[0-9]+\.[0-9]+"#, options: .regularExpression) != nil)
            let err = try await server.rpc("nope/nope", id: 9, token: ada)
            #expect(String(decoding: err.data, as: UTF8.self).contains("\"code\":-32601"))
            // Result and error replies decode as the declared type and fit the published schema.
            let document = try await server.get("/api/openapi.json").json
            let op = try #require(
                server.app.makeRoutes().operations.first { $0.pattern == "/mcp" && $0.method == .POST })
            let schema =
                document["paths"]?["/mcp"]?["post"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]
                ?? [:]
            for answer in [reply, list, err] {
                try op.response!.check(answer.data)
                #expect(SchemaValidator(document: document).errors(answer.json, schema).isEmpty)
            }
        }
    }

    @Test func toolSchemasComeFromTheArgumentTypes() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            let tools = try await server.rpc("tools/list", token: token).json["result"]?["tools"]?.arrayValue ?? []
            func schema(_ name: String) -> JSONValue? {
                tools.first { $0["name"]?.stringValue == name }?["inputSchema"]
            }
            let log = try #require(schema("log_food"))
            #expect(log["type"] == "object")
            #expect(Set(log["required"]?.arrayValue?.compactMap(\.stringValue) ?? []) == ["description", "kcal"])
            #expect(
                log["properties"]?["kcal"]?["type"] == "number" && log["properties"]?["client_id"]?["type"] == "string")
            #expect(log["properties"]?["slot"]?["enum"]?.arrayValue?.count == 4)
            let bulk = try #require(schema("bulk_import_ingredients"))
            #expect(bulk["properties"]?["ingredients"]?["items"]?["properties"]?["kcal_100"]?["type"] == "number")
            let recipe = try #require(schema("import_recipe"))
            #expect(recipe["properties"]?["steps"]?["items"]?["required"]?.arrayValue?.contains("detail") == true)
            let listed = String(decoding: try JSONCoding.encode(JSONValue.array(tools)), as: UTF8.self)
            #expect(!listed.contains("$ref") && !listed.contains("anyOf"), "tool schemas are inline and plain")
        }
    }
}
