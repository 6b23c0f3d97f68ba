import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeAPI

/// Issue 18: the week's shopping list on the seeded first week (docs/contract.md §5.5,
/// two members), ticked by one member and seen by the other, the display
/// and the live stream.
@Suite(.serialized) struct ShoppingListTests {
    static let monday = "2026-07-20"

    /// Every item of a list answer, aisles then pantry then manual, by id.
    static func items(_ list: JSONValue) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for aisle in list["aisles"]?.arrayValue ?? [] {
            for item in aisle["items"]?.arrayValue ?? [] { out[item["id"]?.stringValue ?? ""] = item }
        }
        for key in ["pantry", "manual"] {
            for item in list[key]?.arrayValue ?? [] { out[item["id"]?.stringValue ?? ""] = item }
        }
        return out
    }

    static func uses(_ item: JSONValue?) -> [String] {
        (item?["recipes"]?.arrayValue ?? []).map { "\($0["slug"]?.stringValue ?? "")@\($0["date"]?.stringValue ?? "")" }
    }

    static func aisleIDs(_ list: JSONValue) -> Set<String> {
        Set(
            (list["aisles"]?.arrayValue ?? []).flatMap { $0["items"]?.arrayValue ?? [] }.compactMap {
                $0["id"]?.stringValue
            })
    }

    @Test func theSeededWeekGivesExactQuantitiesForTwoMembers() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            // Any day of the week answers the same week.
            let reply = try await server.get("/api/food/shopping?date=2026-07-23", cookie: ada)
            #expect(reply.status == 200)
            let list = reply.json
            #expect(list["start"] == .string(Self.monday))
            // Store-walk order; no frozen aisle: the week's frozen foods are all pantry staples.
            #expect(
                list["aisles"]?.arrayValue?.compactMap { $0["aisle"]?.stringValue }
                    == ["produce", "protein", "dairy", "cupboard"])
            let items = Self.items(list)

            // Oats No.1 on four mornings (Mon, Tue, Wed, Fri) for two: 4 × 400 ml milk.
            let milk = items["milk-semi-skimmed.ml"]
            #expect(milk?["qty"] == 1600.0 && milk?["unit"] == "ml" && milk?["disp"] == "1.6 l")
            #expect(milk?["packs"] == "1 × 2 L")
            #expect(
                Self.uses(milk) == [
                    "oats-no1@2026-07-20", "oats-no1@2026-07-21", "oats-no1@2026-07-22",
                    "oats-no1@2026-07-24",
                ])
            // Oats: 4 × 120 g, plus Thursday's yogurt bowl's 40 g; a pantry staple.
            #expect(items["oats.g"]?["qty"] == 520.0)

            // Monday's traybake with its Wednesday leftover is bought once, for
            // four servings (serves 4): its own 800 g of chicken thighs.
            let chicken = items["chicken-thighs-skinless.g"]
            #expect(chicken?["qty"] == 800.0 && chicken?["disp"] == "800 g" && chicken?["aisle"] == "protein")
            #expect(chicken?["packs"] == "2 × 650 g tray")
            #expect(Self.uses(chicken) == ["harissa-chicken-traybake@2026-07-20"])
            #expect(items["harissa-paste.g"]?["qty"] == 60.0)

            // Friday's dinner is out: Friday contributes only breakfast and snack.
            let friday = Set(items.values.flatMap { Self.uses($0) }.filter { $0.hasSuffix("@2026-07-24") })
            #expect(friday == ["oats-no1@2026-07-24", "almonds-30@2026-07-24"])

            // Recipes sharing onions give one line naming them all: red onions
            // 2 (traybake) + ½ (lentil salad) + ½ (salmon) + ¼ (tuna lunchbox).
            let red = items["red-onions.x"]
            #expect(red?["qty"] == 3.25 && red?["disp"] == "3¼" && red?["packs"] == "1 net of 4")
            #expect(
                Self.uses(red) == [
                    "lentil-feta-salad@2026-07-20", "harissa-chicken-traybake@2026-07-20",
                    "salmon-puy-lentils@2026-07-21", "tuna-bean-lunchbox@2026-07-25",
                ])
            let brown = items["brown-onions.x"]
            #expect(brown?["qty"] == 3.0)
            #expect(
                Self.uses(brown) == [
                    "turkey-black-bean-chili@2026-07-23", "chicken-grain-soup@2026-07-26",
                    "baked-cod-white-bean-stew@2026-07-26",
                ])

            // Grams past a kilo read in kg: greek yogurt 800 + 200 + 150 + 400 + 2 × 400.
            let yogurt = items["greek-yogurt-0.g"]
            #expect(yogurt?["qty"] == 2350.0 && yogurt?["disp"] == "2.35 kg" && yogurt?["packs"] == "3 × 1 kg tub")

            // Pantry staples only under "check you have".
            let pantry = Set((list["pantry"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
            #expect(pantry.contains("olive-oil.ml") && pantry.contains("oats.g") && pantry.contains("garlic.x"))
            #expect(Self.aisleIDs(list).isDisjoint(with: pantry))
            #expect(items["olive-oil.ml"]?["qty"] == 110.0)  // ten recipes, 5–20 ml each
            #expect(list["manual"] == [])
        }
    }

    @Test func aTickByOneMemberShowsForTheOtherTheDisplayAndTheStream() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let display = try await server.pairDisplay()
            let demo = try server.demoSeat()
            try server.app.db.write { db in  // the demo's own copy of the first week
                try db.execute(
                    """
                    INSERT INTO food_revisions (id, scope, num, status, rationale, content, changes, created_at)
                    SELECT lower(hex(randomblob(16))), 'user:' || ?, num, status, rationale, content, changes, created_at
                    FROM food_revisions WHERE scope = 'household'
                    """, [demo.id])
            }
            let stream = try SSEClient(port: server.port, cookie: ben)
            #expect(stream.next()?.event == "hello")

            let tick = try await server.request(
                "PATCH", "/api/food/shopping",
                json: ["date": "2026-07-22", "item": "red-onions.x", "checked": true], cookie: ada)
            #expect(tick.status == 200)
            #expect(tick.json["id"] == "red-onions.x" && tick.json["checked"] == true)
            let event = stream.next("shopping")
            #expect(event?.json["type"] == "shopping.changed")
            #expect(event?.json["item"] == "red-onions.x" && event?.json["checked"] == true)
            #expect(event?.json["start"] == .string(Self.monday))

            let seenByBen = Self.items(try await server.get("/api/food/shopping?date=\(Self.monday)", cookie: ben).json)
            #expect(seenByBen["red-onions.x"]?["checked"] == true)
            #expect(seenByBen["peppers.x"]?["checked"] == false)
            let produce = try await server.get("/api/kitchen/shopping?date=\(Self.monday)", cookie: display).json[
                "aisles"]?.arrayValue?.first
            #expect(produce?["items"]?.arrayValue?.last?["id"] == "red-onions.x")  // bought items sink
            // The demo seat has its own list, untouched.
            let demoList = Self.items(
                try await server.get("/api/food/shopping?date=\(Self.monday)", cookie: demo.cookie).json)
            #expect(demoList["red-onions.x"]?["checked"] == false)
            // The demo counts one diner: half the household's milk.
            #expect(demoList["milk-semi-skimmed.ml"]?["qty"] == 800.0)

            // The display unticks through its own route; the stream says so.
            let untick = try await server.request(
                "PATCH", "/api/kitchen/shopping",
                json: ["item": "red-onions.x", "checked": false, "date": .string(Self.monday)],
                cookie: display)
            #expect(untick.status == 200 && untick.json["checked"] == false)
            #expect(stream.next("shopping")?.json["checked"] == false)
            #expect(
                Self.items(try await server.get("/api/food/shopping?date=\(Self.monday)", cookie: ada).json)[
                    "red-onions.x"]?["checked"] == false)
            // A display may read and tick, nothing else.
            let add = try await server.request("POST", "/api/food/shopping", json: ["name": "foil"], cookie: display)
            #expect(add.status == 403)
            // An item not on the list is 404 and writes nothing.
            let unknown = try await server.request(
                "PATCH", "/api/food/shopping",
                json: ["item": "caviar.g", "checked": true], cookie: ada)
            #expect(unknown.status == 404 && unknown.detail == "item not on the list")
            let ticks: Int = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM shopping_ticks") } ?? -1
            #expect(ticks == 0)
        }
    }

    /// Issue 18: ticks survive a plan change. Issue 28 item 3: a tick covers what was
    /// bought; when the plan needs more, the line says what is still needed (JSON,
    /// text, live stream), and ticking it again covers the new need.
    @Test func ticksSurviveAPlanChangeAndAGrownNeedSaysWhatIsStillNeeded() async throws {
        // Monday of the seeded week, 10:00 in London: the plan change is to this week.
        try await withTestServer(clock: FixedClock(Date(timeIntervalSince1970: 1_784_538_000)), transport: .socket) {
            server in
            let ada = try await server.signIn("ada@example.org")
            for item in ["chicken-thighs-skinless.g", "salmon-fillets.x", "harissa-paste.g"] {
                let r = try await server.request(
                    "PATCH", "/api/food/shopping",
                    json: ["date": .string(Self.monday), "item": .string(item), "checked": true], cookie: ada)
                #expect(r.status == 200 && r.json["bought"] == .null && r.json["still_needed"] == .null)
            }
            let stream = try SSEClient(port: server.port, cookie: ada)
            #expect(stream.next()?.event == "hello")
            // Tuesday's salmon dinner becomes a chicken gnocchi tray: 400 g more chicken thighs.
            let edit = try await server.request(
                "PATCH", "/api/food/week/slot",
                json: ["date": "2026-07-21", "recipe": "chicken-gnocchi-tray"], cookie: ada)
            #expect(edit.status == 200)
            #expect(stream.next("food_week")?.json["type"] == "food_week.changed")
            let event = stream.next("shopping")?.json
            #expect(event?["item"] == "chicken-thighs-skinless.g" && event?["checked"] == false)
            #expect(event?["bought"] == 800.0 && event?["still_needed"] == 400.0)

            let items = Self.items(try await server.get("/api/food/shopping?date=\(Self.monday)", cookie: ada).json)
            let chicken = items["chicken-thighs-skinless.g"]
            #expect(chicken?["qty"] == 1200.0 && chicken?["checked"] == false)
            #expect(chicken?["bought"] == 800.0 && chicken?["still_needed"] == 400.0)
            #expect(chicken?["still_needed_disp"] == "400 g")
            #expect(Self.uses(chicken).contains("chicken-gnocchi-tray@2026-07-21"))
            #expect(items["salmon-fillets.x"] == nil)
            // A tick whose need did not grow stays ticked.
            #expect(items["harissa-paste.g"]?["checked"] == true && items["harissa-paste.g"]?["bought"] == .null)

            let text = try await server.request(
                "GET", "/api/food/shopping?date=\(Self.monday)", cookie: ada, headers: ["Accept": "text/plain"])
            let lines = String(decoding: text.data, as: UTF8.self).split(separator: "\n").map(String.init)
            #expect(
                lines.contains {
                    $0.hasPrefix("[ ] chicken thighs, skinless: 400 g more (1.2 kg in all, 800 g bought)")
                },
                "\(lines)")

            // Ticking it again covers the whole need.
            let again = try await server.request(
                "PATCH", "/api/food/shopping",
                json: ["date": .string(Self.monday), "item": "chicken-thighs-skinless.g", "checked": true], cookie: ada)
            #expect(again.json["checked"] == true && again.json["still_needed"] == .null)
            let after = Self.items(try await server.get("/api/food/shopping?date=\(Self.monday)", cookie: ada).json)
            #expect(after["chicken-thighs-skinless.g"]?["checked"] == true)
            #expect(after["chicken-thighs-skinless.g"]?["still_needed"] == .null)
        }
    }

    @Test func itemsAddedByHandAreListedTickedAndRemoved() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let added = try await server.request(
                "POST", "/api/food/shopping",
                json: ["date": "2026-07-25", "name": " kitchen roll ", "qty": 4, "unit": "pack"],
                cookie: ada)
            #expect(added.status == 201)
            #expect(
                added.json["name"] == "kitchen roll" && added.json["disp"] == "4 pack" && added.json["checked"] == false
            )
            let bananas = try await server.request(
                "POST", "/api/food/shopping", json: ["name": "bananas", "date": "2026-07-26"], cookie: ada)
            #expect(bananas.json["aisle"] == "produce" && bananas.json["qty"] == .null && bananas.json["disp"] == "")
            let id = added.json["id"]?.stringValue ?? ""
            let tick = try await server.request(
                "PATCH", "/api/food/shopping",
                json: ["date": "2026-07-20", "item": .string(id), "checked": true], cookie: ben)
            #expect(tick.status == 200)
            let list = try await server.get("/api/food/shopping?date=\(Self.monday)", cookie: ben).json
            #expect(list["manual"]?.arrayValue?.first?["id"] == .string(id))
            #expect(list["manual"]?.arrayValue?.first?["checked"] == true)
            #expect(list["manual"]?.arrayValue?.first?["recipes"] == [])
            // Another week does not have it.
            let next = try await server.get("/api/food/shopping?date=2026-07-27", cookie: ben).json
            #expect(next["manual"] == [])

            // Bad input: 4xx naming the field, nothing written.
            let blank = try await server.request("POST", "/api/food/shopping", json: ["name": "   "], cookie: ada)
            #expect(blank.status == 422 && blank.json["detail"]?.arrayValue?.first?["loc"] == ["body", "name"])
            let zero = try await server.request(
                "POST", "/api/food/shopping", json: ["name": "foil", "qty": 0], cookie: ada)
            #expect(zero.status == 422 && zero.json["detail"]?.arrayValue?.first?["loc"] == ["body", "qty"])
            #expect(zero.json["detail"]?.arrayValue?.first?["msg"] == "Input should be greater than 0")
            let huge = try await server.request(
                "POST", "/api/food/shopping", json: ["name": "foil", "qty": 100_000.5], cookie: ada)
            #expect(huge.status == 422 && huge.json["detail"]?.arrayValue?.first?["type"] == "less_than_equal")
            #expect(huge.json["detail"]?.arrayValue?.first?["msg"] == "Input should be less than or equal to 100000")
            let badDate = try await server.get("/api/food/shopping?date=monday", cookie: ada)
            #expect(badDate.status == 400 && badDate.detail == "bad date")

            let removed = try await server.request("DELETE", "/api/food/shopping/\(id)", cookie: ben)
            #expect(removed.status == 200 && removed.json["ok"] == true)
            #expect(try await server.request("DELETE", "/api/food/shopping/\(id)", cookie: ben).status == 404)
            let after = try await server.get("/api/food/shopping?date=\(Self.monday)", cookie: ada).json
            #expect(after["manual"]?.arrayValue?.count == 1)
            let ticks: Int = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM shopping_ticks") } ?? -1
            #expect(ticks == 0)
        }
    }

    @Test func theListReadsAsPlainTextAndThroughMCP() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            _ = try await server.request(
                "PATCH", "/api/food/shopping",
                json: ["date": .string(Self.monday), "item": "peppers.x", "checked": true], cookie: ada)
            let text = try await server.request(
                "GET", "/api/food/shopping?date=\(Self.monday)", cookie: ada,
                headers: ["Accept": "text/plain"])
            #expect(text.status == 200)
            #expect(text.header("Content-Type")?.hasPrefix("text/plain") == true)
            let body = String(decoding: text.data, as: UTF8.self)
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "Shopping for the week of Monday 2026-07-20")
            #expect(lines.contains("[ ] red onions: 3¼ (1 net of 4)"))
            #expect(lines.contains("[x] peppers: 5 (2 × 3-pack)"))
            #expect(lines.contains("- olive oil: 110 ml"))
            let produce = lines.firstIndex(of: "Produce") ?? -1
            let pantry = lines.firstIndex(of: "Check you have") ?? -1
            #expect(produce > 0 && pantry > produce)
            // Ticked items after the unticked ones of their aisle.
            let aisle = lines[(produce + 1)...].prefix { !$0.isEmpty }
            #expect(aisle.last == "[x] peppers: 5 (2 × 3-pack)")

            let token = try server.ingestToken("ada@example.org")
            let result = try await server.callTool("get_shopping_list", ["date": "2026-07-22"], token: token)
            #expect(result["isError"] == false)
            let tool = Self.items(result["structuredContent"] ?? .null)
            #expect(tool["red-onions.x"]?["qty"] == 3.25 && tool["peppers.x"]?["checked"] == true)
            let bad = try await server.callTool("get_shopping_list", ["date": "soon"], token: token)
            #expect(bad["isError"] == true)
        }
    }
}
