import ForgeCore
import ForgeEvents
import Foundation
import Testing

/// The timer's one wire shape: members in declaration order when answered
/// as a typed value (the routes), the same members sorted when embedded as a
/// JSON tree (the live feed and the event socket).
@Suite struct CookTimerViewTests {
    let start = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func aRunningTimerKeepsItsMembersAndTheirForms() throws {
        let t = CookTimer(
            id: "t1", scope: "household", label: "Rice", seconds: 600, recipeSlug: "risotto", step: 2,
            endsAt: start + 600, createdBy: "u1", createdAt: start, updatedAt: start)
        let now = start + 130.25
        #expect(
            try WireEncoder.string(CookTimerView(t, now: now))
                == #"{"id":"t1","label":"Rice","seconds":600,"recipe_slug":"risotto","step":2,"background":false,"#
                + #""state":"running","ends_at":"2026-05-28T20:36:40.000+00:00","remaining_s":470,"fired_at":null,"#
                + #""late_by_ms":null,"created_at":"2026-05-28T20:26:40.000+00:00"}"#)
        #expect(
            try JSONCoding.string(t.json(now: now))
                == #"{"background":false,"created_at":"2026-05-28T20:26:40.000+00:00","ends_at":"2026-05-28T20:36:40.000+00:00","#
                + #""fired_at":null,"id":"t1","label":"Rice","late_by_ms":null,"recipe_slug":"risotto","#
                + #""remaining_s":470,"seconds":600,"state":"running","step":2}"#)
    }

    @Test func aPausedThenFiredTimerShowsNullsAndTheLateness() throws {
        let paused = CookTimer(
            id: "t2", scope: "household", label: "Egg", seconds: 60, state: .paused, remainingMs: 1,
            createdAt: start, updatedAt: start)
        let pausedJSON = paused.json(now: start + 5)
        #expect(pausedJSON["ends_at"] == .null && pausedJSON["remaining_s"] == 1 && pausedJSON["step"] == .null)
        let fired = CookTimer(
            id: "t3", scope: "household", label: "Egg", seconds: 60, background: true, state: .fired,
            endsAt: start + 60, firedAt: start + 102.5, lateByMs: 42_500, createdAt: start, updatedAt: start)
        let view = CookTimerView(fired, now: start + 200)
        #expect(view.lateByMs == 42_500 && view.remainingS == 0 && view.state == "fired" && view.background)
        #expect(fired.json(now: start + 200) == (try WireEncoder.jsonValue(view)))
    }
}
