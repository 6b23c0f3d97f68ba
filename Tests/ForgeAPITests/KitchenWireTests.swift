import ForgeCore
import Foundation
import Testing

/// The kitchen display's typed inputs and the number forms of its answers.
@Suite struct KitchenWireTests {
    @Test func theRecipeAnswerKeepsDoublesAndCuesAndTheWeekChecksItsDate() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let recipe = try server.cookableRecipe()
            let reply = try await server.get("/api/kitchen/recipes/\(recipe.slug)", cookie: ada)
            #expect(reply.status == 200)
            let text = String(decoding: reply.data, as: UTF8.self)
            // Macros first, as doubles with a decimal point (docs/contract.md §1.1); then the card keys.
            #expect(
                text.range(of: #"^\{"kcal":[0-9]+\.[0-9]+,"protein_g":[0-9]+\.[0-9]+,"#, options: .regularExpression)
                    != nil,
                "\(text.prefix(120))")
            #expect(text.range(of: #""serves":[0-9]+,"#, options: .regularExpression) != nil)
            #expect(reply.json["slug"] == .string(recipe.slug))
            #expect(reply.json["steps"]?.arrayValue?.count == recipe.steps.count)
            #expect(reply.json["ingredients"]?.arrayValue?.count == recipe.ingredients.count)
            #expect(try await server.get("/api/kitchen/recipes/no-such-dish", cookie: ada).detail == "unknown recipe")

            let week = try await server.get("/api/kitchen/week?date=2031-03-05", cookie: ada)
            #expect(
                week.status == 200 && week.json["start"] == "2031-03-03" && week.json["days"]?.arrayValue?.count == 7)
            let weekText = String(decoding: week.data, as: UTF8.self)
            #expect(weekText.hasPrefix(#"{"start":"2031-03-03","today":"#))
            let bad = try await server.get("/api/kitchen/week?date=tomorrow", cookie: ada)
            #expect(bad.status == 400 && bad.detail == "bad date")
            let ancient = try await server.get("/api/kitchen/week?date=1800-01-01", cookie: ada)
            #expect(ancient.status == 422 && ancient.json["detail"]?.arrayValue?.first?["loc"] == ["query", "date"])
        }
    }

    @Test func badPairingBodiesAre422sAndPairNothing() async throws {
        try await withTestServer { server in
            let long = String(repeating: "7", count: 121)
            for (body, loc) in [
                ("{", ["body"]), (#"{"code":12345678901234567890}"#, ["body", "code"]), ("{}", ["body", "code"]),
                (#"{"code":""}"#, ["body", "code"]), (#"{"code":"\#(long)"}"#, ["body", "code"]),
            ] as [(String, JSONValue)] {
                let reply = try await server.raw("POST", "/kitchen/pair", body: Data(body.utf8))
                #expect(reply.status == 422 && reply.json["detail"]?.arrayValue?.first?["loc"] == loc, "\(body)")
                #expect(reply.header("Set-Cookie") == nil)
            }
            let wrong = try await server.request("POST", "/kitchen/pair", json: ["code": "000000"])
            #expect(wrong.status == 403 && wrong.header("Set-Cookie") == nil)
            let cookie = try await server.pairDisplay()
            #expect(cookie.hasPrefix("forge_display="))
        }
    }

    @Test func anOverLongLastEventIDIsRefused() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.get(
                "/api/events?last_event_id=" + String(repeating: "9", count: 121), cookie: ada)
            #expect(
                reply.status == 422 && reply.json["detail"]?.arrayValue?.first?["loc"] == ["query", "last_event_id"])
        }
    }
}
