import ForgeCore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The training data routes refuse bad input before writing anything, and
/// answer numbers in their contract type and objects in the contract's order.
@Suite(.serialized) struct TrainDataInputTests {
    /// A body that is not JSON at all.
    static let notJSON = "{\"type\": "

    /// Sends `body` as raw bytes.
    func raw(_ server: TestServer, _ method: String, _ path: String, _ body: String, cookie: String) async throws
        -> TestServer.Reply
    {
        var request = URLRequest(url: URL(string: server.baseURL + path)!)
        request.httpMethod = method
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return try await server.send(request, cookie: cookie, headers: [:])
    }

    /// Expects a 4xx JSON error; with `loc`, a 422 whose first item names it.
    func refused(
        _ server: TestServer, _ method: String, _ path: String, _ body: JSONValue?, cookie: String,
        status: Int = 422, loc: JSONValue? = nil, detail: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let reply = try await server.request(method, path, json: body, cookie: cookie)
        #expect(
            reply.status == status, "\(method) \(path) \(String(describing: body)) → \(reply.status)",
            sourceLocation: sourceLocation)
        #expect(reply.json["detail"] != nil, "no JSON error body", sourceLocation: sourceLocation)
        if let loc {
            #expect(
                reply.json["detail"]?.arrayValue?.first?["loc"] == loc,
                "\(String(decoding: reply.data, as: UTF8.self))", sourceLocation: sourceLocation)
        }
        if let detail { #expect(reply.detail == detail, sourceLocation: sourceLocation) }
    }

    func notJSON(
        _ server: TestServer, _ method: String, _ path: String, cookie: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let reply = try await raw(server, method, path, Self.notJSON, cookie: cookie)
        #expect(
            reply.status == 422 && reply.json["detail"]?.arrayValue?.first?["loc"] == ["body"],
            sourceLocation: sourceLocation)
    }

    static let long = String(repeating: "x", count: 5000)

    @Test func bodyAndPrefsRefuseBadInputAndWriteNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await notJSON(server, "POST", "/api/body", cookie: ada)
            try await refused(
                server, "POST", "/api/body", ["type": "weight", "value": "heavy"], cookie: ada, loc: ["body", "value"])
            try await refused(server, "POST", "/api/body", ["type": "weight"], cookie: ada, loc: ["body", "value"])
            try await refused(
                server, "POST", "/api/body", ["type": "weight", "value": .double(1e308)], cookie: ada,
                loc: ["body", "value"])
            try await refused(
                server, "POST", "/api/body", ["type": "weight", "value": "1e999"], cookie: ada, loc: ["body", "value"])
            try await refused(
                server, "POST", "/api/body", ["type": "weight", "value": 5], cookie: ada, loc: ["body", "value"])
            try await refused(
                server, "POST", "/api/body", ["type": "height", "value": 900], cookie: ada, loc: ["body", "value"])
            try await refused(
                server, "POST", "/api/body", ["type": "weight", "value": -70], cookie: ada, status: 400,
                detail: "value must be positive")
            try await refused(
                server, "POST", "/api/body", ["type": .string(Self.long), "value": 70], cookie: ada, status: 400)
            #expect(try await server.get("/api/metrics/weight/history", cookie: ada).json["points"] == [])

            let before = try await server.request("PATCH", "/api/prefs", json: [:], cookie: ada).json
            try await notJSON(server, "PATCH", "/api/prefs", cookie: ada)
            try await refused(server, "PATCH", "/api/prefs", ["prefs": "dark"], cookie: ada, loc: ["body", "prefs"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["unit_load": 5]], cookie: ada,
                loc: ["body", "prefs", "unit_load"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["unit_load": "stone", "theme": "dark"]], cookie: ada,
                loc: ["body", "prefs", "unit_load"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["hr_max": "fast"]], cookie: ada,
                loc: ["body", "prefs", "hr_max"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["hr_max": .double(1e308)]], cookie: ada,
                loc: ["body", "prefs", "hr_max"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["goal_weight_kg": "1e999"]], cookie: ada,
                loc: ["body", "prefs", "goal_weight_kg"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["goal_weight_kg": -80]], cookie: ada,
                loc: ["body", "prefs", "goal_weight_kg"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["load_units": ["back-squat": "stone"]]], cookie: ada,
                loc: ["body", "prefs", "load_units", "back-squat"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["unit_lipids": true]], cookie: ada,
                loc: ["body", "prefs", "unit_lipids"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["nutrition_targets": ["kcal": -1]]], cookie: ada,
                loc: ["body", "prefs", "nutrition_targets", "kcal"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["coach_style": .string(Self.long)]], cookie: ada,
                loc: ["body", "prefs", "coach_style"])
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["birth_year": 1850]], cookie: ada,
                loc: ["body", "prefs", "birth_year"])
            // A typed key is a declared string: control characters are refused as in any body member
            // (the object's own client keys stay free, docs/contract.md).
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["coach_style": "calm\u{1}blunt"]], cookie: ada,
                loc: ["body", "prefs", "coach_style"])
            let control = try await server.request(
                "PATCH", "/api/prefs", json: ["prefs": ["coach_approval": "ask\u{1b}[2J"]], cookie: ada)
            #expect(control.json["detail"]?.arrayValue?.first?["type"] == "string_pattern_mismatch")
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["load_units": ["back\u{7}squat": "kg"]]], cookie: ada)
            try await refused(
                server, "PATCH", "/api/prefs", ["prefs": ["theme": .string(Self.long)]], cookie: ada,
                loc: ["body", "prefs", "theme"])
            let after = try await server.request("PATCH", "/api/prefs", json: [:], cookie: ada).json
            #expect(after == before && after["prefs"]?["theme"] == nil)

            // Typed keys in range are stored; unknown client keys verbatim; null clears.
            let ok = try await server.request(
                "PATCH", "/api/prefs",
                json: [
                    "prefs": [
                        "unit_load": "kg", "hr_max": "188", "load_units": ["back-squat": "lb"],
                        "palette": ["a": [1, 2]], "goal_weight_kg": nil,
                    ]
                ], cookie: ada)
            #expect(ok.status == 200)
            #expect(ok.json["prefs"]?["palette"] == ["a": [1, 2]] && ok.json["prefs"]?["unit_load"] == "kg")
            #expect(try await server.get("/api/dashboard", cookie: ada).json["unit_load"] == "kg")
        }
    }

    @Test func equipmentRefusesBadInputAndWritesNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let before = try await server.get("/api/equipment", cookie: ada)
            let gym = try #require(before.json["profiles"]?.arrayValue?[1]["id"]?.stringValue)
            try await notJSON(server, "POST", "/api/equipment/active", cookie: ada)
            try await refused(server, "POST", "/api/equipment/active", [:], cookie: ada, loc: ["body", "profile_id"])
            try await refused(
                server, "POST", "/api/equipment/active", ["profile_id": 42], cookie: ada, loc: ["body", "profile_id"])
            try await refused(
                server, "POST", "/api/equipment/active", ["profile_id": .string(Self.long)], cookie: ada,
                loc: ["body", "profile_id"])
            try await refused(server, "POST", "/api/equipment/active", ["profile_id": "nope"], cookie: ada, status: 404)

            try await notJSON(server, "PATCH", "/api/equipment/\(gym)", cookie: ada)
            try await refused(server, "PATCH", "/api/equipment/\(gym)", [:], cookie: ada, loc: ["body", "items"])
            try await refused(
                server, "PATCH", "/api/equipment/\(gym)", ["items": "Barbell"], cookie: ada, loc: ["body", "items"])
            try await refused(
                server, "PATCH", "/api/equipment/\(gym)", ["items": [["name": "Bar", "available": "maybe"]]],
                cookie: ada, loc: ["body", "items", 0, "available"])
            try await refused(
                server, "PATCH", "/api/equipment/\(gym)", ["items": [["name": "Bar"], ["name": .string(Self.long)]]],
                cookie: ada, loc: ["body", "items", 1, "name"])
            try await refused(
                server, "PATCH", "/api/equipment/\(gym)",
                ["items": .array((0..<500).map { (i: Int) -> JSONValue in ["name": .string("item \(i)")] })],
                cookie: ada, loc: ["body", "items"])
            let after = try await server.get("/api/equipment", cookie: ada)
            #expect(after.data == before.data)

            // Masses keep their decimal point on the wire; the shared profile leads.
            let text = String(decoding: after.data, as: UTF8.self)
            #expect(text.hasPrefix("{\"active_id\":\"\(gym)\",\"profiles\":[{\"id\":"))
            #expect(
                text.contains("\"bar_kg\":20.0") && text.contains("\"plates_kg\":[") && !text.contains("\"bar_kg\":20,")
            )
        }
    }

    @Test func nigglesLabsAndPlanItemsRefuseBadInputAndWriteNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let niggles = try await server.get("/api/niggles", cookie: ada)
            let knee = try #require(niggles.json.arrayValue?.first?["id"]?.stringValue)
            try await notJSON(server, "POST", "/api/niggles", cookie: ada)
            try await refused(
                server, "POST", "/api/niggles", ["severity": "mild"], cookie: ada, loc: ["body", "body_part"])
            try await refused(
                server, "POST", "/api/niggles", ["body_part": 7], cookie: ada, loc: ["body", "body_part"])
            try await refused(
                server, "POST", "/api/niggles", ["body_part": "Knee", "avoid_patterns": "squat"], cookie: ada,
                loc: ["body", "avoid_patterns"])
            try await refused(
                server, "POST", "/api/niggles", ["body_part": .string(Self.long)], cookie: ada,
                loc: ["body", "body_part"])
            try await refused(
                server, "POST", "/api/niggles", ["body_part": "Knee", "note": .string(Self.long + Self.long)],
                cookie: ada, loc: ["body", "note"])
            try await refused(
                server, "POST", "/api/niggles", ["body_part": "  "], cookie: ada, status: 400,
                detail: "body_part required")
            try await notJSON(server, "PATCH", "/api/niggles/\(knee)", cookie: ada)
            try await refused(server, "PATCH", "/api/niggles/\(knee)", [:], cookie: ada, loc: ["body", "status"])
            try await refused(
                server, "PATCH", "/api/niggles/\(knee)", ["status": 1], cookie: ada, loc: ["body", "status"])
            try await refused(
                server, "PATCH", "/api/niggles/\(knee)", ["status": .string(Self.long)], cookie: ada, status: 400,
                detail: "bad status")
            #expect(try await server.get("/api/niggles", cookie: ada).data == niggles.data)

            try await notJSON(server, "POST", "/api/labs", cookie: ada)
            try await refused(
                server, "POST", "/api/labs", ["drawn_on": "2026-07-01"], cookie: ada, loc: ["body", "results"])
            try await refused(
                server, "POST", "/api/labs",
                ["drawn_on": "2026-07-01", "results": [["marker": "LDL", "value": "high"]]],
                cookie: ada, loc: ["body", "results", 0, "value"])
            try await refused(
                server, "POST", "/api/labs",
                ["drawn_on": "2026-07-01", "results": [["marker": "LDL", "value": .double(1e308)]]],
                cookie: ada, loc: ["body", "results", 0, "value"])
            try await refused(
                server, "POST", "/api/labs",
                ["drawn_on": "2026-07-01", "results": [["marker": "LDL", "value": "1e999"]]],
                cookie: ada, loc: ["body", "results", 0, "value"])
            try await refused(
                server, "POST", "/api/labs", ["drawn_on": "2026-07-01", "results": [["marker": "LDL", "value": -2]]],
                cookie: ada, loc: ["body", "results", 0, "value"])
            try await refused(
                server, "POST", "/api/labs",
                [
                    "drawn_on": "2026-07-01",
                    "results": [["marker": .string(Self.long), "value": 2]],
                ],
                cookie: ada, loc: ["body", "results", 0, "marker"])
            try await refused(
                server, "POST", "/api/labs", ["drawn_on": "1066-10-14", "results": []], cookie: ada,
                loc: ["body", "drawn_on"])
            try await refused(
                server, "POST", "/api/labs", ["drawn_on": "soon", "results": []], cookie: ada, status: 400,
                detail: "bad date")
            #expect(try await server.get("/api/labs", cookie: ada).json == [])

            try await notJSON(server, "POST", "/api/plan-items", cookie: ada)
            try await refused(
                server, "POST", "/api/plan-items", ["kind": "meal", "title": "Pizza"], cookie: ada,
                loc: ["body", "date"])
            try await refused(
                server, "POST", "/api/plan-items", ["date": "2026-07-22", "kind": "meal", "title": 5], cookie: ada,
                loc: ["body", "title"])
            try await refused(
                server, "POST", "/api/plan-items", ["date": "2026-07-22", "kind": "meal", "title": .string(Self.long)],
                cookie: ada, loc: ["body", "title"])
            try await refused(
                server, "POST", "/api/plan-items", ["date": "2999-07-22", "kind": "meal", "title": "Pizza"],
                cookie: ada,
                loc: ["body", "date"])
            try await refused(
                server, "POST", "/api/plan-items", ["date": "tomorrow", "kind": "meal", "title": "Pizza"], cookie: ada,
                status: 400, detail: "bad date")
            let week = try await server.get("/api/week?date=2026-07-22", cookie: ada)
            #expect(week.json["days"]?.arrayValue?.allSatisfy { $0["planned"] == [] } == true)

            let item = try await server.request(
                "POST", "/api/plan-items", json: ["date": "2026-07-22", "kind": "meal", "title": "Pizza"],
                cookie: ada)
            let id = try #require(item.json["id"]?.stringValue)
            #expect(
                String(decoding: item.data, as: UTF8.self)
                    == "{\"id\":\"\(id)\",\"date\":\"2026-07-22\",\"kind\":\"meal\",\"title\":\"Pizza\",\"notes\":\"\",\"plan_day\":null}"
            )
            try await notJSON(server, "PATCH", "/api/plan-items/\(id)", cookie: ada)
            try await refused(
                server, "PATCH", "/api/plan-items/\(id)", ["notes": ["a"]], cookie: ada, loc: ["body", "notes"])
            try await refused(
                server, "PATCH", "/api/plan-items/\(id)", ["notes": .string(Self.long)], cookie: ada,
                loc: ["body", "notes"])
            try await refused(
                server, "PATCH", "/api/plan-items/\(id)", ["title": " "], cookie: ada, status: 400,
                detail: "title required")
            let planned = try await server.get("/api/week?date=2026-07-22", cookie: ada).json["days"]?.arrayValue?[2][
                "planned"]
            #expect(planned?.arrayValue?.first?["title"] == "Pizza" && planned?.arrayValue?.first?["notes"] == "")

            #expect(
                try await server.get("/api/history?limit=0", cookie: ada).json["detail"]?.arrayValue?.first?["loc"] == [
                    "query", "limit",
                ])
            #expect(try await server.get("/api/history?favorites=perhaps", cookie: ada).status == 422)
            #expect(try await server.get("/api/week?date=someday", cookie: ada).detail == "bad date")
        }
    }

    @Test func numbersKeepTheirTypeAndObjectsTheContractsOrder() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            #expect(
                try await server.request("POST", "/api/body", json: ["type": "weight", "value": 80], cookie: ada).status
                    == 200)
            let weight = String(
                decoding: try await server.get("/api/metrics/weight/history", cookie: ada).data, as: UTF8.self)
            #expect(
                weight.hasPrefix("{\"type\":\"weight\",\"unit\":\"kg\",\"points\":[{\"d\":")
                    && weight.hasSuffix(",\"v\":80.0}]}"))
            _ = try await server.request(
                "POST", "/api/labs", json: ["drawn_on": "2026-07-01", "results": [["marker": "LDL", "value": 3]]],
                cookie: ada)
            let labs = String(decoding: try await server.get("/api/labs", cookie: ada).data, as: UTF8.self)
            #expect(
                labs.contains(
                    "\"results\":[{\"marker\":\"LDL\",\"value\":3.0,\"unit\":\"mmol/L\",\"ref_low\":null,\"ref_high\":null}]"
                ))

            // A Romanian deadlift trained a week before the first squat leads the e1RM map.
            for (date, slug) in [("2026-07-13", "romanian-deadlift"), ("2026-07-20", "back-squat")] {
                let sid = try #require(
                    try await server.request("POST", "/api/sessions", json: ["date": .string(date)], cookie: ada)
                        .json["id"]?.stringValue)
                _ = try await server.request(
                    "POST", "/api/sessions/\(sid)/sets",
                    json: ["slug": .string(slug), "set_no": 1, "weight": 100, "reps": 5], cookie: ada)
                _ = try await server.request("POST", "/api/sessions/\(sid)/complete", json: [:], cookie: ada)
            }
            for path in ["/api/progress", "/api/dashboard"] {
                let text = String(decoding: try await server.get(path, cookie: ada).data, as: UTF8.self)
                let rdl = try #require(text.range(of: "\"romanian-deadlift\":{\"name\""))
                let squat = try #require(text.range(of: "\"back-squat\":{\"name\""))
                #expect(rdl.lowerBound < squat.lowerBound, "\(path)")
            }
            let history = String(decoding: try await server.get("/api/history", cookie: ada).data, as: UTF8.self)
            #expect(history.contains("\"stats\":{\"tonnage\":0.5,\"sets_done\":1,\"sets_planned\":"))
            #expect(history.contains(",\"partial\":true,\"avg_rpe\":null,\"duration_s\":"))
        }
    }

    @Test func cardioStatsKeepTheContractsOrderAndTypes() throws {
        let stored: JSONValue = [
            "zone2_min": 20, "duration_s": 1800, "avg_hr": 141, "hr_samples": 360.0, "pct_in_zone": 64,
            "target": ["type": "z2", "minutes": 30, "hr_low": 120, "hr_high": 140], "zz_extra": "kept",
            "distance": 5.2,
        ]
        #expect(
            try WireEncoder.string(SessionStats(stored, kind: "cardio")) == """
                {"duration_s":1800.0,"distance":5.2,"avg_hr":141.0,"hr_samples":360,"zone2_min":20.0,\
                "target":{"type":"z2","minutes":30,"hr_low":120,"hr_high":140},"pct_in_zone":64,"zz_extra":"kept"}
                """)
        #expect(try WireEncoder.string(SessionStats([:], kind: "strength")) == "{}")
    }
}
