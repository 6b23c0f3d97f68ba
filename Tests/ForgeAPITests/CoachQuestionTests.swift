import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

/// Issue 41, items 4 and 5: the built-in coach answers the question asked,
/// and its review tells what is in force from what is proposed.
struct CoachQuestionTests {
    /// Thursday 3 Dec 2026, 10:00 in London: a rest day in the starter plan (Mon, Wed, Fri, Sat).
    static let thursday = Instant.parse("2026-12-03T10:00:00Z")!

    @Test func howWasMyWeekAnswersTheWeekAgainstThePlan() async throws {
        try await withTestServer(clock: FixedClock(Self.thursday)) { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)
            try server.planInForce(adaID, since: "2026-11-01")
            let sets = [TestSet("back-squat", 60, 5), TestSet("back-squat", 60, 5), TestSet("back-squat", 60, 5)]
            // A warm-up is neither a working set nor tonnage.
            try server.logSession(
                adaID, day: "2026-11-30", name: "Lower A", sets: [TestSet("back-squat", 20, 5, warmup: true)] + sets)
            try server.logRun(adaID, day: "2026-12-02", name: "Zone 2 run", km: 6.5, zone2: 38)
            try server.logSession(adaID, day: "2026-11-27", name: "Last week", sets: sets)  // not this week

            let week = try await server.say("How was my week?", as: ada)
            #expect(
                week.contains("2 of 2 planned sessions done (Lower A Monday done, Zone 2 run Wednesday done)"),
                "\(week)")
            #expect(week.contains("3 working sets, 900 kg lifted in 1 session"), "\(week)")
            #expect(week.contains("Runs: 1, 6.5 km") && week.contains("Zone 2: 38 of 40 planned minutes"), "\(week)")
            #expect(week.contains("Still to come: Upper A on Friday and Intervals on Saturday"), "\(week)")
            #expect(!week.contains("Your last session"))

            let today = try await server.say("What should I do today?", as: ada)
            #expect(
                today.hasPrefix("Today (Thursday) is a rest day in your plan. Next: Upper A on Friday ("), "\(today)")
            for line in try await server.todayLines("2026-12-04", cookie: ada) {
                #expect(today.contains(line), "\(line) in \(today)")
            }
            #expect(!today.contains("No completed strength session"))

            let tomorrow = try await server.say("And tomorrow?", as: ada)
            #expect(tomorrow.hasPrefix("Friday 2026-12-04 is Upper A: Bench Press 3×8 at 40 kg"), "\(tomorrow)")
            let runs = try await server.say("How are my runs going?", as: ada)
            #expect(
                runs == "This week: 1 cardio session, 6.5 km and 38 zone-2 minutes of the 40 your plan sets so far.")
            let other = try await server.say("Is my elbow ok?", as: ada)
            #expect(other.hasPrefix("I answer from your data:") && other.contains("Today (Thursday) is a rest day"))
        }
    }

    /// Issue 41 trial: "What should I do tomorrow?" is about tomorrow, and on a Monday the runs
    /// question reads the week just ended, as "How was my week?" does.
    @Test func tomorrowIsTomorrowAndAMondayReadsTheWeekJustEnded() async throws {
        let monday = Instant.parse("2026-12-07T09:00:00Z")!
        try await withTestServer(clock: FixedClock(monday)) { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)
            try server.planInForce(adaID, since: "2026-11-01")
            try server.logRun(adaID, day: "2026-12-02", name: "Zone 2 run", km: 6.5, zone2: 38)
            for question in ["What should I do tomorrow?", "What's on tomorrow?", "what am i doing tomorrow"] {
                let answer = try await server.say(question, as: ada)
                #expect(answer.hasPrefix("Tuesday 2026-12-08"), "\(question) → \(answer)")
            }
            let today = try await server.say("What should I do today?", as: ada)
            #expect(today.hasPrefix("Today (Monday)"), "\(today)")
            let runs = try await server.say("How are my runs going?", as: ada)
            #expect(
                runs == "Last week: 1 cardio session, 6.5 km and 38 zone-2 minutes of the 40 your plan sets.", "\(runs)"
            )
        }
    }

    /// Issue 41 trial: Ada finished intake on Monday 7 Dec and approved a plan with Upper A on
    /// Thursday; the week before is judged against the starter plan then in force (Upper A on
    /// Friday), and the review's window day by day against the plan of each day.
    @Test func aWeekIsJudgedAgainstThePlanInForceOnEachDay() async throws {
        let monday = Instant.parse("2026-12-07T09:00:00Z")!
        try await withTestServer(clock: FixedClock(monday)) { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)
            let adaID = try server.userID("ada@example.org")
            try server.planInForce(adaID, since: "2026-11-01")
            try server.logSession(adaID, day: "2026-11-30", name: "Lower A", sets: [TestSet("back-squat", 60, 5)])
            try server.logSession(adaID, day: "2026-12-04", name: "Upper A", sets: [TestSet("bench-press", 40, 8)])
            for text in ["Hi", "Get stronger", "4 days: Monday, Wednesday, Thursday and Saturday", "A few years"] {
                _ = try await server.say(text, as: ada)
            }
            _ = try await server.say("none", as: ada)
            #expect(try await server.approveProposal(ada) != nil)
            #expect(try server.activePlan(adaID)?.days[3]?.name == "Upper A")

            let week = try await server.say("How was my week?", as: ada)
            #expect(
                week.contains(
                    "2 of 4 planned sessions done (Lower A Monday done, Zone 2 run Wednesday missed, "
                        + "Upper A Friday done, Intervals Saturday missed)"), "\(week)")
            #expect(!week.contains("Thursday") && !week.contains("Off the plan"), "\(week)")

            // The review's seven days (Tuesday 1 to Monday 7 Dec): the starter plan's Wednesday,
            // Friday and Saturday; today's Lower A of the new plan is still to come.
            let summary = try server.app.coach.runReview(userID: adaID)
            #expect(summary.contains("1 of 3 planned sessions done this week"), "\(summary)")
        }
    }

    /// A member who joined today has no plan for the days before: nothing was missed.
    @Test func aMemberWhoJustJoinedMissedNothingLastWeek() async throws {
        let monday = Instant.parse("2026-12-07T09:00:00Z")!
        try await withTestServer(clock: FixedClock(monday)) { server in
            let ben = try await server.signIn("ben@example.org")
            for text in ["Hi", "Get stronger", "3 days a week", "Never lifted", "none"] {
                _ = try await server.say(text, as: ben)
            }
            let week = try await server.say("how was my week", as: ben)
            #expect(week.contains("no plan in force, so nothing to measure against"), "\(week)")
            #expect(!week.contains("missed"), "\(week)")
        }
    }

    @Test func bodyWeightLiftsProgressByRepsAndTheReviewKeepsProposedApartFromInForce() async throws {
        try await withTestServer(clock: FixedClock(Instant.parse("2026-11-29T21:00:00Z")!)) { server in
            for (email, auto) in [("ada@example.org", false), ("ben@example.org", true)] {
                let cookie = try await server.signIn(email)
                try await server.setLoadUnit("lb", cookie: cookie)
                if auto {
                    _ = try await server.request(
                        "PATCH", "/api/prefs", json: ["prefs": ["coach_approval": "auto"]], cookie: cookie)
                }
                let id = try server.userID(email)
                try server.onboard(id)
                let raises = (0..<3).map { _ in TestSet("hanging-leg-raise", 0, 12) }
                try server.logSession(id, day: "2026-11-23", name: "Lower A", sets: raises)
                try server.logSession(id, day: "2026-11-26", name: "Lower A", sets: raises)
                let summary = try #require(
                    try await server.request("POST", "/api/coach/run-review", cookie: cookie).json["summary"]?
                        .stringValue)
                // Every set met: the lift moves on reps, it neither holds nor takes a load.
                #expect(!summary.contains("0 lb") && !summary.contains("stays at"), "\(summary)")
                let head = "Hanging Leg Raise 12/12/12 twice (body weight): every set met, so "
                if auto {
                    #expect(summary.contains(head + "14 reps from now on"), "\(summary)")
                    #expect(summary.contains("is now your plan (auto-approve is on)"))
                    #expect(try server.activePlan(id)?.entry(0, "hanging-leg-raise")?.reps == 14)
                } else {
                    #expect(summary.contains(head + "I propose 14 reps (your plan keeps 12 reps until you approve)"))
                    #expect(summary.contains("until then revision 1 stays in force, and Today shows its loads"))
                    // In force: still 12 reps; proposed: 14 at no load.
                    #expect(try server.activePlan(id)?.entry(0, "hanging-leg-raise")?.reps == 12)
                    let proposal = try #require(
                        try server.app.db.read { try ProposalStore.pending(userID: id, in: $0) })
                    #expect(proposal.content.entry(0, "hanging-leg-raise")?.reps == 14)
                    #expect(proposal.content.entry(0, "hanging-leg-raise")?.weight == 0)
                    // Asked about today while it waits: the plan in force, and the proposal named apart.
                    let today = try await server.say("What should I do today?", as: cookie)
                    #expect(today.contains("revision 1, in force; proposal #2 (waiting for your approval)"), "\(today)")
                }
            }
        }
    }

    @Test func aWaitingProposalSaysWhatItChangesOnTheDay() async throws {
        // Wednesday 2 Dec 2026: the Zone 2 run day of the starter plan.
        let clock = FixedClock(Instant.parse("2026-12-02T10:00:00Z")!)
        try await withTestServer(clock: clock) { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)
            var content = try #require(try server.activePlan(adaID))
            // Monday: the Romanian deadlift out, a fourth squat set; Wednesday: the run five minutes longer.
            var monday = try #require(content.days[0]?.strength)
            monday.exercises.removeAll { $0.slug == "romanian-deadlift" }
            let squat = try #require(monday.exercises.firstIndex { $0.slug == "back-squat" })
            monday.exercises[squat].sets += 1
            monday.why = "Monday: one lift fewer, one squat set more"
            content.days[0] = .strength(monday)
            var run = try #require(content.days[2]?.cardio)
            run.cardio.minutes += 5
            run.why = "Wednesday: a longer run"
            content.days[2] = .cardio(run)
            let member = try server.member(adaID)
            _ = try server.app.db.write { db in
                try ProposalStore.propose(
                    member: member, content: try .encoded(content), rationale: "A longer run and a shorter Monday.",
                    now: clock.now(), in: db)
            }
            let today = try await server.say("What should I do today?", as: ada)
            #expect(today.contains("would change Zone 2 run to \(run.cardio.minutes) min."), "\(today)")
            #expect(!today.contains("keeps Zone 2 run as it is"), "\(today)")
            clock.set(Instant.parse("2026-12-06T10:00:00Z")!)
            let tomorrow = try await server.say("And tomorrow?", as: ada)
            let sets = monday.exercises[squat].sets
            #expect(
                tomorrow.contains("would change Back Squat to \(sets) sets and Romanian Deadlift out."), "\(tomorrow)")
        }
    }

    @Test(arguments: [
        (20, [20, 20, 20], [20, 20, 20], Progression.Decision.variation(reps: 20)),
        (12, [12, 10, 9], [12, 11, 10], .reps(from: 12, to: 10)),
        (12, [12, 10, 9], [], .hold(0, reason: "some sets fell short")),
        (19, [19, 19], [], .reps(from: 19, to: 20)),
    ])
    func theBodyWeightRule(reps: Int, thisWeek: [Int], lastWeek: [Int], expected: Progression.Decision) {
        func sets(_ list: [Int]) -> [LoggedSet] {
            list.enumerated().map {
                LoggedSet(
                    slug: "x", substitutedFor: nil, setNo: $0.offset + 1, weight: 0, reps: $0.element, rpe: 8, ts: "")
            }
        }
        let entry = PlanExercise(slug: "hanging-leg-raise", sets: 3, reps: reps, weight: 0)
        #expect(Progression.decide(entry, kind: .bw, thisWeek: sets(thisWeek), lastWeek: sets(lastWeek)) == expected)
    }
}
