import ForgeCore
import ForgeEvents
import Foundation
import Testing

/// The app side of the Live Activity, as an iOS app declares it: ActivityKit
/// decodes `attributes` and `content-state` with a default `JSONDecoder`.
struct CookTimerAttributes: Decodable {
    struct ContentState: Decodable {
        let state: String
        let endsAt: Date?
        let remainingSeconds: Int
        let firedAt: Date?
        let lateBySeconds: Int?
    }
    let timerID: String
    let label: String
    let seconds: Int
    let recipeSlug: String?
    let step: Int?
    let background: Bool
}

@Suite struct LiveActivityPushTests {
    /// Runs a timer through start, pause, resume, fire and dismiss and
    /// returns the pushes in order with the timer as started.
    func lifecycle() throws -> (pushes: [JSONValue], started: CookTimer) {
        try withMigratedDatabase { db, _ in
            let clock = FixedClock(evening.addingTimeInterval(0.25))
            let scheduler = TimerScheduler(db: db, clock: clock)
            let recorder = EventRecorder()
            scheduler.addSink(recorder.record)
            let rice = try scheduler.create(
                scope: "household", label: "Rice", seconds: 600, recipeSlug: "pilaf", step: 2)
            clock.advance(60)
            _ = try scheduler.pause(id: rice.id, scope: "household")
            _ = try scheduler.resume(id: rice.id, scope: "household")
            clock.advance(600)
            scheduler.fireDue()
            _ = try scheduler.dismiss(id: rice.id, scope: "household")
            return (recorder.all.map { LiveActivityPush.timer($0).json["aps"]! }, rice)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue?) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONWriter.data(try #require(value)))
    }

    @Test func contentStateDecodesWithJSONDecodersDefaultsToTheTimersDeadline() throws {
        let (pushes, rice) = try lifecycle()
        let state = try decode(CookTimerAttributes.ContentState.self, pushes[0]["content-state"])
        let deadline = try #require(rice.endsAt)
        let endsAt = try #require(state.endsAt)
        #expect(abs(endsAt.timeIntervalSince(deadline)) < 0.001)  // not 31 years off
        #expect(state.state == "running" && state.remainingSeconds == 600 && state.firedAt == nil)
        // Paused: no deadline, the frozen remainder.
        let paused = try decode(CookTimerAttributes.ContentState.self, pushes[1]["content-state"])
        #expect(paused.state == "paused" && paused.endsAt == nil && paused.remainingSeconds == 540)
        // Fired: when it rang, on the same scale.
        let fired = try decode(CookTimerAttributes.ContentState.self, pushes[3]["content-state"])
        let resumedDeadline = try decode(CookTimerAttributes.ContentState.self, pushes[2]["content-state"]).endsAt
        #expect(fired.state == "fired" && fired.firedAt != nil && fired.lateBySeconds == 60)
        #expect(fired.firedAt.map { $0 > resumedDeadline! } == true)
    }

    @Test func eachEventFollowsApplesPayloadRules() throws {
        let (pushes, rice) = try lifecycle()
        #expect(pushes.map { $0["event"] } == ["start", "update", "update", "update", "end"])
        // Push-to-start: attributes-type, attributes and an alert.
        let start = pushes[0]
        #expect(start["attributes-type"] == "CookTimerAttributes")
        let attributes = try decode(CookTimerAttributes.self, start["attributes"])
        #expect(attributes.timerID == rice.id && attributes.label == "Rice" && attributes.seconds == 600)
        #expect(attributes.recipeSlug == "pilaf" && attributes.step == 2 && !attributes.background)
        #expect(start["alert"]?["title"] == "Rice" && start["alert"]?["body"] == "10:00 timer started")
        #expect(start["alert"]?["sound"] == nil)
        #expect(start["timestamp"]?.intValue == Int(evening.timeIntervalSince1970))  // UNIX seconds
        #expect(start["stale-date"]?.intValue == Int(rice.endsAt!.timeIntervalSince1970.rounded()) + 60)
        // Updates carry no attributes; only the ring has an alert, with sound.
        for update in pushes[1...3] { #expect(update["attributes-type"] == nil && update["attributes"] == nil) }
        #expect(pushes[1]["alert"] == nil && pushes[1]["stale-date"] == nil)  // paused: never stale
        #expect(pushes[3]["alert"]?["body"] == "Time's up" && pushes[3]["alert"]?["sound"] == "default")
        // End: dismissal-date (now: remove at once), no alert, no stale-date.
        let end = pushes[4]
        #expect(end["dismissal-date"] == end["timestamp"] && end["alert"] == nil && end["stale-date"] == nil)
        #expect(end["content-state"]?["state"] == "dismissed")
    }
}
