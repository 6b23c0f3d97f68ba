import ForgeAPI
import ForgeCore
import ForgeEvents
import ForgeStore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Proposal-ready and planned-day-reminder notices on the event socket
/// (docs/contract.md §4.27 carried over): the ledger, prefs, quiet hours and the
/// reminder hour, read by a real subscriber on the Unix socket.
struct NoticesTests {
    static func withSocket(_ server: TestServer, _ body: (EventSubscriber) async throws -> Void) async throws {
        let dir = "/tmp/fn-\(Identifier.make().prefix(8))"
        try server.app.cook.start(runtimeDir: dir)
        defer {
            server.app.cook.stop()
            try? FileManager.default.removeItem(atPath: dir)
        }
        let listener = try EventSubscriber(dir + "/events.sock", readTimeout: 5)
        #expect(try listener.next()["type"] == "snapshot")
        try await body(listener)
    }

    static func setPref(_ server: TestServer, _ userID: String, _ key: String, _ value: Bool) throws {
        try server.app.db.write {
            try $0.execute(
                "UPDATE users SET prefs = json_set(prefs, '$.' || ?, json(?)) WHERE id = ?",
                [key, value ? "true" : "false", userID])
        }
    }

    static func outcomes(_ server: TestServer) throws -> [String] {
        try server.app.db.read { db in
            try db.query("SELECT kind || ':' || coalesce(outcome, 'queued') AS o FROM notices ORDER BY id").map {
                try $0.get("o")
            }
        }
    }

    @Test func aScheduledReviewAnnouncesItsProposalOnceAndHonoursQuietHours() async throws {
        // Sunday 29 Nov 2026, 21:30 in London (GMT): inside quiet hours.
        let clock = FixedClock(Instant.parse("2026-11-29T21:30:00Z")!)
        try await withTestServer(clock: clock) { server in
            let adaID = try server.userID("ada@example.org")
            let benID = try server.userID("ben@example.org")
            try Self.setPref(server, benID, "notif_proposal", false)
            try await Self.withSocket(server) { listener in
                _ = try server.app.coach.runReview(userID: adaID, scheduled: true)
                _ = try server.app.coach.runReview(userID: benID, scheduled: true)
                let proposal = try #require(
                    try server.app.db.read {
                        try $0.queryOne(
                            "SELECT r.id, r.num FROM plan_revisions r JOIN plans p ON p.id = r.plan_id WHERE p.user_id = ? AND r.status = 'proposed'",
                            [adaID])
                    })
                let proposalID: String = try proposal.get("id")
                #expect(try Self.outcomes(server) == ["proposal_ready:queued", "proposal_ready:queued"])
                #expect(server.app.notices.runDue() == 0)  // quiet hours: held

                clock.set(Instant.parse("2026-11-30T08:01:00Z")!)  // Monday morning
                #expect(server.app.notices.runDue() == 1)  // Ada's; Ben muted his
                let line = try listener.next()
                #expect(line["type"] == "proposal.ready" && line["kind"] == "proposal_ready")
                #expect(line["user"]?["name"] == "Ada" && line["timer"] == .null)
                #expect(line["notification"]?["summary"] == "Ada: next week's plan is ready")
                #expect(line["notification_extras"]?["replaces_key"]?.stringValue == "proposal:\(proposalID)")
                let num: Int = try proposal.get("num")
                #expect(
                    line["notification"]?["body"]?.stringValue?.hasPrefix("Proposal #\(num) is waiting for approval.")
                        == true)
                #expect(try Self.outcomes(server) == ["proposal_ready:sent", "proposal_ready:muted"])
                // The ledger: never twice.
                #expect(server.app.notices.runDue() == 0)
                // A review asked for over HTTP (the member is in the app) announces nothing.
                let ada = try await server.signIn("ada@example.org")
                #expect(try await server.request("POST", "/api/coach/run-review", cookie: ada).status == 200)
                #expect(try Self.outcomes(server).count == 2)
                #expect(server.app.notices.runDue() == 0)
            }
        }
    }

    @Test func plannedDayRemindersFromTheReminderHourOncePerDayUntilTrained() async throws {
        // Monday 30 Nov 2026: the starter plan has a Monday entry for both members.
        let clock = FixedClock(Instant.parse("2026-11-30T15:59:00Z")!)
        try await withTestServer(clock: clock) { server in
            let adaID = try server.userID("ada@example.org")
            let benID = try server.userID("ben@example.org")
            let monday = try #require(try server.activePlan(adaID)?.day(0))
            try await Self.withSocket(server) { listener in
                #expect(server.app.notices.runDue() == 0)  // before 16:00
                // Ben trained already today: no reminder for him.
                _ = try server.logSession(benID, day: "2026-11-30", name: "Lower A", sets: [])
                clock.set(Instant.parse("2026-11-30T16:00:00Z")!)
                #expect(server.app.notices.runDue() == 1)
                let line = try listener.next()
                #expect(line["type"] == "day.reminder" && line["kind"] == "planned_day_reminder")
                #expect(line["notification"]?["summary"]?.stringValue == "Planned today: \(monday.name)")
                #expect(line["notification_extras"]?["replaces_key"]?.stringValue == "day:\(adaID):2026-11-30")
                #expect(line["user"]?["id"]?.stringValue == adaID)
                clock.advance(600)
                #expect(server.app.notices.runDue() == 0)  // once per day
                #expect(try Self.outcomes(server) == ["planned_day_reminder:sent"])

                // With Ada's reminders muted, the next planned day queues a muted row for her.
                try Self.setPref(server, adaID, "notif_reminder", false)
                let plan = try #require(try server.activePlan(adaID))
                let nextPlanned = try #require((1...6).first { plan.day($0) != nil })
                let date = LocalDate("2026-11-30")!.adding(days: nextPlanned)
                clock.set(Instant.parse("\(date)T17:00:00Z")!)
                #expect(server.app.notices.runDue() == 1)  // Ben's only
                #expect(try listener.next()["user"]?["id"]?.stringValue == benID)
                #expect(
                    try Self.outcomes(server) == [
                        "planned_day_reminder:sent", "planned_day_reminder:muted",
                        "planned_day_reminder:sent",
                    ])
            }
        }
    }
}
