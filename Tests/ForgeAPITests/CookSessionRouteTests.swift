import ForgeCore
import Foundation
import Testing

@Suite struct CookSessionRouteTests {
    @Test func finishingLogsTheMealToEachFinishersOwnPlateOnce() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let recipe = try server.cookableRecipe()
            let started = try await server.request(
                "POST", "/api/cook/sessions", json: ["recipe_slug": .string(recipe.slug)],
                cookie: ada)
            #expect(started.status == 201 && started.json["step"] == 0)
            #expect(started.json["steps"] == .int(recipe.steps.count))
            let id = started.json["id"]?.stringValue ?? ""

            let moved = try await server.request("PATCH", "/api/cook/sessions/\(id)", json: ["step": 2], cookie: ben)
            #expect(moved.json["step"] == 2)
            let tooFar = try await server.request(
                "PATCH", "/api/cook/sessions/\(id)",
                json: ["step": .int(recipe.steps.count)], cookie: ben)
            #expect(tooFar.status == 422)
            let state = try await server.get("/api/cook/state", cookie: ben)
            #expect(state.json["session"]?["id"] == .string(id) && state.json["session"]?["step"] == 2)

            let adaID = try server.userID("ada@example.org")
            let benID = try server.userID("ben@example.org")
            let before = (try server.mealLogCount(adaID), try server.mealLogCount(benID))
            let finished = try await server.request("POST", "/api/cook/sessions/\(id)/finish", cookie: ada)
            #expect(finished.status == 200 && finished.json["session"]?["state"] == "finished")
            #expect(finished.json["log"]?["duplicate"] == false)
            let repeated = try await server.request("POST", "/api/cook/sessions/\(id)/finish", cookie: ada)
            #expect(repeated.json["log"]?["duplicate"] == true)
            #expect(repeated.json["log"]?["id"] == finished.json["log"]?["id"])
            let bens = try await server.request(
                "POST", "/api/cook/sessions/\(id)/finish", json: ["servings": 2], cookie: ben)
            #expect(bens.json["log"]?["duplicate"] == false && bens.json["log"]?["id"] != finished.json["log"]?["id"])
            #expect(try server.mealLogCount(adaID) == before.0 + 1)
            #expect(try server.mealLogCount(benID) == before.1 + 1)
            #expect(try await server.get("/api/cook/state", cookie: ada).json["session"] == .null)
            let late = try await server.request("PATCH", "/api/cook/sessions/\(id)", json: ["step": 1], cookie: ada)
            #expect(late.status == 409)
        }
    }

    @Test func startingAnotherSessionAbandonsTheFirstAndUnknownRecipesAre404() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let recipe = try server.cookableRecipe()
            let first = try await server.request(
                "POST", "/api/cook/sessions", json: ["recipe_slug": .string(recipe.slug)],
                cookie: ada)
            _ = try await server.request(
                "POST", "/api/cook/sessions", json: ["recipe_slug": .string(recipe.slug)], cookie: ada)
            let id = first.json["id"]?.stringValue ?? ""
            let finish = try await server.request("POST", "/api/cook/sessions/\(id)/finish", cookie: ada)
            #expect(finish.status == 409 && finish.detail == "cook session is abandoned")
            let unknown = try await server.request(
                "POST", "/api/cook/sessions", json: ["recipe_slug": "nope"], cookie: ada)
            #expect(unknown.status == 404)
        }
    }
}
