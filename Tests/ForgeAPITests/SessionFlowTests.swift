import ForgeAPI
import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation
import Testing

/// A member trains whole sessions over HTTP, as the app does, and finds the
/// numbers a lifter would check by hand in history, detail, records and progress.
@Suite(.serialized) struct SessionFlowTests {
    static func at(_ text: String) -> Date { Instant.parse(text)! }

    func post(
        _ server: TestServer, _ path: String, _ body: JSONValue, _ cookie: String,
        headers: [String: String] = [:]
    ) async throws -> TestServer.Reply {
        try await server.request("POST", path, json: body, cookie: cookie, headers: headers)
    }

    /// Issue 28 item 7b: `e1rm` lists lifts in the order each was first logged, as the
    /// original does (its client builds the progress tabs from the first three), so a
    /// swapped-in lift logged second is second, ahead of a planned lift logged later.
    @Test func e1rmListsLiftsInTheOrderEachWasFirstLogged() async throws {
        let clock = FixedClock(Self.at("2026-07-20T17:00:00.000Z"))  // Monday: Lower A
        try await withTestServer(clock: clock) { server in
            let ada = try await server.signIn("ada@example.org")
            let start = try await post(server, "/api/sessions", [:], ada)
            let sid = try #require(start.json["id"]?.stringValue)
            let targets = try #require(start.json["fitted"]?["targets"]?.arrayValue)
            let planned = targets.compactMap { $0["slug"]?.stringValue }
            #expect(planned.prefix(2) == ["back-squat", "romanian-deadlift"])
            let third = try #require(planned.dropFirst(2).first)
            let sets: [JSONValue] = [
                ["slug": "back-squat", "set_no": 1, "weight": 60, "reps": 5],
                ["slug": "deadlift", "substituted_for": "romanian-deadlift", "set_no": 1, "weight": 80, "reps": 5],
                ["slug": .string(third), "set_no": 1, "weight": 16, "reps": 8],
            ]
            for body in sets {
                clock.advance(300)
                #expect(try await post(server, "/api/sessions/\(sid)/sets", body, ada).status == 200)
            }
            #expect(try await post(server, "/api/sessions/\(sid)/complete", [:], ada).status == 200)
            let text = String(decoding: try await server.get("/api/progress", cookie: ada).data, as: UTF8.self)
            let order = ["back-squat", "deadlift", third].map { slug in
                text.range(of: "\"\(slug)\":{\"name\"")?.lowerBound
            }
            #expect(order.allSatisfy { $0 != nil }, "\(text)")
            let found = order.compactMap { $0 }
            #expect(found == found.sorted(), "\(text)")  // planned-first would put \(third) before deadlift
        }
    }

    @Test func aFullSquatSessionShowsUpEverywhereWithHandCheckedNumbers() async throws {
        let clock = FixedClock(Self.at("2026-07-13T17:00:00.000Z"))  // Monday, 18:00 in London
        try await withTestServer(clock: clock) { server in
            // A member who never chose a load unit (the contract reads lb).
            try server.forgetLoadUnits()
            let ada = try await server.signIn("ada@example.org")
            // Deadlift shown in kg, everything else in the default lb.
            let adaUser = try server.app.db.read { try HouseholdStore.user(email: "ada@example.org", in: $0) }!
            _ = try server.app.db.write {
                try HouseholdStore.updatePrefs(merge: ["load_units": ["deadlift": "kg"]], userID: adaUser.id, in: $0)
            }

            // Week 1: one squat set sets the baseline records silently.
            let first = try await post(server, "/api/sessions", [:], ada).json
            let firstID = try #require(first["id"]?.stringValue)
            let baseline = try await post(
                server, "/api/sessions/\(firstID)/sets",
                ["slug": "back-squat", "set_no": 1, "weight": 60, "reps": 5, "rpe": 7], ada
            ).json
            #expect(baseline["pbs"] == [])
            #expect(try await post(server, "/api/sessions/\(firstID)/complete", [:], ada).status == 200)

            // Week 2, Monday 2026-07-20.
            clock.set(Self.at("2026-07-20T17:00:00.000Z"))
            let start = try await post(server, "/api/sessions", ["budget": .null], ada)
            #expect(start.status == 200 && start.json["resumed"] == false)
            let sid = try #require(start.json["id"]?.stringValue)
            let fitted = start.json["fitted"]
            #expect(fitted?["name"] == "Lower A" && fitted?["est"] == 52 && fitted?["cd"] == "full")
            let squatTarget = try #require(fitted?["targets"]?.arrayValue?.first)
            #expect(squatTarget["slug"] == "back-squat" && squatTarget["sets"] == 3)
            #expect(squatTarget["last"] == ["weight": 60, "reps": [5], "rpe": [7], "when": "2026-07-13"])
            #expect(
                squatTarget["loadable"]?["down_kg"]?.doubleValue == 60
                    && squatTarget["loadable"]?["up_kg"]?.doubleValue == 60)
            #expect(fitted?["targets"]?.arrayValue?[2]["loadable"] == nil)  // split squat: dumbbells
            #expect(fitted?["cooldown"]?.arrayValue?.first?["why"] == "targets your left knee niggle")
            // Starting again resumes the same session.
            let again = try await post(server, "/api/sessions", [:], ada).json
            #expect(again["id"]?.stringValue == sid && again["resumed"] == true)

            // Four squat sets; the last is 162.5 lb sent as full-precision kg.
            let topKg = 162.5 * 0.45359237
            let squats: [(Double, Int)] = [(60, 7), (62.5, 8), (65, 8), (topKg, 9)]
            var pbs: [JSONValue] = []
            for (i, (kg, rpe)) in squats.enumerated() {
                clock.advance(300)
                let reply = try await post(
                    server, "/api/sessions/\(sid)/sets",
                    [
                        "slug": "back-squat", "set_no": .int(i + 1), "weight": .double(kg), "reps": 5,
                        "rpe": .int(rpe), "client_id": .string("squat-\(i + 1)"),
                    ], ada)
                #expect(reply.status == 200)
                pbs.append(reply.json["pbs"] ?? .null)
            }
            // 60 × 5 ties the baseline (no PB); 62.5 × 5 → e1RM 72.9 and best set 62.5.
            #expect(pbs[0] == [])
            #expect(pbs[1].arrayValue?.map { $0["kind"]?.stringValue ?? "" } == ["e1rm", "best_set"])
            #expect(pbs[1].arrayValue?.first?["value"]?.doubleValue == 72.9)
            #expect(pbs[3].arrayValue?.first?["value"]?.doubleValue == 86.0)  // 73.7088 × 7/6 = 85.99
            #expect(pbs[3].arrayValue?.first?["detail"] == "162.5 lb × 5")

            // An offline-queue replay of set 4 (same client id, also as a header) inserts nothing.
            let replay = try await post(
                server, "/api/sessions/\(sid)/sets",
                [
                    "slug": "back-squat", "set_no": 4, "weight": .double(topKg), "reps": 5, "rpe": 9,
                    "client_id": "squat-4",
                ], ada)
            #expect(replay.status == 200 && replay.json == ["ok": true, "pbs": pbs[3]])
            let headerKey = ["Idempotency-Key": "swap-1"]
            let swapBody: JSONValue = [
                "slug": "deadlift", "substituted_for": "romanian-deadlift", "set_no": 1,
                "weight": 80, "reps": 8, "rpe": 8,
            ]
            clock.advance(300)
            let swap = try await post(server, "/api/sessions/\(sid)/sets", swapBody, ada, headers: headerKey)
            let swapAgain = try await post(server, "/api/sessions/\(sid)/sets", swapBody, ada, headers: headerKey)
            // first deadlift: silent
            #expect(swap.status == 200 && swap.json == swapAgain.json && swap.json["pbs"] == [])
            let rows: Int =
                try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM sets WHERE session_id = ?", [sid]) } ?? -1
            #expect(rows == 5)

            clock.set(Self.at("2026-07-20T18:00:00.000Z"))
            let done = try await post(
                server, "/api/sessions/\(sid)/complete",
                ["cooldown_status": "done", "cooldown_min": 4, "notes": "  felt strong "], ada)
            #expect(done.status == 200 && done.json["cooldown_status"] == "done")
            let stats = try #require(done.json["stats"])
            // (300 + 312.5 + 325 + 368.5438 + 640) / 1000 = 1.946 → 1.95 t; RPE (7+8+8+9+8)/5 = 8.0.
            #expect(stats["tonnage"]?.doubleValue == 1.95)
            #expect(stats["sets_done"] == 5 && stats["sets_planned"] == 12 && stats["partial"] == true)
            #expect(stats["avg_rpe"]?.doubleValue == 8.0)
            #expect(stats["duration_s"] == 3600)
            // Completing twice is refused and changes nothing.
            let twice = try await post(server, "/api/sessions/\(sid)/complete", [:], ada)
            #expect(twice.status == 409 && twice.detail == "session is not active")
            let late = try await post(
                server, "/api/sessions/\(sid)/sets", ["slug": "back-squat", "set_no": 5, "reps": 5], ada)
            #expect(late.status == 409)

            // History: newest trained day first.
            let history = try await server.get("/api/history", cookie: ada).json.arrayValue ?? []
            #expect(history.map { $0["day"]?.stringValue ?? "" } == ["2026-07-20", "2026-07-13"])
            #expect(history.first?["stats"]?["tonnage"]?.doubleValue == 1.95 && history.first?["favorite"] == false)

            // Detail: grouped by performed slug, the swap names what it replaced.
            let detail = try await server.get("/api/sessions/\(sid)", cookie: ada).json
            #expect(
                detail["status"] == "completed" && detail["notes"] == "felt strong" && detail["day"] == "2026-07-20")
            #expect(detail["fitted"]?["cooldown_min"] == 4)
            let groups = try #require(detail["exercises"]?.arrayValue)
            #expect(groups.map { $0["slug"]?.stringValue ?? "" } == ["back-squat", "deadlift"])
            #expect(groups[0]["sets"]?.arrayValue?.count == 4 && groups[0]["substituted_for"] == .null)
            #expect(groups[0]["sets"]?.arrayValue?[3]["weight"]?.doubleValue == topKg)  // never rounded on write
            #expect(groups[1]["substituted_for"] == "romanian-deadlift" && groups[1]["name"] == "Deadlift")

            // Records: by slug, detail in each lift's unit, dated by trained day.
            let records = try await server.get("/api/records", cookie: ada).json.arrayValue ?? []
            let summary = records.map {
                "\($0["slug"]?.stringValue ?? "") \($0["kind"]?.stringValue ?? "") \($0["detail"]?.stringValue ?? "") \($0["achieved_on"]?.stringValue ?? "")"
            }
            #expect(
                summary == [
                    "back-squat best_set 162.5 lb × 5 2026-07-20", "back-squat e1rm 162.5 lb × 5 2026-07-20",
                    "deadlift best_set 80 kg × 8 2026-07-20", "deadlift e1rm 80 kg × 8 2026-07-20",
                ])
            #expect(records.first { $0["slug"] == "deadlift" && $0["kind"] == "e1rm" }?["value"]?.doubleValue == 101.3)

            // Progress: e1RM by trained day with a trend; this week's PRs and ring.
            let progress = try await server.get("/api/progress", cookie: ada).json
            let squat = try #require(progress["e1rm"]?["back-squat"])
            #expect(squat["name"] == "Back Squat")
            // 60 × 7/6; 73.7088 × 7/6
            #expect(squat["points"] == [["d": "2026-07-13", "v": 70], ["d": "2026-07-20", "v": 86]])
            #expect(squat["trend"]?["status"] == "building" && squat["trend"]?["change_kg"]?.doubleValue == 16.0)
            #expect(squat["trend"]?["window_days"] == 7)
            #expect(progress["prs_this_week"] == 1)  // the squat; the first deadlift was silent
            #expect(progress["week"]?["done"] == 1 && progress["week"]?["planned"] == 4)

            // Today's `last` comes from this session, by trained day; Today carries loadable too.
            let today = try await server.get("/api/today?date=2026-07-27", cookie: ada).json
            let squatToday = try #require(today["exercises"]?.arrayValue?.first)
            #expect(squatToday["last"]?["when"] == "2026-07-20" && squatToday["last"]?["reps"] == [5, 5, 5, 5])
            #expect(squatToday["loadable"]?["up_kg"]?.doubleValue == 60)

            // The dashboard's twelve weeks end with this one: 0.3 t last week, 1.95 t this week.
            let dash = try await server.get("/api/dashboard", cookie: ada).json
            let tonnage = dash["tonnage_weekly"]?.arrayValue ?? []
            #expect(tonnage.count == 12 && tonnage.first?["week"] == "2026-05-04")
            #expect(tonnage.suffix(2).map { $0["v"]?.doubleValue ?? -1 } == [0.3, 1.95])
            let thisWeek = try #require(dash["heatmap"]?.arrayValue?.last?["days"]?.arrayValue)
            #expect(
                thisWeek.map { $0["s"]?.stringValue ?? "" } == [
                    "done", "future", "future", "future", "future", "future", "future",
                ])
            let lastWeek = try #require(dash["heatmap"]?.arrayValue?[10]["days"]?.arrayValue)
            #expect(
                lastWeek.map { $0["s"]?.stringValue ?? "" } == [
                    "done", "off", "missed", "off", "missed", "missed", "off",
                ])
            #expect(dash["unit_load"] == "lb" && dash["load_units"] == ["deadlift": "kg"])
            #expect(dash["records"]?.arrayValue?.count == 4 && dash["prs_this_week"] == 1)
        }
    }

    @Test func aSessionFinishedAfterMidnightKeepsItsTrainedDay() async throws {
        let clock = FixedClock(Self.at("2026-07-19T20:00:00.000Z"))  // Sunday 21:00 London
        try await withTestServer(clock: clock) { server in
            let ada = try await server.signIn("ada@example.org")
            // Sunday is a rest day: pull Monday's Lower A forward.
            let none = try await post(server, "/api/sessions", [:], ada)
            #expect(none.status == 400 && none.detail == "no strength session planned for this day")
            let start = try await post(server, "/api/sessions", ["plan_day": "0", "budget": 30], ada).json
            let sid = try #require(start["id"]?.stringValue)
            #expect(start["fitted"]?["name"] == "Lower A" && start["fitted"]?["budget"] == 30)
            clock.advance(600)
            _ = try await post(
                server, "/api/sessions/\(sid)/sets", ["slug": "back-squat", "set_no": 1, "weight": 100, "reps": 5], ada)
            // The next morning the session dangles; completing it keeps Sunday and ends at the last set.
            clock.set(Self.at("2026-07-20T07:30:00.000Z"))
            let week = try await server.get("/api/week", cookie: ada).json
            #expect(week["dangling"]?["id"]?.stringValue == sid && week["dangling"]?["sets_done"] == 1)
            let done = try await post(server, "/api/sessions/\(sid)/complete", [:], ada).json
            #expect(done["stats"]?["duration_s"] == 600)
            let progress = try await server.get("/api/progress", cookie: ada).json
            #expect(progress["e1rm"]?["back-squat"]?["points"] == [["d": "2026-07-19", "v": 116.7]])
            let records = try await server.get("/api/records", cookie: ada).json.arrayValue ?? []
            #expect(records.first?["achieved_on"] == "2026-07-19")
            // A PR set last week does not count this week (Monday 07-20 starts a new household week).
            #expect(progress["prs_this_week"] == 0)
        }
    }

    @Test func correctionsRaiseRecordsButNeverLowerThem() async throws {
        let clock = FixedClock(Self.at("2026-07-20T17:00:00.000Z"))
        try await withTestServer(clock: clock) { server in
            let ada = try await server.signIn("ada@example.org")
            let sid = try #require(try await post(server, "/api/sessions", [:], ada).json["id"]?.stringValue)
            _ = try await post(
                server, "/api/sessions/\(sid)/sets",
                ["slug": "back-squat", "set_no": 1, "weight": 60, "reps": 5, "rpe": 7], ada)
            _ = try await post(server, "/api/sessions/\(sid)/complete", [:], ada)
            let up = try await server.request(
                "PATCH", "/api/sessions/\(sid)/sets",
                json: ["slug": "back-squat", "set_no": 1, "weight": 70, "reps": 5, "rpe": 9], cookie: ada)
            #expect(up.status == 200 && up.json["pbs"]?.arrayValue?.count == 2)
            let after = try await server.get("/api/sessions/\(sid)", cookie: ada).json
            #expect(after["stats"]?["tonnage"]?.doubleValue == 0.35 && after["stats"]?["avg_rpe"]?.doubleValue == 9.0)
            let down = try await server.request(
                "PATCH", "/api/sessions/\(sid)/sets",
                json: ["slug": "back-squat", "set_no": 1, "weight": 50, "reps": 5], cookie: ada)
            #expect(down.status == 200 && down.json["pbs"] == [])
            let records = try await server.get("/api/records", cookie: ada).json.arrayValue ?? []
            #expect(records.map { $0["value"]?.doubleValue ?? 0 } == [70, 81.7])
            let missing = try await server.request(
                "PATCH", "/api/sessions/\(sid)/sets",
                json: ["slug": "back-squat", "set_no": 9, "reps": 5], cookie: ada)
            #expect(missing.status == 404 && missing.detail == "set not found")
            // Favourite, notes, history filters, delete.
            let fav = try await server.request(
                "PATCH", "/api/sessions/\(sid)/favorite", json: ["favorite": "true"], cookie: ada)
            #expect(fav.json == ["ok": true, "favorite": true])
            #expect(try await server.get("/api/history?favorites=true", cookie: ada).json.arrayValue?.count == 1)
            #expect(try await server.get("/api/history?limit=0", cookie: ada).status == 422)
            #expect(try await server.get("/api/history?limit=101", cookie: ada).status == 422)
            #expect(try await server.get("/api/history?offset=-1", cookie: ada).status == 422)
            #expect(try await server.get("/api/history?favorites=maybe", cookie: ada).status == 422)
            #expect(try await server.get("/api/history?offset=1", cookie: ada).json == [])
            let bad = try await post(
                server, "/api/sessions/\(sid)/sets", ["slug": "back-squat", "set_no": 1, "weight": -5, "reps": 5], ada)
            #expect(bad.status == 422)
            #expect(try await server.request("DELETE", "/api/sessions/\(sid)", cookie: ada).json == ["ok": true])
            #expect(try await server.get("/api/sessions/\(sid)", cookie: ada).status == 404)
            #expect(try await server.get("/api/history", cookie: ada).json == [])
            #expect(try await server.get("/api/records", cookie: ada).json.arrayValue?.count == 2)  // records stay
        }
    }
}
