import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation
import Testing

/// Equipment, niggles, alternatives, labs, body, prefs, planned items and export.
@Suite(.serialized) struct TrainDataRoutesTests {
    @Test func equipmentSwitchesTheProfileTodayAndAlternativesUse() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let equipment = try await server.get("/api/equipment", cookie: ada).json
            let profiles = try #require(equipment["profiles"]?.arrayValue)
            // The household-shared profile comes first; the active one is still the member's own Gym.
            #expect(profiles.map { $0["name"]?.stringValue ?? "" } == ["Home", "Gym", "Travel"])
            let gym = try #require(profiles[1]["id"]?.stringValue)
            let travel = try #require(profiles[2]["id"]?.stringValue)
            #expect(equipment["active_id"]?.stringValue == gym && profiles[0]["shared"] == true)

            // In the gym, the knee niggle excludes deep lunges from squat swaps.
            let alts = try #require(
                try await server.get("/api/exercises/back-squat/alternatives", cookie: ada).json.arrayValue)
            let bulgarian = try #require(alts.first { $0["slug"] == "bulgarian-split-squat" })
            #expect(bulgarian["excluded"] == true && bulgarian["why"] == "excluded: left knee niggle (deep lunge)")
            let goblet = try #require(alts.first { $0["slug"] == "goblet-squat" })
            #expect(goblet["excluded"] == false && goblet["why"] == "same primary: glutes, quads")
            #expect(alts.firstIndex { $0["excluded"] == true }! > alts.lastIndex { $0["excluded"] == false }!)
            #expect(try await server.get("/api/exercises/nope/alternatives", cookie: ada).status == 404)

            // Travel has no barbell: Today loses plate math, alternatives lose barbell lifts.
            let switched = try await server.request(
                "POST", "/api/equipment/active", json: ["profile_id": .string(travel)], cookie: ada)
            #expect(switched.json == ["ok": true])
            #expect(try await server.get("/api/equipment", cookie: ada).json["active_id"]?.stringValue == travel)
            let today = try await server.get("/api/today?date=2026-07-20", cookie: ada).json
            #expect(today["profile"]?["name"] == "Travel" && today["exercises"]?.arrayValue?.first?["loadable"] == nil)
            let travelAlts =
                try await server.get("/api/exercises/back-squat/alternatives", cookie: ada).json.arrayValue ?? []
            #expect(!travelAlts.contains { $0["slug"] == "goblet-squat" })
            #expect(
                try await server.request("POST", "/api/equipment/active", json: ["profile_id": "nope"], cookie: ada)
                    .status == 404)

            // Items are replaced wholesale; a nameless item is refused whole.
            let patch = try await server.request(
                "PATCH", "/api/equipment/\(travel)",
                json: ["items": [["name": "Dumbbells", "available": true]]], cookie: ada)
            #expect(patch.status == 200)
            let items = try await server.get("/api/equipment", cookie: ada).json["profiles"]?.arrayValue?[2]["items"]
            #expect(items == [["name": "Dumbbells", "available": true]])
            let bad = try await server.request(
                "PATCH", "/api/equipment/\(travel)", json: ["items": [["available": true]]], cookie: ada)
            #expect(bad.status == 422)
        }
    }

    @Test func nigglesLabsBodyAndPrefs() async throws {
        let clock = FixedClock(Instant.parse("2026-07-20T09:00:00.000Z")!)
        try await withTestServer(clock: clock) { server in
            let ada = try await server.signIn("ada@example.org")
            let created = try await server.request(
                "POST", "/api/niggles",
                json: ["body_part": "Right elbow", "avoid_patterns": ["elbow_flexion"]], cookie: ada)
            let id = try #require(created.json["id"]?.stringValue)
            var list = try await server.get("/api/niggles", cookie: ada).json.arrayValue ?? []
            #expect(list.map { $0["body_part"]?.stringValue ?? "" } == ["Right elbow", "Left knee"])  // newest first
            #expect(list.first?["status"] == "active" && list.first?["opened_at"] == "2026-07-20")
            #expect(
                try await server.request("PATCH", "/api/niggles/\(id)", json: ["status": "gone"], cookie: ada).detail
                    == "bad status")
            clock.advance(86400)
            #expect(
                try await server.request("PATCH", "/api/niggles/\(id)", json: ["status": "cleared"], cookie: ada).status
                    == 200)
            list = try await server.get("/api/niggles", cookie: ada).json.arrayValue ?? []
            #expect(list.first?["status"] == "cleared" && list.first?["cleared_at"] == "2026-07-21")
            _ = try await server.request("PATCH", "/api/niggles/\(id)", json: ["status": "watch"], cookie: ada)
            #expect(try await server.get("/api/niggles", cookie: ada).json.arrayValue?.first?["cleared_at"] == .null)

            _ = try await server.request(
                "POST", "/api/labs",
                json: [
                    "drawn_on": "2026-07-01", "source": "gp",
                    "results": [["marker": "LDL", "value": 2.6, "ref_high": 3.0]],
                ], cookie: ada)
            _ = try await server.request(
                "POST", "/api/labs",
                json: [
                    "drawn_on": "2026-01-05",
                    "results": [["marker": "LDL", "value": "3.1"]],
                ], cookie: ada)
            let labs = try await server.get("/api/labs", cookie: ada).json.arrayValue ?? []
            #expect(labs.map { $0["drawn_on"]?.stringValue ?? "" } == ["2026-01-05", "2026-07-01"])
            #expect(
                labs.first?["results"] == [
                    ["marker": "LDL", "value": 3.1, "unit": "mmol/L", "ref_low": nil, "ref_high": nil]
                ])
            #expect(
                try await server.request("POST", "/api/labs", json: ["drawn_on": "July", "results": []], cookie: ada)
                    .status == 400)

            #expect(
                try await server.request("POST", "/api/body", json: ["type": "weight", "value": 80.456], cookie: ada)
                    .status == 200)
            #expect(
                try await server.request("POST", "/api/body", json: ["type": "bmi", "value": 22], cookie: ada).detail
                    == "type must be one of ['body_fat_pct', 'height', 'weight']")
            #expect(
                try await server.request("POST", "/api/body", json: ["type": "weight", "value": 0], cookie: ada).detail
                    == "value must be positive")
            let weight = try await server.get("/api/metrics/weight/history", cookie: ada).json
            #expect(weight == ["type": "weight", "unit": "kg", "points": [["d": "2026-07-21", "v": 80.46]]])
            #expect(try await server.get("/api/metrics/steps/history", cookie: ada).status == 404)
            #expect(
                try await server.get("/api/progress", cookie: ada).json["weight"] == [["d": "2026-07-21", "v": 80.46]])

            let prefs = try await server.request(
                "PATCH", "/api/prefs",
                json: ["prefs": ["unit_load": "kg", "theme": "dark"], "units": "lb"], cookie: ada
            ).json
            #expect(
                prefs["units"] == "lb" && prefs["prefs"]?["unit_load"] == "kg" && prefs["prefs"]?["cook_nights"] == 4)
            let ignored = try await server.request("PATCH", "/api/prefs", json: ["units": "stone"], cookie: ada).json
            #expect(ignored["units"] == "lb" && ignored["prefs"]?["theme"] == "dark")
        }
    }

    @Test func plannedItemsAndTheExportOfOnlyYourOwnRows() async throws {
        try await withTestServer { server in
            // A member who never chose a load unit (the contract reads lb).
            try server.forgetLoadUnits()
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let item = try await server.request(
                "POST", "/api/plan-items",
                json: ["date": "2026-07-22", "kind": "workout", "plan_day": "0"], cookie: ada
            ).json
            #expect(item["title"] == "Lower A" && item["plan_day"] == "0" && item["notes"] == "")
            let id = try #require(item["id"]?.stringValue)
            #expect(
                try await server.request(
                    "POST", "/api/plan-items", json: ["date": "2026-07-22", "kind": "nap"], cookie: ada
                ).detail
                    == "kind must be workout or meal")
            #expect(
                try await server.request(
                    "POST", "/api/plan-items", json: ["date": "2026-07-22", "kind": "workout", "plan_day": "6"],
                    cookie: ada
                ).detail == "plan_day not in the active plan")
            #expect(
                try await server.request(
                    "POST", "/api/plan-items", json: ["date": "2026-07-22", "kind": "meal", "title": "  "],
                    cookie: ada
                ).detail == "title required")
            let meal = try await server.request(
                "POST", "/api/plan-items",
                json: ["date": "2026-07-22", "kind": "meal", "title": "Pizza", "plan_day": "0"], cookie: ada
            ).json
            #expect(meal["plan_day"] == .null)
            let edited = try await server.request(
                "PATCH", "/api/plan-items/\(id)", json: ["notes": " bring belt "], cookie: ada
            ).json
            #expect(edited["notes"] == "bring belt" && edited["title"] == "Lower A")
            #expect(
                try await server.request("PATCH", "/api/plan-items/\(id)", json: ["title": ""], cookie: ada).status
                    == 400)
            let week = try await server.get("/api/week?date=2026-07-22", cookie: ada).json
            #expect(week["days"]?.arrayValue?[2]["planned"]?.arrayValue?.count == 2)
            #expect(try await server.request("DELETE", "/api/plan-items/\(id)", cookie: ada).json == ["ok": true])
            #expect(try await server.request("DELETE", "/api/plan-items/\(id)", cookie: ada).status == 404)

            // Each member's export holds their own sessions and sets only.
            for (cookie, weight) in [(ada, 100.0), (ben, 42.5)] {
                let sid = try #require(
                    try await server.request("POST", "/api/sessions", json: ["date": "2026-07-20"], cookie: cookie)
                        .json["id"]?.stringValue)
                _ = try await server.request(
                    "POST", "/api/sessions/\(sid)/sets",
                    json: ["slug": "back-squat", "set_no": 1, "weight": .double(weight), "reps": 3], cookie: cookie)
                _ = try await server.request("POST", "/api/sessions/\(sid)/complete", json: [:], cookie: cookie)
            }
            let export = try await server.get("/api/export", cookie: ada).json
            #expect(export["user"]?["email"] == "ada@example.org")
            #expect(export["sessions"]?.arrayValue?.map { $0["day"]?.stringValue ?? "" } == ["2026-07-20"])
            #expect(export["sets"]?.arrayValue?.map { $0["weight"]?.doubleValue ?? 0 } == [100])
            #expect(export["records"]?.arrayValue?.count == 2 && export["meals"] == [])
            #expect(export["records"]?.arrayValue?.first?["detail"] == "220.46 lb × 3")  // default unit lb
        }
    }
}
