import ForgeAPI
import ForgeCore
import Foundation
import Testing

/// Issue 13's bounds on big data: the recipe library pages, and a day holds
/// at most 200 meal logs per member.
@Suite(.serialized) struct ScaleLimitsTests {
    @Test func theRecipeLibraryPagesWithATotalAndKeepsTheContractShapeWithoutPaging() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let whole = try await server.get("/api/food/recipes", cookie: ada).json
            let all = try #require(whole["recipes"]?.arrayValue)
            #expect(all.count > 5 && whole["count"]?.intValue == all.count)
            #expect(whole["total"] == nil)  // the contract's shape, unchanged

            let page = try await server.get("/api/food/recipes?limit=3&offset=2", cookie: ada).json
            #expect(page["count"]?.intValue == 3 && page["total"]?.intValue == all.count)
            #expect(page["recipes"]?.arrayValue?.map { $0["slug"] } == all[2..<5].map { $0["slug"] })

            let tail = try await server.get("/api/food/recipes?offset=\(all.count - 1)", cookie: ada).json
            #expect(tail["count"]?.intValue == 1 && tail["total"]?.intValue == all.count)
            let past = try await server.get("/api/food/recipes?offset=\(all.count + 10)&limit=5", cookie: ada).json
            #expect(past["count"]?.intValue == 0 && past["recipes"]?.arrayValue?.isEmpty == true)

            // total counts the matches of q/kind before paging.
            let breakfasts = all.filter { $0["kind"] == "breakfast" }.count
            let kindPage = try await server.get("/api/food/recipes?kind=breakfast&limit=1", cookie: ada).json
            #expect(kindPage["total"]?.intValue == breakfasts && kindPage["count"]?.intValue == min(1, breakfasts))

            for bad in ["limit=0", "limit=501", "offset=-1", "limit=x"] {
                let reply = try await server.get("/api/food/recipes?\(bad)", cookie: ada)
                #expect(reply.status == 422, "\(bad)")
                let field = String(bad.prefix { $0 != "=" })
                #expect(reply.json["detail"]?.arrayValue?.first?["loc"] == ["query", .string(field)], "\(bad)")
            }
        }
    }

    @Test func theTwoHundredAndFirstMealLogOfADayIs422AndWritesNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID: String = try server.app.db.read {
                try $0.scalar("SELECT id FROM users WHERE email = 'ada@example.org'")
            }!
            try server.app.db.write { db in
                for i in 0..<199 {
                    try db.execute(
                        """
                        INSERT INTO meal_logs (id, user_id, day, slot, label, kcal, source, created_at)
                        VALUES (?, ?, '2026-07-20', 'snack', 'Nut', 10, 'manual', '2026-07-20T10:00:00.000Z')
                        """, ["log-\(i)", adaID])
                }
            }
            let body: JSONValue = ["date": "2026-07-20", "slot": "snack", "label": "Grape", "kcal": 3]
            let two00 = try await server.logMeal(body, cookie: ada)
            #expect(two00.status == 200)
            let refused = try await server.logMeal(body, cookie: ada)
            #expect(refused.status == 422 && refused.detail == "at most 200 meal logs per day")
            let count: Int? = try server.app.db.read {
                try $0.scalar("SELECT count(*) FROM meal_logs WHERE day = '2026-07-20'")
            }
            #expect(count == 200)
            // Another day is not affected.
            let nextDay = try await server.logMeal(
                [
                    "date": "2026-07-21", "slot": "snack", "label": "Grape",
                    "kcal": 3,
                ], cookie: ada)
            #expect(nextDay.status == 200)
        }
    }
}
