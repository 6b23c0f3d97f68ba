import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

/// The weekly review: built-in progression, the proposal, the summary in chat, coach runs, and the scheduler's clock.
struct CoachReviewTests {
    /// Sunday 29 Nov 2026, 21:00 in London (GMT).
    static let sundayEvening = Instant.parse("2026-11-29T21:00:00Z")!

    @Test func reviewProposesByTheRulesAndCitesTheWeek() async throws {
        let clock = FixedClock(Self.sundayEvening)
        try await withTestServer(clock: clock) { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)  // a kg member: the summary reads in kg
            let ben = try await server.signIn("ben@example.org")
            let adaID = try server.userID("ada@example.org")
            let plan = try #require(try server.activePlan(adaID))
            let bench = try #require(plan.entry(4, "bench-press"))
            let squat = try #require(plan.entry(0, "back-squat"))
            let benchSets = (0..<bench.sets).map { _ in TestSet("bench-press", bench.weight, bench.reps) }
            // A warm-up short of the target reps neither holds the lift nor shows in the summary.
            try server.logSession(
                adaID, day: "2026-11-24", name: "Upper A",
                sets: [TestSet("bench-press", 20, 5, rpe: nil, warmup: true)] + benchSets)
            try server.logSession(adaID, day: "2026-11-27", name: "Upper A", sets: benchSets)
            // Squat short two weeks running → deload.
            try server.logSession(
                adaID, day: "2026-11-23", name: "Lower A",
                sets: [
                    TestSet("back-squat", squat.weight, squat.reps),
                    TestSet("back-squat", squat.weight, squat.reps - 1, rpe: 9),
                ])
            try server.logSession(
                adaID, day: "2026-11-16", name: "Lower A",
                sets: [TestSet("back-squat", squat.weight, squat.reps - 2, rpe: 9)])

            let reply = try await server.request("POST", "/api/coach/run-review", cookie: ada)
            #expect(reply.status == 200)
            let summary = try #require(reply.json["summary"]?.stringValue)
            let reps = Array(repeating: String(bench.reps), count: bench.sets).joined(separator: "/")
            let w = NumberText.shortest(bench.weight)
            // Proposed, not in force: the new load is proposed, the current one stands until approval.
            #expect(
                summary.contains(
                    "Bench Press \(reps) twice at \(w) kg: every set met, so I propose "
                        + "\(NumberText.shortest(bench.weight + 2.5)) kg (your plan keeps \(w) kg until you approve)"))
            #expect(
                summary.contains("I propose a deload to \(NumberText.shortest(Progression.deload(squat.weight))) kg"))
            #expect(summary.contains("until then revision 1 stays in force"))
            #expect(summary.contains("3 strength"))

            let proposal = try await server.get("/api/proposal", cookie: ada).json["proposal"]
            #expect(proposal?["num"]?.intValue == 2)
            let content = try JSONCoding.decode(
                PlanContent.self, from: JSONCoding.encode(proposal?["content"] ?? .null))
            #expect(content.entry(4, "bench-press")?.weight == bench.weight + 2.5)
            #expect(content.entry(0, "back-squat")?.weight == Progression.deload(squat.weight))
            #expect(content.days[0]?.why?.contains("Back Squat eased") == true)
            // Romanian deadlift was not logged: it holds.
            #expect(content.entry(0, "romanian-deadlift")?.weight == plan.entry(0, "romanian-deadlift")?.weight)

            // Approving it changes /api/today for the coming week: Monday's squat and Friday's bench.
            func today(_ date: String, _ slug: String) async throws -> Double? {
                try await server.get("/api/today?date=\(date)", cookie: ada).json["exercises"]?.arrayValue?
                    .first { $0["slug"]?.stringValue == slug }?["weight"]?.doubleValue
            }
            #expect(try await today("2026-11-30", "back-squat") == squat.weight)
            #expect(try await today("2026-12-04", "bench-press") == bench.weight)
            let approved = try await server.request(
                "POST", "/api/proposal/\(proposal?["id"]?.stringValue ?? "")/approve", cookie: ada)
            #expect(approved.json["revision"] == 2)
            #expect(try await today("2026-11-30", "back-squat") == Progression.deload(squat.weight))
            #expect(try await today("2026-12-04", "bench-press") == bench.weight + 2.5)

            let chat = try await server.get("/api/chat", cookie: ada).json
            #expect(chat["messages"]?.arrayValue?.last?["text"]?.stringValue == summary)
            let runs = try #require(try await server.get("/api/coach/runs", cookie: ada).json.arrayValue)
            #expect(runs.count == 1)
            #expect(runs.first?["kind"] == "review" && runs.first?["model"] == "builtin")
            #expect(runs.first?["input_tokens"] == 0 && runs.first?["ok"] == true)
            #expect(runs.first?["duration_ms"]?.intValue != nil)

            // The household's food week: a validated proposal with its swaps named in the summary.
            let food = try #require(try await server.get("/api/food/proposal", cookie: ada).json["proposal"])
            let foodNum = try #require(food["num"]?.intValue)
            #expect(summary.contains("Food proposal #\(foodNum): "))
            let swaps = try #require(food["changes"]?.arrayValue)
            #expect(!swaps.isEmpty && swaps.count <= FoodWeekPlanner.maxSwaps)
            for swap in swaps {
                let what = try #require(swap["what"]?.stringValue)
                let arrow = try #require(what.range(of: " dinner: "))
                #expect(summary.contains(what[what.startIndex..<arrow.lowerBound] + ": " + what[arrow.upperBound...]))
            }
            // Ben's review the same week proposes training for him, not a second food week.
            _ = try server.app.coach.runReview(userID: try server.userID("ben@example.org"))
            #expect(try await server.get("/api/food/proposal", cookie: ben).json["proposal"]?["id"] == food["id"])

            // The other member sees none of Ada's training.
            let bens = try #require(try await server.get("/api/proposal", cookie: ben).json["proposal"])
            #expect(bens["id"] != proposal?["id"])
            #expect(try await server.get("/api/coach/runs", cookie: ben).json.arrayValue?.count == 1)
            let benChat = try await server.get("/api/chat", cookie: ben).json["messages"]?.arrayValue ?? []
            #expect(benChat.count == 1 && benChat.first?["text"]?.stringValue?.contains("Food proposal") == false)
        }
    }

    @Test func aNiggleSwapsTheAvoidedLift() async throws {
        try await withTestServer(clock: FixedClock(Self.sundayEvening)) { server in
            let adaID = try server.userID("ada@example.org")
            try server.app.db.write { db in
                try db.execute(
                    "UPDATE niggles SET avoid_patterns = '[\"lunge\",\"deep_lunge\"]' WHERE user_id = ?", [adaID])
            }
            _ = try server.app.coach.runReview(userID: adaID)
            let proposal = try #require(try server.app.db.read { try ProposalStore.pending(userID: adaID, in: $0) })
            let monday = try #require(proposal.content.days[0]?.strength)
            #expect(!monday.exercises.contains { $0.slug == "split-squat" })
            let library = ExerciseLibrary.seed
            #expect(monday.exercises.allSatisfy { !(library.exercise($0.slug)?.patterns.contains("lunge") ?? true) })
            #expect(monday.why?.contains("replaces Split Squat") == true)
        }
    }

    @Test func theSquatDepthNoteComesOffOnceNoNiggleLimitsDeepSquats() async throws {
        try await withTestServer(clock: FixedClock(Self.sundayEvening)) { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            func pending() throws -> ProposalRevision? {
                try server.app.db.read { try ProposalStore.pending(userID: adaID, in: $0) }
            }
            try server.app.db.write { db in
                try db.execute(
                    "UPDATE niggles SET avoid_patterns = '[\"deep_squat\",\"deep_lunge\"]' WHERE user_id = ?",
                    [adaID])
            }
            let original = try server.activePlan(adaID)?.entry(0, "back-squat")?.note
            _ = try server.app.coach.runReview(userID: adaID)
            let limited = try #require(try pending())
            #expect(limited.content.entry(0, "back-squat")?.note.contains("To parallel, no deeper") == true)
            #expect(try await server.approveProposal(ada) == limited.num)

            // The niggle clears: the next review takes the note off and says so.
            try server.app.db.write { db in
                try db.execute(
                    "UPDATE niggles SET status = 'cleared', cleared_at = '2026-11-29' WHERE user_id = ?", [adaID])
            }
            _ = try server.app.coach.runReview(userID: adaID)
            let cleared = try #require(try pending())
            let squat = try #require(cleared.content.entry(0, "back-squat"))
            #expect(!squat.note.contains("To parallel"), "\(squat.note)")
            #expect(squat.note == original)
            #expect(cleared.content.days[0]?.why?.contains("Back Squat back to full depth") == true)
            #expect(cleared.content.changes?.contains { $0.what == "Back Squat to full depth" } == true)
        }
    }

    @Test func aMondayReviewCountsTheSevenDaysEndingOnIt() async throws {
        // Monday 30 Nov 2026, 07:00, a review moved to Monday: the window is Tuesday 24 to Monday 30.
        try await withTestServer(clock: FixedClock(Instant.parse("2026-11-30T07:00:00Z")!)) { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)
            try server.planInForce(adaID, since: "2026-11-01")
            let plan = try #require(try server.activePlan(adaID))
            let bench = try #require(plan.entry(4, "bench-press"))
            let benchSets = (0..<bench.sets).map { _ in TestSet("bench-press", bench.weight, bench.reps) }
            try server.logSession(adaID, day: "2026-11-23", name: "Lower A", sets: [TestSet("back-squat", 40, 5)])
            try server.logRun(adaID, day: "2026-11-25", name: "Zone 2 run", km: 6, zone2: 40)
            try server.logSession(adaID, day: "2026-11-27", name: "Upper A", sets: benchSets)
            try server.logRun(adaID, day: "2026-11-28", name: "Intervals", km: 5, zone2: 4)
            let summary = try server.app.coach.runReview(userID: adaID)
            #expect(summary.hasPrefix("Week to Monday 2026-11-30: 1 strength and 2 cardio sessions done"), "\(summary)")
            // Monday's session is still to come this morning: neither done nor missed.
            #expect(summary.contains("3 of 3 planned sessions done this week"), "\(summary)")
            #expect(summary.contains("Bench Press 8/8/8 at \(NumberText.shortest(bench.weight)) kg"), "\(summary)")
        }
    }

    @Test func scheduledReviewsRunOncePerWeekAcrossARestart() async throws {
        let clock = FixedClock(Instant.parse("2026-11-29T19:59:00Z")!)
        try await withTestServer(clock: clock) { server in
            let adaID = try server.userID("ada@example.org")
            let benID = try server.userID("ben@example.org")
            #expect(server.app.coach.runDueReviews().isEmpty)
            clock.set(Instant.parse("2026-11-29T20:00:00Z")!)
            #expect(Set(server.app.coach.runDueReviews()) == [adaID, benID])
            #expect(server.app.coach.runDueReviews().isEmpty)
            // A new process on the same database: the ledger remembers the week.
            let restarted = CoachService(
                db: server.app.db, clock: clock, calendar: server.app.calendar, setting: { _ in "" })
            clock.set(Instant.parse("2026-11-29T23:30:00Z")!)
            #expect(restarted.runDueReviews().isEmpty)
            // Ben moves his review to Monday 07:00: next week's runs on Monday, Ada's on Sunday.
            try server.app.db.write { db in
                try db.execute(
                    "UPDATE users SET prefs = json_set(prefs, '$.review_weekday', 0, '$.review_hour', 7) WHERE id = ?",
                    [benID])
            }
            clock.set(Instant.parse("2026-11-30T07:00:00Z")!)
            #expect(restarted.runDueReviews() == [benID])
            clock.set(Instant.parse("2026-12-06T20:00:00Z")!)
            #expect(restarted.runDueReviews() == [adaID])
            let weeks: Int = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM coach_reviews") } ?? 0
            #expect(weeks == 4)
        }
    }
}
