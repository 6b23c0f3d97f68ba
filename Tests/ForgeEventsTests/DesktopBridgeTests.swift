import CSystemd
import ForgeCore
import ForgeEvents
import ForgeStore
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The desktop bridge against a real `dbus-daemon` with a recording
/// notification server, and a real event hub whose commands reach the scheduler.
@Suite(.serialized) struct DesktopBridgeTests {
    final class Harness: @unchecked Sendable {
        let bus: SessionBus
        let server: NotificationRecorder
        let clock = FixedClock(evening)
        let hub: EventHub
        let scheduler: TimerScheduler
        let bridge: DesktopBridge
        let status = Atomic<Int32>(-1)
        let finished = DispatchSemaphore(value: 0)

        /// - Parameter refreshEvery: the bridge's refresh of running timers (off: the other tests count calls).
        init(db: Database, dir: String, refreshEvery: TimeInterval? = nil) throws {
            bus = try SessionBus(directory: dir)
            server = try NotificationRecorder(address: bus.address)
            let path = dir + "/events.sock"
            hub = EventHub(clock: clock)
            try hub.start(path: path)
            scheduler = TimerScheduler(db: db, clock: clock)
            scheduler.addSink(hub.publish)
            hub.handleCommands { [scheduler] in SocketCommand.answer($0, scheduler: scheduler) }
            bridge = DesktopBridge(socketPath: path, busAddress: bus.address, clock: clock, refreshEvery: refreshEvery)
            Thread { [self] in
                status.store(bridge.run(), ordering: .releasing)
                finished.signal()
            }.start()
            try waitUntil("bridge connects") { self.hub.subscriberCount > 0 }
        }

        /// The bridge's exit status, waiting up to 5 s (nil: still running).
        func exitStatus() -> Int32? {
            if status.load(ordering: .acquiring) >= 0 { return status.load(ordering: .acquiring) }
            return finished.wait(timeout: .now() + 5) == .success ? status.load(ordering: .acquiring) : nil
        }

        func close() {
            bridge.stop()
            _ = exitStatus()
            server.stop()
            hub.stop()
        }
    }

    @Test func buttonsOnTheBubbleReachTheDaemonAndTheBubbleFollows() throws {
        try withMigratedDatabase { db, dir in
            let h = try Harness(db: db, dir: dir)
            defer { h.close() }
            let rice = try h.scheduler.create(scope: "household", label: "Rice", seconds: 600)
            h.clock.advance(600)
            h.scheduler.fireDue()
            var calls = h.server.waitFor(2)
            #expect(calls.map(\.replacesID) == [0, 1])  // one bubble for the timer
            #expect(calls[1].summary == "Rice: time's up" && calls[1].urgency == 2)
            #expect(calls[1].actions == ["dismiss", "Dismiss", "extend-60", "+1 min"])

            // "+1 min": the bridge sends extend; the timer runs again and the bubble says so.
            h.server.invoke(1, action: "extend-60")
            calls = h.server.waitFor(3)
            #expect(
                calls.count == 3 && calls[2].replacesID == 1 && calls[2].summary == "Rice"
                    && calls[2].body == "1:00 left")
            let extended = try #require(try h.scheduler.timers(scope: "household").first)
            #expect(extended.state == .running && extended.endsAt == h.clock.now() + 60)

            // It rings again; "Dismiss" ends it on the daemon and closes the bubble.
            h.clock.advance(60)
            h.scheduler.fireDue()
            _ = h.server.waitFor(4)
            h.server.invoke(1, action: "dismiss")
            calls = h.server.waitFor(5)
            #expect(calls.count == 5 && calls[4].method == "CloseNotification" && calls[4].replacesID == 1)
            #expect(try h.scheduler.timers(scope: "household").isEmpty)
            _ = rice

            // Closed by the user: the next change opens a new bubble instead of replacing a gone one.
            let eggs = try h.scheduler.create(scope: "household", label: "Eggs", seconds: 420)
            calls = h.server.waitFor(6)
            let eggsBubble = calls[5].returned
            h.server.closeByUser(eggsBubble)
            usleep(200_000)
            h.server.invoke(eggsBubble, action: "pause")  // a stale click after close: ignored
            usleep(200_000)
            _ = try h.scheduler.pause(id: eggs.id, scope: "household")
            calls = h.server.waitFor(7)
            #expect(calls.count == 7 && calls[6].replacesID == 0 && calls[6].body == "Paused, 7:00 left")
            #expect(calls[6].actions == ["resume", "Resume"])
        }
    }

    /// Issue 28 item 12: a bubble is rendered from the deadline when it is shown (a
    /// bridge started late replays the snapshot), paused and running time round up as
    /// the display does, and a label with its own colon rings without a doubled colon.
    @Test func bubblesAreRenderedFromTheDeadlineWithOneRoundingRule() throws {
        try withMigratedDatabase { db, dir in
            let h = try Harness(db: db, dir: dir)
            defer { h.close() }
            let prep = try h.scheduler.create(scope: "household", label: "Prep", seconds: 300)
            var calls = h.server.waitFor(1)
            #expect(calls.first?.body == "5:00 left")

            // 2 min 38 s later a second bridge starts: the snapshot's event is 2:38 old.
            h.clock.advance(158)
            let late = DesktopBridge(
                socketPath: dir + "/events.sock", busAddress: h.bus.address, clock: h.clock, refreshEvery: nil)
            let done = DispatchSemaphore(value: 0)
            Thread {
                late.run()
                done.signal()
            }.start()
            calls = h.server.waitFor(2)
            #expect(calls.count == 2 && calls[1].summary == "Prep" && calls[1].body == "2:22 left", "\(calls)")
            late.stop()
            _ = done.wait(timeout: .now() + 5)

            // Paused with 3.2 s left reads 0:04, as the display (and remaining_s) round.
            h.clock.advance(138.8)
            _ = try h.scheduler.pause(id: prep.id, scope: "household")
            calls = h.server.waitFor(3)
            #expect(calls.count == 3 && calls[2].body == "Paused, 0:04 left", "\(calls)")
            #expect(EventEnvelope.timerBody(paused: false, remainingMs: 3_876_000) == "1:04:36 left")

            // A label with a colon of its own.
            _ = try h.scheduler.create(scope: "household", label: "Rice: basmati", seconds: 60)
            _ = h.server.waitFor(4)
            h.clock.advance(60)
            h.scheduler.fireDue()
            calls = h.server.waitFor(5)
            #expect(calls.last?.summary == "Rice: basmati — time's up", "\(calls)")
        }
    }

    /// Issue 41 item 11: a running timer's bubble is replaced each minute with what is left; a
    /// bubble the user closed is not opened again by a refresh.
    @Test func aRunningTimersBubbleIsRefreshedEachMinute() throws {
        try withMigratedDatabase { db, dir in
            let h = try Harness(db: db, dir: dir, refreshEvery: 60)
            defer { h.close() }
            _ = try h.scheduler.create(scope: "household", label: "Roast", seconds: 600)
            var calls = h.server.waitFor(1)
            #expect(calls.first?.body == "10:00 left")
            h.clock.advance(65)
            calls = h.server.waitFor(2)
            #expect(
                calls.count == 2 && calls[1].replacesID == calls[0].returned && calls[1].body == "8:55 left", "\(calls)"
            )
            h.clock.advance(30)  // within the minute: nothing
            usleep(1_500_000)
            #expect(h.server.waitFor(2).count == 2)
            h.clock.advance(40)
            calls = h.server.waitFor(3)
            #expect(calls.count == 3 && calls[2].body == "7:45 left", "\(calls)")
            // Closed by the user: no refresh brings it back.
            h.server.closeByUser(calls[0].returned)
            usleep(300_000)
            h.clock.advance(120)
            usleep(1_500_000)
            #expect(h.server.waitFor(3).count == 3, "\(h.server.waitFor(3))")
        }
    }

    /// Review of issue 41 item 11: each running timer is refreshed on its own minute (one started
    /// 50 s after another is not shown again 10 s later), and a bubble that expired (reason 1,
    /// not the user's close) comes back as a new bubble on its next minute.
    @Test func eachTimersBubbleKeepsItsOwnMinuteAndAnExpiredOneComesBack() throws {
        try withMigratedDatabase { db, dir in
            let h = try Harness(db: db, dir: dir, refreshEvery: 60)
            defer { h.close() }
            _ = try h.scheduler.create(scope: "household", label: "Roast", seconds: 900)
            _ = h.server.waitFor(1)
            h.clock.advance(50)
            _ = try h.scheduler.create(scope: "household", label: "Rice", seconds: 600)
            var calls = h.server.waitFor(2)
            #expect(calls.count == 2 && calls[1].body == "10:00 left", "\(calls)")
            h.clock.advance(15)  // the roast's minute is up, the rice's is not
            calls = h.server.waitFor(3)
            usleep(1_500_000)
            calls = h.server.waitFor(3)
            #expect(calls.count == 3 && calls[2].summary.hasPrefix("Roast"), "\(calls)")
            // The rice's bubble expires: a new one (no replaces_id) on its minute.
            h.server.expire(calls[1].returned)
            usleep(300_000)
            h.clock.advance(50)
            calls = h.server.waitFor(4)
            #expect(calls.count >= 4, "\(calls)")
            let rice = calls.dropFirst(3).first { $0.summary.hasPrefix("Rice") }
            #expect(rice?.replacesID == 0 && rice?.body == "8:55 left", "\(calls)")
        }
    }

    @Test func theBridgeExitsNonZeroWhenTheDaemonGoesAway() throws {
        try withMigratedDatabase { db, dir in
            let h = try Harness(db: db, dir: dir)
            defer { h.close() }
            h.hub.stop()
            #expect(h.exitStatus() == 1)
        }
    }

    @Test func theBridgeExitsNonZeroWhenTheBusGoesAway() throws {
        try withMigratedDatabase { db, dir in
            let h = try Harness(db: db, dir: dir)
            defer { h.close() }
            _ = try h.scheduler.create(scope: "household", label: "Rice", seconds: 600)
            _ = h.server.waitFor(1)
            h.bus.kill()
            #expect(h.exitStatus() == 1)
        }
    }

    @Test func stopEndsTheBridgeWithZero() throws {
        try withMigratedDatabase { db, dir in
            let h = try Harness(db: db, dir: dir)
            h.bridge.stop()
            #expect(h.exitStatus() == 0)
            h.close()
        }
    }
}
