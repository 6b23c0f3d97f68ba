import ForgeCore
import Foundation
import Testing

/// Typed cook inputs (timers, cook sessions): every bad body is a 4xx with a
/// JSON body naming the field, and nothing is written.
@Suite struct CookInputTests {
    /// Bodies every write route must refuse, with the field the 422 names
    /// (nil: the body itself).
    static func badTimerBodies() -> [(Data, String?)] {
        func json(_ v: JSONValue) -> Data { (try? JSONCoding.encode(v)) ?? Data() }
        return [
            (Data("{\"label\": ".utf8), nil),  // invalid JSON
            (json(["label": 12, "seconds": 60]), "label"),  // wrong type
            (json(["seconds": 60]), "label"),  // missing field
            (json(["label": "Rice"]), "seconds"),  // missing field
            (Data(#"{"label":"Rice","seconds":1e308}"#.utf8), "seconds"),  // huge
            (Data(#"{"label":"Rice","seconds":"1e999"}"#.utf8), "seconds"),  // non-finite
            (json(["label": "Rice", "seconds": -60]), "seconds"),  // negative
            (json(["label": "Rice", "seconds": .int(7 * 86_400 + 1)]), "seconds"),  // beyond any sane timer
            (json(["label": "Rice", "seconds": 60, "step": -1]), "step"),  // negative step
            (json(["label": .string(String(repeating: "x", count: 121)), "seconds": 60]), "label"),  // over-long
        ]
    }

    @Test func badTimerBodiesAre422sNamingTheFieldAndWriteNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            for (body, field) in Self.badTimerBodies() {
                let reply = try await server.raw("POST", "/api/cook/timers", body: body, cookie: ada)
                let text = String(decoding: body, as: UTF8.self)
                #expect(reply.status == 422, "\(text)")
                let loc = reply.json["detail"]?.arrayValue?.first?["loc"]
                #expect(
                    loc == (field.map { ["body", .string($0)] } ?? ["body"]), "\(text): \(String(describing: loc))")
            }
            #expect(try await server.get("/api/cook/timers", cookie: ada).json["timers"] == [])
            // extend refuses the same numbers and changes nothing
            let timer = try await server.request(
                "POST", "/api/cook/timers", json: ["label": "Rice", "seconds": 600], cookie: ada)
            let id = timer.json["id"]?.stringValue ?? ""
            for body in [
                #"{"seconds":-5}"#, #"{"seconds":"1e999"}"#, #"{"seconds":1e308}"#, #"{"seconds":"x"}"#, "{", "{}",
            ] {
                let reply = try await server.raw(
                    "POST", "/api/cook/timers/\(id)/extend", body: Data(body.utf8), cookie: ada)
                #expect(reply.status == 422 && reply.json["detail"]?.arrayValue != nil, "\(body)")
            }
            #expect(
                try await server.get("/api/cook/timers", cookie: ada).json["timers"]?.arrayValue?.first?["seconds"]
                    == 600)
        }
    }

    @Test func timerNumbersKeepTheirTokenTypes() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.request(
                "POST", "/api/cook/timers", json: ["label": "Rice", "seconds": "600"], cookie: ada)
            #expect(reply.status == 201)
            let text = String(decoding: reply.data, as: UTF8.self)
            #expect(text.hasPrefix(#"{"id":""#))
            #expect(
                text.contains(#""seconds":600,"#)
                    && text.contains(#""recipe_slug":null,"step":null,"background":false,"#))
            #expect(text.contains(#""remaining_s":600,"#) && text.contains(#""fired_at":null,"late_by_ms":null,"#))
            // Nulls read as absent and lax booleans pass, as before.
            let lax = try await server.request(
                "POST", "/api/cook/timers",
                json: [
                    "label": "Eggs", "seconds": 420, "recipe_slug": .null, "step": .null,
                    "background": "true",
                ], cookie: ada)
            #expect(lax.status == 201 && lax.json["background"] == true && lax.json["step"] == .null)
        }
    }

    @Test func badCookSessionBodiesAreRefusedAndWriteNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let recipe = try server.cookableRecipe()
            for body in [
                "{", #"{"recipe_slug":5}"#, "{}", #"{"recipe_slug":""}"#,
                #"{"recipe_slug":"\#(String(repeating: "x", count: 121))"}"#,
            ] {
                let reply = try await server.raw("POST", "/api/cook/sessions", body: Data(body.utf8), cookie: ada)
                #expect(reply.status == 422 && reply.json["detail"]?.arrayValue != nil, "\(body)")
            }
            #expect(try await server.get("/api/cook/state", cookie: ada).json["session"] == .null)

            let started = try await server.request(
                "POST", "/api/cook/sessions", json: ["recipe_slug": .string(recipe.slug)],
                cookie: ada)
            let id = started.json["id"]?.stringValue ?? ""
            for body in [
                "{", #"{"step":"two"}"#, "{}", #"{"step":1e308}"#, #"{"step":"1e999"}"#, #"{"step":-1}"#,
                #"{"step":1.5}"#,
            ] {
                let reply = try await server.raw(
                    "PATCH", "/api/cook/sessions/\(id)", body: Data(body.utf8), cookie: ada)
                #expect(reply.status == 422, "\(body)")
                #expect(
                    reply.json["detail"]?.arrayValue?.first?["loc"] == (body == "{" ? ["body"] : ["body", "step"]),
                    "\(body)")
            }
            #expect(try await server.get("/api/cook/state", cookie: ada).json["session"]?["step"] == 0)

            let adaID = try server.userID("ada@example.org")
            let before = try server.mealLogCount(adaID)
            for (body, status) in [
                ("{", 422), (#"{"servings":-1}"#, 422), (#"{"servings":"1e999"}"#, 422),
                (#"{"servings":1e308}"#, 422), (#"{"servings":"lots"}"#, 422),
                (#"{"slot":"elevenses"}"#, 400), (#"{"slot":7}"#, 422),
            ] {
                let reply = try await server.raw(
                    "POST", "/api/cook/sessions/\(id)/finish", body: Data(body.utf8), cookie: ada)
                #expect(reply.status == status && reply.json["detail"] != nil, "\(body)")
            }
            #expect(try server.mealLogCount(adaID) == before)
            #expect(try await server.get("/api/cook/state", cookie: ada).json["session"]?["state"] == "active")

            let finished = try await server.request("POST", "/api/cook/sessions/\(id)/finish", cookie: ada)
            let text = String(decoding: finished.data, as: UTF8.self)
            // Macros are doubles on the wire: kcal keeps its decimal point.
            #expect(
                text.range(of: #""totals":\{"kcal":[0-9]+\.[0-9]+,"#, options: .regularExpression) != nil, "\(text)")
        }
    }
}
