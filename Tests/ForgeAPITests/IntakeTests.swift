import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

/// Intake mode (docs/contract.md §4.18) with the built-in coach, over fire-and-poll chat.
struct IntakeTests {
    @Test func theCoachInterviewsThenProposesAConservativeFirstWeek() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            let before = try #require(try server.activePlan(adaID))
            func say(_ text: String) async throws -> String {
                #expect(
                    try await server.request("POST", "/api/chat", json: ["text": .string(text)], cookie: ada).status
                        == 200)
                let chat = try await server.waitForReply(ada)
                return try #require(chat["messages"]?.arrayValue?.last?["text"]?.stringValue)
            }
            #expect(try await say("Hi, what should I lift?").hasSuffix(Intake.questions[0].text))
            #expect(try await say("Get stronger") == "Thanks. " + Intake.questions[1].text)
            #expect(try await say("Three days, about an hour") == "Thanks. " + Intake.questions[2].text)
            #expect(try await say("A few months") == "Thanks. " + Intake.questions[3].text)
            let last = try await say("My lower back twinges on deadlifts")
            #expect(last.contains("lower back as a niggle"))
            #expect(last.contains("3 days") && last.contains("80 %"))

            // prefs: intake over, answers kept; the plan's goal is the member's own words.
            let prefs = try await server.request("PATCH", "/api/prefs", json: [:], cookie: ada).json["prefs"] ?? .null
            #expect(prefs["onboarded"] == true)
            #expect(prefs["coach_intake"]?["answers"]?["goal"] == "Get stronger")
            let goal: String? = try server.app.db.read {
                try $0.scalar("SELECT goal FROM plans WHERE user_id = ?", [adaID])
            }
            #expect(goal == "Get stronger")

            // The proposal: three training days, no hinge (the new niggle), loads at 80 % on the nearest
            // load the kg Gym makes: 2.5 kg steps half-to-even, a barbell never below its 20 kg bar.
            let proposal = try #require(try server.app.db.read { try ProposalStore.pending(userID: adaID, in: $0) })
            #expect(last.contains("Proposal #\(proposal.num) is waiting for your approval."))
            #expect(proposal.content.weekdays.count == 3)
            let library = ExerciseLibrary.seed
            for weekday in proposal.content.weekdays {
                guard let day = proposal.content.days[weekday]?.strength else { continue }
                #expect(day.why?.contains("first week at 80 %") == true)
                for entry in day.exercises {
                    #expect(
                        library.exercise(entry.slug)?.patterns.contains("hinge") == false, "\(entry.slug) is a hinge")
                    if let original = before.entry(weekday, entry.slug) {
                        let grid = 2.5 * (original.weight * 0.8 / 2.5).rounded(.toNearestOrEven)
                        let barbell = library.exercise(entry.slug)?.kind == .bb && original.weight > 0
                        #expect(entry.weight == (barbell ? max(20, grid) : grid), "\(entry.slug)")
                    }
                }
            }
            let niggles = try await server.get("/api/niggles", cookie: ada).json
            let parts = (niggles.arrayValue ?? niggles["niggles"]?.arrayValue ?? []).compactMap {
                $0["body_part"]?.stringValue
            }
            #expect(parts.contains("Lower back"))

            // Intake is over: the next message gets an answer from the data.
            #expect(try await say("What's the plan?").hasPrefix("Proposal #\(proposal.num) is waiting for you"))
        }
    }
}
