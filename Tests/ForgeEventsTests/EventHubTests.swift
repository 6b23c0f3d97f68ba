import ForgeCore
import ForgeEvents
import ForgeStore
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

func withHub(
    clock: any Clock = SystemClock(), maxBufferedBytes: Int = 256 * 1024, _ body: (EventHub, String) throws -> Void
) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forge-hub-\(Identifier.make())").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let hub = EventHub(clock: clock, maxBufferedBytes: maxBufferedBytes)
    let path = dir + "/events.sock"
    try hub.start(path: path)
    defer { hub.stop() }
    try body(hub, path)
}

@Suite(.serialized) struct EventHubTests {
    @Test func theSocketIsGroupReadableOnlyAndReplacesAStaleFile() throws {
        try withHub { hub, path in
            var info = stat()
            #expect(stat(path, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o660)
            #expect(info.st_mode & S_IFMT == S_IFSOCK)
            hub.stop()
            #expect(!FileManager.default.fileExists(atPath: path))
            let stale = try UnixSocket.listen(path: path)  // left behind by a killed daemon
            close(stale)
            let again = EventHub(clock: SystemClock())
            try again.start(path: path)
            defer { again.stop() }
            let s = try EventSubscriber(path, readTimeout: 5)
            #expect(try s.next()["type"] == "snapshot")
        }
    }

    @Test func aNewSubscriberGetsASnapshotOfActiveTimersThenLiveEventsInOrder() throws {
        try withMigratedDatabase { db, _ in
            let clock = FixedClock(evening)
            try withHub(clock: clock) { hub, path in
                let scheduler = TimerScheduler(db: db, clock: clock)
                scheduler.addSink(hub.publish)
                let rice = try scheduler.create(scope: "household", label: "Rice", seconds: 600)
                let eggs = try scheduler.create(scope: "household", label: "Eggs", seconds: 420)
                _ = try scheduler.cancel(id: eggs.id, scope: "household")
                let s = try EventSubscriber(path, readTimeout: 5)
                let snapshot = try s.next()
                #expect(snapshot["type"] == "snapshot" && snapshot["v"] == 2 && snapshot["seq"] == 3)
                // `at` is forged's clock's time (a fixed evening here), not the machine's.
                #expect(snapshot["at"] == .string(Instant.wire(evening)))
                let held = snapshot["events"]?.arrayValue ?? []
                #expect(held.map { $0["timer"]?["id"] } == [.string(rice.id)])
                #expect(held.first?["live_activity"]?["aps"]?["event"] == "start")

                _ = try scheduler.pause(id: rice.id, scope: "household")
                _ = try scheduler.resume(id: rice.id, scope: "household")
                clock.advance(600)
                scheduler.fireDue()
                _ = try scheduler.dismiss(id: rice.id, scope: "household")
                let live = try (0..<4).map { _ in try s.next() }
                #expect(live.map { $0["type"] } == ["timer.paused", "timer.resumed", "timer.fired", "timer.dismissed"])
                #expect(live.map { $0["seq"] } == [4, 5, 6, 7])
                let fired = live[2]
                #expect(fired["timer"]?["state"] == "fired" && fired["timer"]?["late_by_ms"] == 0)
                #expect(fired["live_activity"]?["aps"]?["alert"]?["title"] == "Rice")
                #expect(fired["notification"]?["hints"]?["urgency"] == ["type": "byte", "value": 2])
                #expect(fired["notification_extras"]?["urgency"] == "critical")
                #expect(fired["notification_extras"]?["replaces_key"] == .string("timer:\(rice.id)"))
                #expect(live[3]["live_activity"]?["aps"]?["event"] == "end")
                #expect(live[3]["notification_extras"]?["close"] == true)
                // Dismissed: gone from the next snapshot.
                let late = try EventSubscriber(path, readTimeout: 5)
                #expect(try late.next()["events"] == [])
            }
        }
    }

    @Test func aSubscriberThatStopsReadingIsDroppedWhileOthersKeepUp() throws {
        try withHub(maxBufferedBytes: 64 * 1024) { hub, path in
            let slow = try EventSubscriber(path, readTimeout: 5)  // never reads past the snapshot
            _ = try slow.next()
            nonisolated(unsafe) let fast = try EventSubscriber(path, readTimeout: 5)  // read only by the thread below
            _ = try fast.next()
            let received = Atomic<Int>(0)
            let done = DispatchSemaphore(value: 0)
            Thread {
                while let line = fast.reader.next(), !line.isEmpty {
                    if received.add(1, ordering: .relaxed).newValue == 300 { break }
                }
                done.signal()
            }.start()
            let padding = String(repeating: "x", count: 16_000)
            for i in 0..<300 {
                hub.publish(["v": 1, "seq": .int(i + 1), "type": "test", "pad": .string(padding)])
                usleep(500)
            }
            #expect(done.wait(timeout: .now() + 10) == .success)
            #expect(received.load(ordering: .relaxed) == 300)
            #expect(hub.droppedCount == 1)
            #expect(hub.subscriberCount == 1)
            // The slow one's socket was shut down: it reads what was queued, then EOF.
            var lines = 0
            while slow.reader.next() != nil { lines += 1 }
            #expect(lines < 300)
        }
    }

    @Test func aSnapshotLargerThanTheBoundDoesNotDropANewcomer() throws {
        try withHub(maxBufferedBytes: 4 * 1024) { hub, path in
            // 600 retained envelopes of 8 KB: a 4.8 MB snapshot, past the socket buffer and the bound.
            let padding = String(repeating: "x", count: 8_000)
            for i in 0..<600 {
                hub.publish(
                    ["v": 1, "seq": .int(i + 1), "type": "timer.started", "pad": .string(padding)],
                    key: "timer:\(i)", retain: true)
            }
            let newcomer = try EventSubscriber(path, readTimeout: 5)
            usleep(300_000)  // not reading yet: the rest of the snapshot waits in the hub
            let snapshot = try newcomer.next()
            #expect(snapshot["events"]?.arrayValue?.count == 600)
            hub.publish(["v": 1, "seq": 601, "type": "test"])
            #expect(try newcomer.next()["seq"] == 601)
            #expect(hub.droppedCount == 0)
        }
    }

    @Test func exactlyThreeNotificationKindsExist() throws {
        #expect(NotificationKind.allCases.map(\.rawValue) == ["cook_timer", "proposal_ready", "planned_day_reminder"])
        #expect(NotificationKind(rawValue: "weekly_review") == nil)
        // Every rendering names one of the three, and a parsed notification
        // with any other kind is refused.
        let ada = EventEnvelope.Recipient(id: "u1", name: "Ada")
        let proposal = EventEnvelope.proposalReady(
            seq: 1, at: evening, proposalID: "p1", title: "Next week is ready",
            body: "7 dinners", user: ada)
        let reminder = EventEnvelope.plannedDayReminder(
            seq: 2, at: evening, day: LocalDate("2026-07-21")!,
            title: "Planned today: Lower A", body: "45 min", user: ada)
        #expect(
            reminder["notification_extras"]?["replaces_key"] == "day:u1:2026-07-21"
                && reminder["user"]?["name"] == "Ada")
        #expect(proposal["notification_extras"]?["kind"] == "proposal_ready")
        #expect(reminder["notification"]?["hints"]?["category"]?["value"] == "x-forge.planned-day-reminder")
        let notify = try #require(proposal["notification"])
        guard case .object(var forged) = proposal["notification_extras"]! else { throw TestFailure("no extras") }
        #expect(DesktopNotification(notify: notify, extras: .object(forged)) != nil)
        forged["kind"] = "marketing"
        #expect(DesktopNotification(notify: notify, extras: .object(forged)) == nil)
    }
}
