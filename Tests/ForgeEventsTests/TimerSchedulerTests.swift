import ForgeCore
import ForgeEvents
import ForgeStore
import Foundation
import Testing

@Suite struct TimerSchedulerTests {
    @Test func pauseFreezesTheRemainderAndResumeMovesTheDeadline() throws {
        try withMigratedDatabase { db, _ in
            let clock = FixedClock(evening)
            let scheduler = TimerScheduler(db: db, clock: clock)
            let t = try scheduler.create(scope: "household", label: "Rice", seconds: 600)
            #expect(t.endsAt == evening + 600)
            #expect(try db.read { try TimerStore.runningCount(in: $0) } == 1)
            clock.advance(130.25)
            let paused = try scheduler.pause(id: t.id, scope: "household")
            #expect(paused.state == .paused && paused.endsAt == nil)
            #expect(try db.read { try TimerStore.runningCount(in: $0) } == 0)
            #expect(paused.remainingMs == 469_750)
            clock.advance(1000)  // a long pause costs nothing
            #expect(try scheduler.timers(scope: "household")[0].remainingMilliseconds(at: clock.now()) == 469_750)
            #expect(scheduler.fireDue().isEmpty)
            let resumed = try scheduler.resume(id: t.id, scope: "household")
            #expect(resumed.endsAt == evening + 130.25 + 1000 + 469.75)
            #expect(resumed.json(now: clock.now())["remaining_s"] == 470)
            clock.advance(469.74)
            #expect(scheduler.fireDue().isEmpty)
            clock.advance(0.01)
            let fired = scheduler.fireDue()
            #expect(fired.map(\.id) == [t.id])
            #expect(fired[0].lateByMs == 0)
        }
    }

    @Test func extendAddsToDeadlineRemainderOrRestartsARingingTimer() throws {
        try withMigratedDatabase { db, _ in
            let clock = FixedClock(evening)
            let scheduler = TimerScheduler(db: db, clock: clock)
            let t = try scheduler.create(scope: "household", label: "Pasta", seconds: 60)
            #expect(try scheduler.extend(id: t.id, scope: "household", seconds: 30).endsAt == evening + 90)
            clock.advance(95)
            #expect(scheduler.fireDue().count == 1)
            let again = try scheduler.extend(id: t.id, scope: "household", seconds: 60)
            #expect(again.state == .running && again.endsAt == evening + 155 && again.lateByMs == nil)
            #expect(throws: TimerError.invalidInput("seconds must be 1–86400")) {
                try scheduler.extend(id: t.id, scope: "household", seconds: 0)
            }
        }
    }

    @Test func transitionsOutsideTheirStatesAreRefusedAndScopesAreSeparate() throws {
        try withMigratedDatabase { db, _ in
            let clock = FixedClock(evening)
            let scheduler = TimerScheduler(db: db, clock: clock)
            let t = try scheduler.create(scope: "household", label: "Eggs", seconds: 10)
            #expect(throws: TimerError.invalidTransition(action: "dismiss", state: .running)) {
                try scheduler.dismiss(id: t.id, scope: "household")
            }
            #expect(throws: TimerError.notFound) { try scheduler.pause(id: t.id, scope: "user:demo") }
            #expect(try scheduler.timers(scope: "user:demo").isEmpty)
            _ = try scheduler.cancel(id: t.id, scope: "household")
            #expect(throws: TimerError.invalidTransition(action: "resume", state: .cancelled)) {
                try scheduler.resume(id: t.id, scope: "household")
            }
            #expect(try scheduler.timers(scope: "household").isEmpty)
            #expect(throws: TimerError.self) { try scheduler.create(scope: "household", label: "  ", seconds: 10) }
            #expect(throws: TimerError.self) { try scheduler.create(scope: "household", label: "x", seconds: 86_401) }
        }
    }

    @Test func aRestartWhileRunningKeepsTheOriginalDeadline() throws {
        try withMigratedDatabase { db, _ in
            let clock = FixedClock(evening)
            let first = TimerScheduler(db: db, clock: clock)
            let t = try first.create(scope: "household", label: "Stock", seconds: 1800)
            clock.advance(600)  // the daemon dies and comes back 10 minutes later
            let second = TimerScheduler(db: db, clock: clock)
            let recorder = EventRecorder()
            second.addSink(recorder.record)
            try second.recover()
            #expect(recorder.all.map(\.change) == [.restored])
            #expect(recorder.all[0].timer.endsAt == evening + 1800)
            clock.advance(1199.999)
            #expect(second.fireDue().isEmpty)
            clock.advance(0.001)
            let fired = second.fireDue()
            #expect(fired.map(\.id) == [t.id] && fired[0].lateByMs == 0)
        }
    }

    @Test func aTimerThatCameDueWhileDownFiresAtOnceFlaggedLate() throws {
        try withMigratedDatabase { db, _ in
            let clock = FixedClock(evening)
            let first = TimerScheduler(db: db, clock: clock)
            let due = try first.create(scope: "household", label: "Bread", seconds: 300)
            let later = try first.create(scope: "household", label: "Beans", seconds: 3600)
            let paused = try first.create(scope: "household", label: "Sauce", seconds: 120)
            _ = try first.pause(id: paused.id, scope: "household")
            clock.advance(300 + 42.5)
            let second = TimerScheduler(db: db, clock: clock)
            let recorder = EventRecorder()
            second.addSink(recorder.record)
            try second.recover()
            let fired = recorder.all.filter { $0.change == .fired }
            #expect(fired.map(\.timer.id) == [due.id])
            #expect(fired.first?.timer.lateByMs == 42_500)
            #expect(fired.first?.timer.json(now: clock.now())["late_by_ms"] == 42_500)
            let states = Dictionary(
                uniqueKeysWithValues: try second.timers(scope: "household").map { ($0.id, $0.state) })
            #expect(states == [due.id: .fired, later.id: .running, paused.id: .paused])
            // Sequence numbers increase by one in emission order.
            #expect(recorder.all.map(\.seq) == Array(1...UInt64(recorder.all.count)))
        }
    }

    @Test func theFiringThreadFiresOnTheSystemClock() async throws {
        try await withMigratedDatabaseAsync { db in
            let scheduler = TimerScheduler(db: db, clock: SystemClock())
            let recorder = EventRecorder()
            scheduler.addSink(recorder.record)
            try scheduler.start()
            defer { scheduler.stop() }
            let t = try scheduler.create(scope: "household", label: "Toast", seconds: 1)
            // No timing bound here (lateness is measured by bench/timers.sh): it fires once, not early.
            for _ in 0..<100 where !recorder.all.contains(where: { $0.change == .fired }) {
                try await Task.sleep(for: .milliseconds(50))
            }
            let fired = recorder.all.filter { $0.change == .fired }
            #expect(fired.map(\.timer.id) == [t.id])
            let firedAt = try #require(fired.first?.timer.firedAt)
            #expect(firedAt >= t.endsAt!)
            #expect(abs((fired.first?.timer.lateByMs ?? -9) - Millis.between(t.endsAt!, firedAt)) <= 1)
        }
    }
}
