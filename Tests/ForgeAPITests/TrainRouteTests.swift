import ForgeAPI
import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation
import Testing

@Suite(.serialized) struct TrainRouteTests {
    @Test func mondayIsTheSquatDayWithWarmUpsAndPlateMath() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)  // a kg member on the kg Gym: the contract's texts
            let today = try await server.get("/api/today?date=2026-07-20", cookie: ada).json
            #expect(today["date"] == "2026-07-20")
            #expect(today["day_name"] == "Monday")
            #expect(today["kind"] == "strength")
            #expect(today["name"] == "Lower A")
            #expect(today["est"] == 52 && today["full_est"] == 52)
            #expect(today["cd"] == "full" && today["trims"] == [] && today["budget"] == .null)
            #expect(today["session"] == .null)
            let squat = try #require(today["exercises"]?.arrayValue?.first)
            #expect(squat["slug"] == "back-squat" && squat["name"] == "Back Squat" && squat["kind"] == "bb")
            #expect(squat["weight"]?.doubleValue == 60 && squat["sets"] == 3 && squat["base_sets"] == 3)
            #expect(squat["plate"] == "Per side: 20")
            #expect(squat["last"] == .null)
            // 60 kg: bar×10, r(30)=30×8, r(42)=42.5×5, r(51)=50×3 (half-even on 2.5 kg steps).
            let warmups = try #require(squat["warmups"]?.arrayValue)
            #expect(warmups.map { $0["weight"]?.doubleValue ?? -1 } == [20, 30, 42.5, 50])
            #expect(warmups.map { $0["reps"]?.intValue ?? -1 } == [10, 8, 5, 3])
            let rdl = try #require(today["exercises"]?.arrayValue?[1])
            #expect(rdl["plate"] == "Per side: 25" && rdl["warmups"] == nil)
            let split = try #require(today["exercises"]?.arrayValue?[2])
            #expect(split["kind"] == "db" && split["plate"] == "2 × 20 kg dumbbells")
            // Σ sets × reps × kg / 1000: 900 + 1680 + 600 + 0 = 3180 → 3.2 t.
            #expect(today["tonnage_est"]?.doubleValue == 3.2)
            #expect(today["profile"]?["name"] == "Gym" && today["profile"]?["bar_kg"]?.doubleValue == 20)
            // The standing left-knee niggle annotates the quad/hip-flexor stretch.
            let cooldown = try #require(today["cooldown"]?.arrayValue)
            #expect(cooldown.first?["slug"] == "quad-hip-flexor-stretch")
            #expect(cooldown.first?["why"] == "targets your left knee niggle")
            #expect(cooldown.first?["name"] == "Quad & hip flexor stretch")
            #expect(cooldown.count == 4)
            #expect(today["muscles"]?["primary"] == ["Quads", "Glutes", "Hamstrings", "Abs"])
        }
    }

    @Test func aBudgetTrimsAccessoriesButNeverTheMainLift() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let today = try await server.get("/api/today?date=2026-07-20&budget=30", cookie: ada).json
            #expect(today["budget"] == 30)
            let sets = today["exercises"]?.arrayValue?.map { $0["sets"]?.intValue ?? -1 }
            #expect(sets?.first == 3)
            #expect((today["est"]?.intValue ?? 99) <= 52)
            #expect(today["cd"] == "short")
            #expect(today["trims"]?.arrayValue?.contains("cool-down 5→2 min") == true)
            #expect(today["cooldown"]?.arrayValue?.isEmpty == false)

            let low = try await server.get("/api/today?date=2026-07-20&budget=20", cookie: ada)
            #expect(low.status == 422)
            #expect(low.json["detail"]?.arrayValue?.first?["loc"] == ["query", "budget"])
            let bad = try await server.get("/api/today?date=20-07-2026", cookie: ada)
            #expect(bad.status == 400 && bad.detail == "bad date")
        }
    }

    @Test func theSecondMemberGetsTheStarterPlanAtSixTenths() async throws {
        try await withTestServer { server in
            let ben = try await server.signIn("ben@example.org")
            let today = try await server.get("/api/today?date=2026-07-24", cookie: ben).json
            #expect(today["name"] == "Upper A")
            let weights = today["exercises"]?.arrayValue?.map { $0["weight"]?.doubleValue ?? -1 }
            // The plan holds 25, 35, 17.5, 12.5; the landmine press is a barbell lift and
            // 17.5 kg is lighter than the Gym's 20 kg bar, so the prescription is the bar (issue 14).
            #expect(weights == [25, 35, 20, 12.5])
            let landmine = today["exercises"]?.arrayValue?[2]["loadable"]
            #expect(landmine?["down_kg"]?.doubleValue == 20 && landmine?["up_kg"]?.doubleValue == 20)
            // Ben has no standing niggle: the cool-down carries no why.
            #expect(today["cooldown"]?.arrayValue?.allSatisfy { $0["why"] == nil } == true)
        }
    }

    @Test func restAndCardioDays() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let rest = try await server.get("/api/today?date=2026-07-21", cookie: ada).json
            #expect(rest["kind"] == "rest")
            #expect(rest["recovery"] == ["sleep_h": nil, "weight": nil, "resting_hr": nil])
            #expect(rest["tomorrow"]?["day_name"] == "Wednesday")
            #expect(rest["tomorrow"]?["kind"] == "cardio")
            #expect(rest["tomorrow"]?["cardio"]?["minutes"] == 40)
            let cardio = try await server.get("/api/today?date=2026-07-22", cookie: ada).json
            #expect(cardio["kind"] == "cardio" && cardio["name"] == "Zone 2 run")
            #expect(cardio["cardio"]?["hr_low"] == 125 && cardio["cardio"]?["hr_high"] == 140)
            // Sunday's next planned day is the following Monday.
            let sunday = try await server.get("/api/today?date=2026-07-26", cookie: ada).json
            #expect(sunday["tomorrow"]?["day_name"] == "Monday" && sunday["tomorrow"]?["cardio"] == .null)
        }
    }

    @Test func lastContextComesFromTheMembersOwnCompletedSessions() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            try server.app.db.write { db in
                let adaID = try #require(try HouseholdStore.user(email: "ada@example.org", in: db)).id
                // Completed session trained on 2026-07-13, logged after midnight UTC the next day.
                try db.execute(
                    """
                    INSERT INTO sessions (id, user_id, day, name, kind, status, started_at)
                    VALUES ('s1', ?, '2026-07-13', 'Lower A', 'strength', 'completed', '2026-07-13T18:00:00.000Z')
                    """, [adaID])
                for (n, reps, rpe) in [(1, 5, 7), (2, 5, 0), (3, 4, 9)] {
                    try db.execute(
                        """
                        INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, rpe, ts)
                        VALUES (?, 's1', ?, 'back-squat', ?, 57.5, ?, ?, ?)
                        """, [Identifier.make(), adaID, n, reps, rpe == 0 ? nil : rpe, "2026-07-14T00:1\(n):00.000Z"])
                }
                // An active session never counts.
                try db.execute(
                    """
                    INSERT INTO sessions (id, user_id, day, name, kind, status, started_at)
                    VALUES ('s2', ?, '2026-07-18', 'Lower A', 'strength', 'active', '2026-07-18T18:00:00.000Z')
                    """, [adaID])
                try db.execute(
                    """
                    INSERT INTO sets (id, session_id, user_id, slug, set_no, weight, reps, ts)
                    VALUES ('x', 's2', ?, 'back-squat', 1, 100, 5, '2026-07-18T18:05:00.000Z')
                    """, [adaID])
            }
            let today = try await server.get("/api/today?date=2026-07-20", cookie: ada).json
            let last = try #require(today["exercises"]?.arrayValue?.first?["last"])
            #expect(last["weight"]?.doubleValue == 57.5)
            #expect(last["reps"] == [5, 5, 4])
            #expect(last["rpe"] == [7, 9])
            #expect(last["when"] == "2026-07-13")
            let bens = try await server.get("/api/today?date=2026-07-20", cookie: ben).json
            #expect(bens["exercises"]?.arrayValue?.first?["last"] == .null)
            // The week shows the dangling active session from the 18th.
            let week = try await server.get("/api/week?date=2026-07-20", cookie: ada).json
            #expect(week["dangling"]?["id"] == "s2")
            #expect(week["dangling"]?["sets_done"] == 1)
            #expect(week["dangling"]?["day_name"] == "Saturday")
        }
    }

    @Test func theWeekSnapsToMondayAndListsSevenDays() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let week = try await server.get("/api/week?date=2026-07-23", cookie: ada).json
            #expect(week["start"] == "2026-07-20")
            let days = try #require(week["days"]?.arrayValue)
            #expect(days.count == 7)
            #expect(
                days.map { $0["kind"]?.stringValue ?? "" } == [
                    "strength", "rest", "cardio", "rest", "strength", "cardio", "rest",
                ])
            #expect(days[0]["est"] == 52 && days[0]["exercise_count"] == 4)
            #expect(days[2]["minutes"] == 40 && days[5]["minutes"] == 32)
            #expect(days[1]["name"] == .null && days[1]["focus"] == [])
            #expect(days.allSatisfy { $0["session"] == .null && $0["planned"] == [] })
            #expect(week["rationale"]?.stringValue?.isEmpty == false)
        }
    }

    @Test func exerciseLibraryListAndDetail() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let list = try #require(try await server.get("/api/exercises", cookie: ada).json.arrayValue)
            #expect(list.count == 65)
            let names = list.compactMap { $0["name"]?.stringValue }
            #expect(names == names.sorted())
            #expect(list.allSatisfy { $0["media_tier"] == "wanted" })
            let squats = try #require(try await server.get("/api/exercises?q=SQUAT", cookie: ada).json.arrayValue)
            #expect(squats.count == 5)
            let detail = try await server.get("/api/exercises/bulgarian-split-squat", cookie: ada).json
            #expect(detail["patterns"] == ["lunge", "deep_lunge"])
            #expect(detail["equipment"] == ["Dumbbells", "Bench"])
            #expect(detail["media_url"] == "")
            #expect((detail["cues"]?.arrayValue?.count ?? 0) >= 1)
            #expect(detail["dont"]?.stringValue?.isEmpty == false)
            let missing = try await server.get("/api/exercises/no-such-lift", cookie: ada)
            #expect(missing.status == 404 && missing.detail == "exercise not found")
        }
    }
}
