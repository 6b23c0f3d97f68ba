import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TestServer {
    /// The seeded ingest token of the member with `email`.
    func ingestToken(_ email: String) throws -> String {
        try app.db.read { db in
            try db.scalar(
                "SELECT token FROM ingest_tokens WHERE user_id = (SELECT id FROM users WHERE email = ?)",
                [email]) ?? ""
        }
    }

    /// One JSON-RPC POST to /mcp.
    func rpc(_ method: String, _ params: JSONValue = [:], id: JSONValue = 1, token: String) async throws -> Reply {
        try await request(
            "POST", "/mcp", json: ["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params],
            headers: ["Authorization": "Bearer " + token])
    }

    func callTool(_ name: String, _ arguments: JSONValue, token: String) async throws -> JSONValue {
        try await rpc("tools/call", ["name": .string(name), "arguments": arguments], token: token).json["result"]
            ?? .null
    }
}

@Suite(.serialized) struct MCPTests {
    static var importArguments: JSONValue {
        [
            "name": "Lemon Prawn Orzo", "source_url": "https://cook.example.org/orzo", "kcal": 510, "protein_g": 34,
            "ingredients": [
                ["name": "prawns, raw", "qty": 300, "unit": "g", "disp": "300 g"],
                ["name": "orzo", "qty": 200, "unit": "g", "disp": "200 g", "kcal_100": 350, "protein_100": 12],
            ],
            "steps": [
                [
                    "title": "Boil", "detail": "Simmer the orzo. Done when it is tender — about 9 minutes.",
                    "minutes": 9, "parallel": true,
                ]
            ],
        ]
    }

    @Test func transportRulesAnswerAsTheContractSays() async throws {
        try await withTestServer(transport: .socket) { server in
            let none = try await server.request("POST", "/mcp", json: ["jsonrpc": "2.0", "id": 1, "method": "ping"])
            #expect(none.status == 401 && none.json["error"]?.stringValue == "missing bearer token")
            #expect(none.header("WWW-Authenticate")?.contains("resource_metadata=\"http://127.0.0.1:") == true)
            #expect(none.header("WWW-Authenticate")?.hasSuffix("/.well-known/oauth-protected-resource/mcp\"") == true)
            let wrong = try await server.rpc("ping", token: "fg_nope")
            #expect(wrong.status == 401 && wrong.json["error"] == "invalid token")

            let get = try await server.get("/mcp")
            #expect(get.status == 405 && get.header("Allow") == "POST")

            let token = try server.ingestToken("ada@example.org")
            let auth = ["Authorization": "Bearer " + token]
            var raw = URLRequest(url: URL(string: server.baseURL + "/mcp")!)
            raw.httpMethod = "POST"
            raw.httpBody = Data("{nope".utf8)
            raw.setValue(auth["Authorization"], forHTTPHeaderField: "Authorization")
            let (data, response) = try await TestServer.session.data(for: raw)
            let parse = try JSONCoding.decode(JSONValue.self, from: data)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            #expect(parse["error"]?["code"] == -32700 && parse["id"] == .null)

            let batch = try await server.request(
                "POST", "/mcp", json: [["jsonrpc": "2.0", "id": 1, "method": "ping"]],
                headers: auth)
            #expect(batch.status == 400 && batch.json["error"]?["code"] == -32600)
            let note = try await server.request(
                "POST", "/mcp", json: ["jsonrpc": "2.0", "method": "notifications/initialized"],
                headers: auth)
            #expect(note.status == 202 && note.data.isEmpty)

            for (asked, answered) in [
                ("2025-03-26", "2025-03-26"), ("2025-11-25", "2025-11-25"), ("1999-01-01", "2025-06-18"),
            ] {
                let reply = try await server.rpc(
                    "initialize",
                    [
                        "protocolVersion": .string(asked), "capabilities": [:],
                        "clientInfo": ["name": "t", "version": "1"],
                    ], token: token)
                #expect(reply.json["result"]?["protocolVersion"]?.stringValue == answered)
                #expect(reply.json["result"]?["serverInfo"]?["name"] == "forge-food")
            }
            let ping = try await server.rpc("ping", id: "abc", token: token)
            #expect(ping.json["id"] == "abc" && ping.json["result"] == .object([:]))
            let unknown = try await server.rpc("resources/list", token: token)
            #expect(unknown.status == 200 && unknown.json["error"]?["code"] == -32601)
            #expect(unknown.json["error"]?["message"] == "method not found: resources/list")
            let badTool = try await server.rpc("tools/call", ["name": "nope"], token: token)
            #expect(
                badTool.json["error"]?["code"] == -32602 && badTool.json["error"]?["message"] == "unknown tool: nope")
        }
    }

    @Test func statelessRevisionIsServedWithoutAHandshake() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            let meta: JSONValue = [
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": [:],
            ]
            let discover = try await server.rpc("server/discover", ["_meta": meta], token: token)
            let result = discover.json["result"]
            #expect(result?["supportedVersions"]?.arrayValue?.contains("2026-07-28") == true)
            #expect(result?["resultType"] == "complete" && result?["cacheScope"] == "private" && result?["ttlMs"] == 0)
            let list = try await server.rpc("tools/list", ["_meta": meta], token: token)
            #expect(list.json["result"]?["resultType"] == "complete")
            let old = try await server.rpc("tools/list", token: token)
            #expect(old.json["result"]?["resultType"] == nil)
            let future = try await server.rpc(
                "tools/list", ["_meta": ["io.modelcontextprotocol/protocolVersion": "2099-01-01"]],
                token: token)
            #expect(future.json["error"]?["code"] == -32022)
        }
    }

    @Test func toolsListSearchGetAndImport() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            let tools = try await server.rpc("tools/list", token: token).json["result"]?["tools"]?.arrayValue ?? []
            let names = Set(tools.compactMap { $0["name"]?.stringValue })
            #expect(
                names == [
                    "search_recipes", "get_recipe", "import_recipe", "list_ingredients",
                    "bulk_import_ingredients", "update_ingredient", "delete_ingredient",
                    "log_food", "get_food_log", "delete_food_log", "get_shopping_list", "search_foods",
                    "set_recipe_line",
                ])
            let importTool = tools.first { $0["name"] == "import_recipe" }
            #expect(importTool?["inputSchema"]?["required"]?.arrayValue?.contains("source_url") == true)

            let search = try await server.callTool("search_recipes", ["query": "salmon"], token: token)
            #expect(search["isError"] == false)
            let found =
                search["structuredContent"]?["recipes"]?.arrayValue?.compactMap { $0["slug"]?.stringValue } ?? []
            #expect(Set(found) == ["miso-salmon-greens", "salmon-puy-lentils"])
            let shown =
                search["structuredContent"]?["recipes"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(shown == shown.sorted())
            #expect(search["content"]?.arrayValue?.first?["type"] == "text")

            let missing = try await server.callTool("get_recipe", ["slug": "nope"], token: token)
            #expect(
                missing["isError"] == true && missing["content"]?.arrayValue?.first?["text"] == "unknown recipe slug")

            let imported = try await server.callTool("import_recipe", Self.importArguments, token: token)
            let out = imported["structuredContent"]
            #expect(out?["slug"] == "lemon-prawn-orzo" && out?["updated"] == false && out?["complete"] == true)
            #expect(out?["ingredients_added"] == .strings(["orzo"]))
            #expect(out?["app_path"] == "/api/food/recipes/lemon-prawn-orzo")
            let recipe = try await server.callTool("get_recipe", ["slug": "lemon-prawn-orzo"], token: token)
            #expect(recipe["structuredContent"]?["steps"]?.arrayValue?.first?["timer"] == true)
            #expect(recipe["structuredContent"]?["kcal"]?.doubleValue == 510)

            var renamed = Self.importArguments
            if case .object(var o) = renamed {
                o["slug"] = "another-slug"
                o["difficulty"] = "hard"
                renamed = .object(o)
            }
            let again = try await server.callTool("import_recipe", renamed, token: token)
            #expect(again["structuredContent"]?["slug"] == "lemon-prawn-orzo")
            #expect(again["structuredContent"]?["updated"] == true && again["structuredContent"]?["complete"] == false)

            var seed = Self.importArguments
            if case .object(var o) = seed {
                o["slug"] = "oats-no1"
                o["source_url"] = "https://x.example/o"
                seed = .object(o)
            }
            let refused = try await server.callTool("import_recipe", seed, token: token)
            #expect(
                refused["isError"] == true
                    && refused["content"]?.arrayValue?.first?["text"] == "cannot overwrite seed recipe oats-no1")
            let noSteps = try await server.callTool(
                "import_recipe",
                [
                    "name": "x", "source_url": "https://x.example/", "kcal": 1,
                    "protein_g": 1, "ingredients": [["name": "eggs"]],
                    "steps": [],
                ], token: token)
            #expect(noSteps["content"]?.arrayValue?.first?["text"] == "steps required")
        }
    }

    @Test func ingredientToolsFollowTheFieldRules() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ben@example.org")
            let bulk = try await server.callTool(
                "bulk_import_ingredients",
                [
                    "ingredients": [
                        ["name": " orzo ", "kcal_100": 350.04, "aisle": "cupboard"], ["name": ""],
                        ["name": "eggs", "kcal_100": 1], ["name": "orzo", "unit": "litre", "pack": "500 g bag"],
                    ],
                    "overwrite": false,
                ], token: token)
            let out = bulk["structuredContent"]
            #expect(out?["created"] == .strings(["orzo"]) && out?["skipped"] == .strings(["(unnamed)", "eggs"]))
            #expect(out?["count"] == 1)
            let list = try await server.callTool("list_ingredients", ["query": "orz"], token: token)
            let row = list["structuredContent"]?["ingredients"]?.arrayValue?.first
            #expect(row?["kcal_100"]?.doubleValue == 350.0 && row?["unit"] == "g" && row?["pack"] == "500 g bag")
            let updated = try await server.callTool(
                "update_ingredient", ["name": "orzo", "aisle": "dairy", "pantry": true],
                token: token)
            #expect(updated["structuredContent"]?["ingredient"]?["aisle"] == "dairy")
            let deleted = try await server.callTool("delete_ingredient", ["name": "chickpeas"], token: token)
            #expect(deleted["structuredContent"]?["deleted"] == true)
            #expect((deleted["structuredContent"]?["recipes_referencing"]?.intValue ?? 0) >= 1)
            let gone = try await server.callTool("delete_ingredient", ["name": "chickpeas"], token: token)
            #expect(gone["isError"] == true)
        }
    }
}
