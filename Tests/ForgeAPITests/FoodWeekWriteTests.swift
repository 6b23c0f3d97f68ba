import ForgeAPI
import ForgeCook
import ForgeCore
import Foundation
import Testing

/// Food week writes: slot edits, proposal decisions, the admin library wipe,
/// and the done-when cue on recipe steps (docs/contract.md §3.15, §3.18, §4.17, §4.21).
@Suite(.serialized) struct FoodWeekWriteTests {
    static let tuesday = "2026-07-21"

    @Test func aSlotEditChangesTheWeekForTheWholeHousehold() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let reply = try await server.request(
                "PATCH", "/api/food/week/slot",
                json: ["date": .string(Self.tuesday), "recipe": "miso-salmon-greens"], cookie: ada)
            #expect(reply.status == 200 && reply.json["ok"] == true)
            #expect(reply.json["date"] == .string(Self.tuesday) && reply.json["day_name"] == "Tuesday")
            #expect(reply.json["slot"] == "dinner" && reply.json["recipe"]?["slug"] == "miso-salmon-greens")
            // Every Tuesday the template covers, for Ben too.
            for date in [Self.tuesday, "2026-08-04"] {
                let dinner = try await server.foodSlot(date, day: 1, "dinner", cookie: ben)
                #expect(dinner?["recipe"]?["slug"] == "miso-salmon-greens")
                #expect(dinner?["why"]?.stringValue?.isEmpty == false)
            }
            let snack = try await server.request(
                "PATCH", "/api/food/week/slot",
                json: ["date": .string(Self.tuesday), "recipe": "almonds-30", "slot": "snack"],
                cookie: ben)
            #expect(snack.status == 200)
            #expect(
                try await server.foodSlot(Self.tuesday, day: 1, "snack", cookie: ada)?["recipe"]?["slug"]
                    == "almonds-30")
            // The rest of the stored week is untouched.
            #expect(try await server.foodSlot(Self.tuesday, day: 1, "lunch", cookie: ada)?["order"] == true)
        }
    }

    @Test func badSlotEditsAreRefusedAndChangeNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let before = try await server.get("/api/food/week?date=\(Self.tuesday)", cookie: ada).json
            let cases: [(JSONValue, Int, String?)] = [
                (["date": .string(Self.tuesday), "recipe": "no-such-dish"], 404, "unknown recipe"),
                (
                    ["date": .string(Self.tuesday), "recipe": "almonds-30"], 400,
                    "a dinner slot needs a dinner recipe, not a snack one"
                ),
                (
                    ["date": .string(Self.tuesday), "recipe": "almonds-30", "slot": "elevenses"], 400,
                    "slot must be one of ['breakfast', 'lunch', 'dinner', 'snack']"
                ),
                (["date": "Tuesday", "recipe": "miso-salmon-greens"], 400, "bad date"),
                (["date": .string(Self.tuesday)], 422, nil),
            ]
            for (body, status, detail) in cases {
                let reply = try await server.request("PATCH", "/api/food/week/slot", json: body, cookie: ada)
                #expect(reply.status == status, "\(body)")
                if let detail { #expect(reply.detail == detail) }
            }
            #expect(try await server.get("/api/food/week?date=\(Self.tuesday)", cookie: ada).json == before)
        }
    }

    @Test func theDemoEditsItsOwnWeekOnly() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let demo = try server.demoSeat()
            let reply = try await server.request(
                "PATCH", "/api/food/week/slot",
                json: ["date": .string(Self.tuesday), "recipe": "lentil-spinach-dal"],
                cookie: demo.cookie)
            #expect(reply.status == 200)
            let demoWeek = try await server.get("/api/food/week?date=\(Self.tuesday)", cookie: demo.cookie).json
            #expect(demoWeek["has_plan"] == true)
            let demoDays = demoWeek["days"]?.arrayValue ?? []
            #expect(demoDays[1]["slots"]?.arrayValue?.map { $0["slot"]?.stringValue ?? "" } == ["dinner"])
            #expect(demoDays[0]["slots"] == [])
            let household = try await server.foodSlot(Self.tuesday, day: 1, "dinner", cookie: ada)
            #expect(household?["recipe"]?["slug"] == "salmon-puy-lentils")
        }
    }

    /// A week that passes rule 4 of §4.17, with `dinner` on every cooking night.
    static func proposedWeek(dinner: String) -> JSONValue {
        var days: [String: JSONValue] = [:]
        for day in 0..<7 {
            let dinnerSlot: JSONValue =
                day == 3
                ? ["leftover_of": "0", "why": "Boxed portions from Monday."]
                : ["recipe": .string(dinner), "why": .string("Night \(day).")]
            days[String(day)] = [
                "slots": [
                    "breakfast": ["recipe": "oats-no1"], "lunch": ["recipe": "lentil-feta-salad"],
                    "dinner": dinnerSlot, "snack": ["recipe": "almonds-30"],
                ]
            ]
        }
        return ["days": .object(days)]
    }

    /// Inserts a `proposed` revision straight into the database, as the coach would.
    static func insertProposal(
        _ server: TestServer, num: Int, scope: String = "household",
        content: JSONValue = proposedWeek(dinner: "lentil-spinach-dal")
    ) throws -> String {
        let id = Identifier.make()
        try server.app.db.write {
            try $0.execute(
                """
                INSERT INTO food_revisions (id, scope, num, status, rationale, content, changes, created_at)
                VALUES (?, ?, ?, 'proposed', 'More dal, fewer pans.', ?, '[{"sign":"~","what":"dal most nights"}]', ?)
                """, [id, scope, num, JSONWriter.string(content), Instant.storage(Date())])
        }
        return id
    }

    @Test func eitherMemberApprovesTheHouseholdProposal() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            #expect(try await server.get("/api/food/proposal", cookie: ada).json == ["proposal": .null])
            let id = try Self.insertProposal(server, num: 2)

            let pending = try await server.get("/api/food/proposal", cookie: ben).json["proposal"]
            #expect(pending?["id"] == .string(id) && pending?["num"] == 2)
            #expect(pending?["rationale"] == "More dal, fewer pans.")
            #expect(pending?["changes"]?.arrayValue?.first?["sign"] == "~")
            #expect(pending?["content"]?["days"]?["3"]?["slots"]?["dinner"]?["leftover_of"] == "0")
            let recipes = pending?["recipes"]?.objectValue ?? [:]
            #expect(Set(recipes.keys) == ["oats-no1", "lentil-feta-salad", "lentil-spinach-dal", "almonds-30"])
            #expect(recipes["lentil-spinach-dal"]?["kind"] == "dinner")
            #expect(pending?["created_at"]?.stringValue?.hasSuffix("+00:00") == true)

            // The demo never sees or decides the household's proposal.
            let demo = try server.demoSeat()
            #expect(try await server.get("/api/food/proposal", cookie: demo.cookie).json == ["proposal": .null])
            let demoApprove = try await server.request("POST", "/api/food/proposal/\(id)/approve", cookie: demo.cookie)
            #expect(demoApprove.status == 404 && demoApprove.detail == "proposal not found")

            let approve = try await server.request("POST", "/api/food/proposal/\(id)/approve", cookie: ben)
            #expect(approve.status == 200 && approve.json == ["ok": true, "revision": 2])
            let week = try await server.get("/api/food/week?date=\(Self.tuesday)", cookie: ada).json
            #expect(week["rationale"] == "More dal, fewer pans.")
            let dinner = try await server.foodSlot(Self.tuesday, day: 1, "dinner", cookie: ada)
            #expect(dinner?["recipe"]?["slug"] == "lentil-spinach-dal")
            let statuses: [String] = try server.app.db.read {
                try $0.query("SELECT status FROM food_revisions WHERE scope = 'household' ORDER BY num").map {
                    try $0.get("status")
                }
            }
            #expect(statuses == ["superseded", "active"])
            #expect(try await server.get("/api/food/proposal", cookie: ada).json == ["proposal": .null])
            let twice = try await server.request("POST", "/api/food/proposal/\(id)/approve", cookie: ada)
            #expect(twice.status == 404 && twice.detail == "proposal not found")
        }
    }

    @Test func rejectingLeavesTheActiveWeekAlone() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let id = try Self.insertProposal(server, num: 2)
            let reject = try await server.request("POST", "/api/food/proposal/\(id)/reject", cookie: ada)
            #expect(reject.status == 200 && reject.json == ["ok": true])
            #expect(try await server.get("/api/food/proposal", cookie: ada).json == ["proposal": .null])
            let row = try #require(
                try server.app.db.read {
                    try $0.queryOne("SELECT status, rejected_at FROM food_revisions WHERE id = ?", [id])
                })
            #expect(try row.get("status") as String == "superseded")
            #expect(try row.optional("rejected_at") as String? != nil)
            let dinner = try await server.foodSlot(Self.tuesday, day: 1, "dinner", cookie: ada)
            #expect(dinner?["recipe"]?["slug"] == "salmon-puy-lentils")
            let again = try await server.request("POST", "/api/food/proposal/\(id)/reject", cookie: ada)
            #expect(again.status == 404)
            let unknown = try await server.request(
                "POST", "/api/food/proposal/\(Identifier.make())/approve", cookie: ada)
            #expect(unknown.status == 404 && unknown.detail == "proposal not found")
        }
    }

    @Test func aProposalWhoseRecipeWasParkedCannotBeApproved() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let id = try Self.insertProposal(server, num: 2)
            try server.app.db.write {
                try $0.execute("UPDATE recipes SET complete = 0 WHERE slug = 'lentil-spinach-dal'")
            }
            let reply = try await server.request("POST", "/api/food/proposal/\(id)/approve", cookie: ada)
            #expect(reply.status == 409)
            #expect(reply.detail?.hasPrefix("proposal no longer valid: ") == true)
            let active: Int? = try server.app.db.read {
                try $0.scalar("SELECT num FROM food_revisions WHERE scope = 'household' AND status = 'active'")
            }
            #expect(active == 1)
        }
    }

    @Test func onlyTheAdminWipesTheLibrary() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            _ = try await server.logMeal(["slot": "dinner", "recipe": "harissa-chicken-traybake"], cookie: ben)
            let refused = try await server.request("DELETE", "/api/admin/recipes", cookie: ben)
            #expect(refused.status == 403 && refused.detail == "admin only")
            let demo = try server.demoSeat()
            _ = try await server.request(
                "PATCH", "/api/food/week/slot", json: ["recipe": "lentil-spinach-dal"], cookie: demo.cookie)
            #expect(try await server.request("DELETE", "/api/admin/recipes", cookie: demo.cookie).status == 403)
            #expect(try await server.get("/api/food/recipes", cookie: ada).json["count"] == 25)

            let wipe = try await server.request("DELETE", "/api/admin/recipes", cookie: ada)
            #expect(wipe.status == 200 && wipe.json == ["recipes_deleted": 25, "food_weeks_retired": 1])
            #expect(try await server.get("/api/food/recipes", cookie: ada).json["count"] == 0)
            #expect(try await server.get("/api/food/week", cookie: ada).json["has_plan"] == false)
            #expect(try await server.get("/api/food/week", cookie: demo.cookie).json["has_plan"] == true)
            #expect(try server.mealLogCount(try server.userID("ben@example.org")) == 1)
        }
    }

    @Test func recipeStepsCarryTheirDoneWhenCue() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let detail = try await server.get("/api/food/recipes/salmon-puy-lentils", cookie: ada).json
            let steps = try #require(detail["steps"]?.arrayValue)
            #expect(steps.count > 2)
            for step in steps {
                let text = try #require(step["detail"]?.stringValue)
                #expect(step["cue"]?.stringValue == CueExtractor.cue(in: text))
            }
            #expect(
                steps.contains {
                    $0["cue"] == "Done when a knife slides into the thickest stem with just a little resistance"
                })

            // An imported prep step without a cue phrase has no cue key.
            try server.app.db.write {
                try $0.execute(
                    "UPDATE recipes SET steps = ? WHERE slug = 'almonds-30'",
                    [#"[{"title":"Prep","detail":"Weigh out 30 g of almonds."}]"#])
            }
            let prep = try await server.get("/api/food/recipes/almonds-30", cookie: ada).json
            #expect(prep["steps"]?.arrayValue?.first?.objectValue?.keys.contains("cue") == false)
        }
    }
}
