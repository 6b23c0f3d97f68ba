import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgedKit
import Foundation
import Testing

/// The `forged serve` service: start() resumes pending turns and runs due reviews; stop() waits.
struct CoachSchedulerTests {
    @Test func startResumesTurnsAndRunsTheDueReview() async throws {
        let clock = FixedClock(Instant.parse("2026-11-29T20:30:00Z")!)
        try await withTestServer(clock: clock) { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            try server.onboard(adaID)
            try server.app.db.write { db in
                let id = try ChatStore.append(userID: adaID, who: "me", text: "Any records?", now: clock.now(), in: db)
                try ChatStore.markPending(userID: adaID, messageID: id, context: "", now: clock.now(), in: db)
            }
            let scheduler = CoachScheduler(coach: server.app.coach, interval: 3600)
            scheduler.start()
            var reviewed = 0
            for _ in 0..<100 where reviewed < 2 {
                reviewed = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM coach_reviews") } ?? 0
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            scheduler.stop()
            #expect(reviewed == 2)
            let chat = try await server.get("/api/chat", cookie: ada).json
            #expect(chat["pending"] == false)
            let texts = chat["messages"]?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? []
            #expect(
                texts.contains { $0.hasPrefix("Your best estimated one-rep maxes") || $0.hasPrefix("No records yet") })
            #expect(texts.contains { $0.hasPrefix("Week to Sunday 2026-11-29") })
        }
    }

    @Test func aFailedReviewIsRetriedHourlyAtMostFiveTimesAWeek() async throws {
        // Saturday 28 Nov 2026, 20:30 in London: Ada reviews on Saturdays, so the retries stay in the week.
        let clock = FixedClock(Instant.parse("2026-11-28T20:30:00Z")!)
        try await withTestServer(clock: clock) { server in
            let adaID = try server.userID("ada@example.org")
            try server.app.db.write {
                try $0.execute("UPDATE users SET prefs = json_set(prefs, '$.review_weekday', 5) WHERE id = ?", [adaID])
            }
            try server.app.db.write { try AppSettingsTestHook.setKey("sk-test-key-123456", in: $0) }
            server.app.coach.anthropicBaseURL = "http://127.0.0.1:9"  // discard port: every review fails
            func failures() throws -> Int {
                try server.app.db.read {
                    try $0.scalar("SELECT COUNT(*) FROM coach_runs WHERE user_id = ? AND ok = 0", [adaID])
                } ?? 0
            }
            #expect(!server.app.coach.runDueReviews().contains(adaID))
            #expect(try failures() == 1)
            clock.advance(600)  // the next tick: too soon
            _ = server.app.coach.runDueReviews()
            #expect(try failures() == 1)
            for expected in 2...CoachService.reviewAttemptsPerWeek {
                clock.advance(CoachService.reviewRetryInterval)
                _ = server.app.coach.runDueReviews()
                #expect(try failures() == expected)
            }
            clock.advance(CoachService.reviewRetryInterval)  // given up for this week
            _ = server.app.coach.runDueReviews()
            #expect(try failures() == CoachService.reviewAttemptsPerWeek)
            let reviewed: Int =
                try server.app.db.read {
                    try $0.scalar("SELECT COUNT(*) FROM coach_reviews WHERE user_id = ?", [adaID])
                } ?? 0
            #expect(reviewed == 0)
        }
    }
}
