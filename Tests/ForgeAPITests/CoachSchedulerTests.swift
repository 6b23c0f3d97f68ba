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
            #expect(texts.contains { $0.contains("records") })
            #expect(texts.contains { $0.hasPrefix("Week to Sunday 2026-11-29") })
        }
    }
}
