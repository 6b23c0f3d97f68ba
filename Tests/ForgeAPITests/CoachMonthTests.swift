import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

/// Issue 41, "Must show": a month with the built-in coach as a member lives
/// it — intake, the first week approved, three weeks of training with three
/// weekly reviews, and today questions on training and rest days — each
/// answer checked against the data (`/api/today`, the plan in force, the
/// proposal waiting, the sessions logged).
struct CoachMonthTests {
    /// Monday 2 Nov 2026 (London is on GMT, so these instants are household times).
    static func at(_ day: LocalDate, _ hour: Int) -> Date {
        Instant.parse("\(day)T\(hour < 10 ? "0" : "")\(hour):00:00Z")!
    }

    @Test func aMonthOfIntakeTrainingReviewsAndTodayQuestions() async throws {
        let start = LocalDate("2026-11-02")!
        let clock = FixedClock(Self.at(start, 8))
        try await withTestServer(clock: clock) { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)
            let adaID = try server.userID("ada@example.org")
            func say(_ text: String) async throws -> String { try await server.say(text, as: ada) }

            // Intake, the member's words as typed.
            let opening = try await say("Hi! I want to get stronger and run a 10k.")
            #expect(opening.hasSuffix(Intake.questions[1].text), "\(opening)")
            _ = try await say("Monday, Wednesday, Thursday and Saturday, about an hour")
            _ = try await say("A couple of years, on and off")
            let intake = try await say("My left knee gets sore on deep squats")
            #expect(intake.contains("4 days (Monday, Wednesday, Thursday and Saturday)"), "\(intake)")
            #expect(intake.contains("Back Squat stays in, to parallel and no deeper"), "\(intake)")

            // Before approving, today is the plan in force, with the proposal named apart.
            let waiting = try await say("What should I do today?")
            #expect(waiting.hasPrefix("Today (Monday) is Lower A:"), "\(waiting)")
            #expect(waiting.contains("That is revision 1, in force; proposal #2 (waiting for your approval)"))
            #expect(try await server.approveProposal(ada) == 2)
            let plan = try #require(try server.activePlan(adaID))
            #expect(plan.weekdays == [0, 2, 3, 5])

            let monday = try await say("What should I do today?")
            for line in try await server.todayLines(start.description, cookie: ada) {
                #expect(monday.contains(line), "\(line) in \(monday)")
            }
            #expect(monday.contains("To parallel, no deeper") && !monday.contains("in force;"), "\(monday)")

            for week in 0..<3 {
                let mondayOf = start.adding(days: 7 * week)
                let active = try #require(try server.activePlan(adaID))
                var sets: [TestSet] = []
                var done = 0
                var zone2 = 0.0

                // A rest day: today's answer is rest, and the next planned day.
                clock.set(Self.at(mondayOf.adding(days: 1), 7))
                let rest = try await say("What should I do today?")
                let run = try #require(active.days[2]?.cardio?.cardio)
                #expect(
                    rest
                        == "Today (Tuesday) is a rest day in your plan. Next: Zone 2 run on Wednesday "
                        + "(\(run.minutes) min run at \(run.hrLow)–\(run.hrHigh) bpm).", "\(rest)")

                for weekday in active.weekdays {
                    let date = mondayOf.adding(days: weekday)
                    clock.set(Self.at(date, 7))
                    if weekday == 3 {
                        // A training day, asked before training: the session Today prescribes.
                        let today = try await say("what's on today?")
                        #expect(today.hasPrefix("Today (Thursday) is Upper A: "), "\(today)")
                        for line in try await server.todayLines(date.description, cookie: ada) {
                            #expect(today.contains(line), "\(line) in \(today)")
                        }
                    }
                    switch active.days[weekday] {
                    case .strength(let day)?:
                        var logged: [TestSet] = []
                        for e in day.exercises {
                            for n in 1...e.sets {
                                // Week two: the last squat set falls a rep short.
                                let short = week == 1 && e.slug == "back-squat" && n == e.sets
                                logged.append(
                                    TestSet(e.slug, e.weight, short ? e.reps - 1 : e.reps, rpe: short ? 9 : 8))
                            }
                        }
                        try server.logSession(adaID, day: date.description, name: day.name, sets: logged)
                        sets += logged
                        done += 1
                    case .cardio(let day)?:
                        if week == 1 && weekday == 5 { continue }  // week two: the intervals are skipped
                        let minutes = day.cardio.hrHigh <= 150 ? Double(day.cardio.minutes) : 4
                        try server.logRun(adaID, day: date.description, name: day.name, km: 6, zone2: minutes)
                        zone2 += minutes
                        done += 1
                    case nil: continue
                    }
                }

                // The weekly review, Sunday evening.
                let sunday = mondayOf.adding(days: 6)
                clock.set(Self.at(sunday, 21))
                let summary = try #require(
                    try await server.request("POST", "/api/coach/run-review", cookie: ada).json["summary"]?
                        .stringValue)
                #expect(summary.contains("\(done) of 4 planned sessions done this week"), "\(summary)")
                let proposal = try #require(
                    try server.app.db.read { try ProposalStore.pending(userID: adaID, in: $0) })
                let bench = try #require(active.entry(3, "bench-press"))
                let w = NumberText.shortest(bench.weight)
                let up = NumberText.shortest(bench.weight + 2.5)
                #expect(
                    summary.contains(
                        "Bench Press 8/8/8 at \(w) kg: every set met, so I propose \(up) kg "
                            + "(your plan keeps \(w) kg until you approve)"), "\(summary)")
                #expect(proposal.content.entry(3, "bench-press")?.weight == bench.weight + 2.5)
                let raise = try #require(active.entry(0, "hanging-leg-raise"))
                #expect(
                    summary.contains("I propose \(raise.reps + 2) reps (your plan keeps \(raise.reps) reps"),
                    "\(summary)")
                #expect(!summary.contains(" 0 kg"))
                let squat = try #require(active.entry(0, "back-squat"))
                if week == 1 {
                    #expect(summary.contains("Back Squat"), "\(summary)")
                    #expect(summary.contains("stays at \(NumberText.shortest(squat.weight)) kg (some sets fell short)"))
                    #expect(proposal.content.entry(0, "back-squat")?.weight == squat.weight)
                }
                #expect(proposal.content.entry(0, "back-squat")?.note.contains("To parallel") == true)

                // Monday: the week just ended, against the plan and the data.
                let next = mondayOf.adding(days: 7)
                clock.set(Self.at(next, 7))
                let review = try await say("How was my week?")
                let planned = ["Lower A Monday done", "Zone 2 run Wednesday done", "Upper A Thursday done"]
                #expect(planned.allSatisfy(review.contains), "\(review)")
                #expect(review.contains("Intervals Saturday \(week == 1 ? "missed" : "done")"), "\(review)")
                let tonnage = Int(sets.reduce(0) { $0 + $1.weight * Double($1.reps) }.rounded())
                #expect(review.contains("\(sets.count) working sets, \(tonnage) kg lifted in 2 sessions"), "\(review)")
                #expect(review.contains("Zone 2: \(NumberText.shortest(zone2)) of 40 planned minutes"), "\(review)")

                if week < 2 {
                    // Approved: Monday's answer is the new revision's session, as Today shows it.
                    // The review's proposal becomes the revision in force, under its own number.
                    let revision = try #require(try await server.approveProposal(ada))
                    #expect(revision == proposal.num)
                    #expect(try server.app.db.read { try PlanStore.active(userID: adaID, in: $0)?.num } == revision)
                    let today = try await say("What should I do today?")
                    for line in try await server.todayLines(next.description, cookie: ada) {
                        #expect(today.contains(line), "\(line) in \(today)")
                    }
                    #expect(!today.contains("waiting for your approval"))
                    #expect(try server.activePlan(adaID)?.entry(3, "bench-press")?.weight == bench.weight + 2.5)
                } else {
                    // Left waiting: what is in force and what is proposed are told apart.
                    let today = try await say("What should I do today?")
                    let inForce = try #require(try server.app.db.read { try PlanStore.active(userID: adaID, in: $0) })
                    #expect(
                        today.contains(
                            "That is revision \(inForce.num), in force; proposal #\(proposal.num) (waiting for your approval)"
                        ), "\(today)")
                    for line in try await server.todayLines(next.description, cookie: ada) {
                        #expect(today.contains(line), "\(line) in \(today)")
                    }
                    let squatUp = NumberText.shortest(squat.weight + 2.5)
                    #expect(today.contains("would change Back Squat to \(squatUp) kg"), "\(today)")
                }
            }
        }
    }
}
