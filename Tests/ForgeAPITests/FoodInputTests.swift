import ForgeAPI
import ForgeCore
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The food routes' typed inputs and answers (docs/contract.md §1.1, §1.4, §3.15):
/// every refused write is a 4xx with a JSON body and writes nothing; the
/// food week answers whatever the meal log holds; numbers keep their form.
@Suite(.serialized) struct FoodInputTests {
    static let monday = "2026-07-20"
    static let tuesday = "2026-07-21"

    /// A body that decodes but does not fit, the status it gets, and the
    /// field `detail[0].loc` names (422) or the contract's message (400).
    typealias Case = (body: String, status: Int, field: JSONValue?)

    static let mealLogCases: [Case] = [
        (#"{"slot":"dinner","label":"Pizza","kcal":600"#, 422, nil),  // invalid JSON
        (#"["slot","dinner"]"#, 422, nil),  // not an object
        (#"{"slot":5,"label":"Pizza","kcal":600}"#, 422, "slot"),  // wrong type
        (#"{"slot":"dinner","label":12,"kcal":600}"#, 422, "label"),
        (#"{"slot":"dinner","label":"Pizza","kcal":"lots"}"#, 422, "kcal"),
        (#"{"slot":"dinner","label":"Pizza","kcal":600,"estimated":"maybe"}"#, 422, "estimated"),
        (#"{"slot":"dinner","label":"Pizza","kcal":600,"photos":"x"}"#, 422, "photos"),
        (#"{"label":"Pizza","kcal":600}"#, 422, "slot"),  // missing required
        (#"{"slot":"dinner","label":"Pizza","kcal":1e308}"#, 422, "kcal"),  // huge
        (#"{"slot":"dinner","label":"Pizza","kcal":"1e999"}"#, 422, "kcal"),  // non-finite
        (#"{"slot":"dinner","label":"Pizza","kcal":10000.5}"#, 422, "kcal"),
        (#"{"slot":"dinner","label":"Pizza","kcal":600,"sodium_mg":1e12}"#, 422, "sodium_mg"),
        (#"{"slot":"dinner","label":"Pizza","kcal":600,"protein_g":-1}"#, 422, "protein_g"),  // negative
        (#"{"slot":"dinner","label":"Pizza","kcal":600,"cost":-3}"#, 422, "cost"),
        (#"{"slot":"dinner","label":"Pizza","kcal":600,"cost":1e300}"#, 422, "cost"),
        (#"{"slot":"dinner","recipe":"harissa-chicken-traybake","servings":1e308}"#, 422, "servings"),
        (#"{"slot":"dinner","recipe":"harissa-chicken-traybake","servings":-2}"#, 422, "servings"),
        (#"{"slot":"dinner","label":"Pizza","kcal":600,"date":"2500-01-01"}"#, 422, "date"),
        (#"{"slot":"supper","label":"Pizza","kcal":600}"#, 400, nil),
        (#"{"slot":"dinner","label":"Pizza","kcal":600,"date":"soon"}"#, 400, nil),
    ]

    /// Over-long strings and lists, built rather than spelled out.
    static func longCases() -> [(JSONValue, JSONValue)] {
        let long = { (n: Int) in JSONValue.string(String(repeating: "x", count: n)) }
        let base: [String: JSONValue] = ["slot": "dinner", "label": "Pizza", "kcal": 600]
        func with(_ key: String, _ value: JSONValue) -> JSONValue { .object(base.merging([key: value]) { $1 }) }
        return [
            (with("label", long(121)), "label"),
            (with("label", long(1_000_000)), "label"),
            (with("note", long(4001)), "note"),
            (with("venue", long(81)), "venue"),
            (with("currency", long(9)), "currency"),
            (with("client_id", long(41)), "client_id"),
            (with("source", long(25)), "source"),
            (with("recipe", long(121)), "recipe"),
            (with("photos", .array([long(2001)])), "photos"),
            (
                with(
                    "photos",
                    .array([
                        .string("https://example.org/a.jpg"),
                        .string("/api/food/media/" + String(repeating: "a", count: 3000)),
                    ])), "photos"
            ),
            (with("photos", .array(Array(repeating: .string("https://example.org/a.jpg"), count: 11))), "photos"),
        ]
    }

    @Test func everyRefusedMealLogIsA4xxWithAJSONBodyAndWritesNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            // A dinner logged first must survive every refused replacement.
            _ = try await server.logMeal(
                ["date": .string(Self.monday), "slot": "dinner", "label": "Soup", "kcal": 310],
                cookie: ada)
            let before = try await server.get("/api/food/week?date=\(Self.monday)", cookie: ada)
            for (body, status, field) in Self.mealLogCases {
                let reply = try await server.foodRaw("POST", "/api/food/log", body: body, cookie: ada)
                #expect(reply.status == status, "\(body)")
                #expect(reply.json["detail"] != nil && reply.json["detail"] != .null, "\(body)")
                if let field {
                    #expect(reply.loc?.dropFirst().first == field, "\(body)")
                }
            }
            for (body, field) in Self.longCases() {
                let reply = try await server.logMeal(body, cookie: ada)
                #expect(reply.status == 422, "\(field)")
                #expect(reply.loc?.dropFirst().first == field, "\(field)")
            }
            #expect(try server.mealLogCount(adaID) == 1)
            let after = try await server.get("/api/food/week?date=\(Self.monday)", cookie: ada)
            #expect(after.status == 200 && after.data == before.data)
        }
    }

    @Test func theBoundsThemselvesAreAccepted() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "snack", "label": .string(String(repeating: "l", count: 120)),
                    "kcal": 10_000, "sodium_mg": 10_000, "servings": 100, "cost": 0,
                    "note": .string(String(repeating: "n", count: 4000)),
                    "photos": .array(
                        Array(
                            repeating: .string("https://example.org/" + String(repeating: "p", count: 1980)),
                            count: 10)),
                ], cookie: ada)
            #expect(reply.status == 200)
            #expect(reply.json["totals"]?["kcal"]?.doubleValue == 10_000)
        }
    }

    /// A `data:` photo is not held to the 2,000-character reference cap: it
    /// keeps its own rule (a strictly base64 image of at most 3 MiB, 400
    /// `photo N: …` when stored). The test server's 1 MiB body cap keeps the
    /// 3 MiB case itself out of reach here; ForgeCook's media tests cover it.
    @Test func aDataURLPhotoKeepsItsOwnRule() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 600_000)
            let stored = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "snack", "label": "Cake", "kcal": 300,
                    "photos": [.string("data:image/png;base64," + png.base64EncodedString())],
                ],
                cookie: ada)
            #expect(stored.status == 200)
            let notAnImage = Data(count: 3000).base64EncodedString()
            let refused = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "snack", "label": "Pie", "kcal": 300,
                    "photos": [.string("data:image/png;base64," + notAnImage)],
                ],
                cookie: ada)
            #expect(refused.status == 400 && refused.detail == "photo 1: bytes are not a recognised image")
            #expect(try server.mealLogCount(try server.userID("ada@example.org")) == 1)
            let photos: String? = try server.app.db.read {
                try $0.scalar("SELECT photos FROM meal_logs WHERE id = ?", [stored.json["id"]?.stringValue ?? ""])
            }
            #expect(photos?.hasPrefix(#"["/api/food/media/"#) == true)
        }
    }

    @Test func twoHugeMealsAreRefusedAndTheWeekStaysReadable() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            for _ in 0..<2 {
                let reply = try await server.logMeal(
                    [
                        "date": .string(Self.monday), "slot": "snack", "label": "Cake",
                        "kcal": 1e308,
                    ], cookie: ada)
                #expect(reply.status == 422 && reply.loc == ["body", "kcal"])
            }
            #expect(try server.mealLogCount(try server.userID("ada@example.org")) == 0)
            let week = try await server.get("/api/food/week?date=\(Self.monday)", cookie: ada)
            #expect(week.status == 200 && week.json["days"]?.arrayValue?.first?["totals"]?["kcal"]?.doubleValue == 0)
        }
    }

    @Test func theFoodWeekAnswersWhateverTheLogHolds() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            // Rows as an older build (or a hand edit) could have left them: 1e308 twice sums to infinity.
            try server.app.db.write { db in
                for (id, slot) in [("huge1", "snack"), ("huge2", "snack"), ("huge3", "dinner")] {
                    try db.execute(
                        """
                        INSERT INTO meal_logs (id, user_id, day, slot, label, kcal, protein_g, cost, note, photos, created_at)
                        VALUES (?, ?, ?, ?, 'Cake', 1e308, 9e999, 9e999, ?, '[]', '2026-07-20T12:00:00+00:00')
                        """, [id, adaID, Self.monday, slot, String(repeating: "n", count: 10)])
                }
            }
            let week = try await server.get("/api/food/week?date=\(Self.monday)", cookie: ada)
            #expect(week.status == 200)
            let monday = week.json["days"]?.arrayValue?.first
            #expect(monday?["totals"]?["kcal"]?.doubleValue == Double.greatestFiniteMagnitude)
            #expect(monday?["totals"]?["protein_g"]?.doubleValue == Double.greatestFiniteMagnitude)
            #expect(monday?["extras"]?.arrayValue?.first?["cost"]?.doubleValue == Double.greatestFiniteMagnitude)
            let dinner = try await server.foodSlot(Self.monday, day: 0, "dinner", cookie: ada)
            #expect(dinner?["macros"]?["protein_g"]?.doubleValue == Double.greatestFiniteMagnitude)

            // Writes and removals on that day still answer.
            let logged = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "snack", "label": "Tea",
                    "kcal": 20,
                ], cookie: ada)
            #expect(
                logged.status == 200 && logged.json["totals"]?["kcal"]?.doubleValue == Double.greatestFiniteMagnitude)
            let removed = try await server.request("DELETE", "/api/food/log/huge1", cookie: ada)
            #expect(removed.status == 200 && removed.json["ok"] == true)
        }
    }

    @Test func numbersKeepTheirFormAndMembersTheContractOrder() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "snack", "label": "Apple",
                    "kcal": 80,
                ], cookie: ada)
            let text = String(decoding: reply.data, as: UTF8.self)
            let id = try #require(reply.json["id"]?.stringValue)
            #expect(
                text
                    == #"{"id":"\#(id)","duplicate":false,"totals":{"kcal":80.0,"protein_g":0.0,"carbs_g":0.0,"sugar_g":0.0,"fiber_g":0.0,"fat_g":0.0,"satfat_g":0.0,"sodium_mg":0.0,"complete":true,"unknown":[]}}"#
            )

            // Monday plans a snack, which claims the first; the second is an extra.
            let pear = try await server.logMeal(
                [
                    "date": .string(Self.monday), "slot": "snack", "label": "Pear",
                    "kcal": 50, "cost": 2,
                ], cookie: ada)
            let pearID = try #require(pear.json["id"]?.stringValue)
            let week = String(
                decoding: try await server.get("/api/food/week?date=\(Self.monday)", cookie: ada).data,
                as: UTF8.self)
            #expect(week.hasPrefix(#"{"start":"2026-07-20","today":"#))
            #expect(week.contains(#"{"date":"2026-07-20","day_name":"Monday","is_today":"#))
            // The extra: macros first, then id … photos; cost a float, photos a list.
            #expect(
                week.contains(
                    #"{"kcal":50.0,"protein_g":0.0,"carbs_g":0.0,"sugar_g":0.0,"fiber_g":0.0,"fat_g":0.0,"satfat_g":0.0,"sodium_mg":0.0,"id":"\#(pearID)","slot":"snack","label":"Pear","estimated":false,"venue":"","cost":2.0,"currency":"","note":"","photos":[]}"#
                ))
            // A slot not yet logged: log_id null; a recipe card's integers stay integers.
            #expect(week.contains(#""logged":false,"log_id":null,"#))
            let card = try #require(week.range(of: #""slug":"harissa-chicken-traybake","#))
            let tail = week[card.upperBound...].prefix(300)
            #expect(tail.contains(#","serves":"#) && !tail.contains(#""serves":2.0"#))
            #expect(tail.range(of: #""minutes":\d+,"#, options: .regularExpression) != nil)

            let recipe = String(
                decoding: try await server.get("/api/food/recipes/harissa-chicken-traybake", cookie: ada).data,
                as: UTF8.self)
            #expect(recipe.hasPrefix(#"{"kcal":"#))
            #expect(recipe.range(of: #""rating":\d+\.\d+,"steps":\["#, options: .regularExpression) != nil)
        }
    }

    @Test func refusedSlotEditsAre4xxWithAJSONBodyAndChangeNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let before = try await server.get("/api/food/week?date=\(Self.tuesday)", cookie: ada)
            let cases: [Case] = [
                (#"{"date":"2026-07-21","recipe":"#, 422, nil),
                (#"{"date":"2026-07-21","recipe":5}"#, 422, "recipe"),
                (#"{"date":"2026-07-21","recipe":"miso-salmon-greens","slot":7}"#, 422, "slot"),
                (#"{"date":"2026-07-21"}"#, 422, "recipe"),
                (#"{"date":"2026-07-21","recipe":"\#(String(repeating: "r", count: 121))"}"#, 422, "recipe"),
                (#"{"date":"1e999","recipe":"miso-salmon-greens"}"#, 400, nil),
                (#"{"date":-1,"recipe":"miso-salmon-greens"}"#, 422, "date"),
                (#"{"date":"1066-10-14","recipe":"miso-salmon-greens"}"#, 422, "date"),
                (#"{"date":"2026-07-21","recipe":"miso-salmon-greens","slot":"elevenses"}"#, 400, nil),
            ]
            for (body, status, field) in cases {
                let reply = try await server.foodRaw("PATCH", "/api/food/week/slot", body: body, cookie: ada)
                #expect(reply.status == status, "\(body)")
                #expect(reply.json["detail"] != nil, "\(body)")
                if let field { #expect(reply.loc?.dropFirst().first == field, "\(body)") }
            }
            let after = try await server.get("/api/food/week?date=\(Self.tuesday)", cookie: ada)
            #expect(after.data == before.data)
        }
    }

    @Test func badQueriesAreRefusedNamingTheParameter() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let bad = try await server.get("/api/food/week?date=next-week", cookie: ada)
            #expect(bad.status == 400 && bad.detail == "bad date")
            let far = try await server.get("/api/food/week?date=2999-01-01", cookie: ada)
            #expect(far.status == 422 && far.loc == ["query", "date"])
            let kind = try await server.get("/api/food/recipes?kind=supper", cookie: ada)
            #expect(kind.status == 422 && kind.loc == ["query", "kind"])
            let q = try await server.get("/api/food/recipes?q=\(String(repeating: "q", count: 121))", cookie: ada)
            #expect(q.status == 422 && q.loc == ["query", "q"])
            let empty = try await server.get("/api/food/recipes?q=&kind=", cookie: ada)
            #expect(empty.status == 200 && (empty.json["count"]?.intValue ?? 0) > 0)
        }
    }
}

extension TestServer.Reply {
    /// `detail[0].loc` of a 422 body.
    var loc: [JSONValue]? { json["detail"]?.arrayValue?.first?["loc"]?.arrayValue }
}

extension TestServer {
    /// Sends `body` as the raw request body (for JSON that `JSONValue` cannot hold).
    func foodRaw(_ method: String, _ path: String, body: String, cookie: String) async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return try await send(request, cookie: cookie, headers: [:])
    }
}

extension FoodInputTests {
    @Test func theOpenAPIDocumentDescribesTheFoodShapesInContractOrder() async throws {
        try await withTestServer { server in
            let schemas = try await server.get("/api/openapi.json").json["components"]?["schemas"]
            func required(_ name: String) -> [String] {
                schemas?[name]?["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            }
            #expect(required("FoodWeek") == ["start", "today", "has_plan", "rationale", "targets", "days"])
            #expect(required("FoodSlot") == ["slot", "logged", "log_id", "why"])
            #expect(
                required("RecipeCard") == [
                    "kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g",
                    "sodium_mg", "slug", "name", "kind", "minutes", "difficulty", "serves",
                    "batch", "platefig", "why", "image", "rating",
                ])
            #expect(required("RecipeListing").suffix(3) == ["tags", "source", "complete"])
            #expect(required("MealLogBody") == ["slot"] && required("FoodSlotEdit") == ["recipe"])
            #expect(schemas?["FoodProposal"]?["properties"]?["recipes"]?["additionalProperties"] != nil)
        }
    }
}
