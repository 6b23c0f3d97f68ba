import ForgeCore
import Testing

@testable import ForgeTrain

struct LiftTrendTests {
    let monday = LocalDate(year: 2026, month: 6, day: 1)

    /// Points at `offsets` days after June 1st with `values`.
    func series(_ pairs: [(Int, Double)]) -> [SeriesPoint] {
        pairs.map { SeriesPoint(day: monday.adding(days: $0.0), value: $0.1) }
    }

    @Test func theSameLoadTwiceAWeekWhileClimbingIsBuilding() {
        // Mon/Thu at one load, the next week 2.5 kg more: e1RM 5 reps × 7/6.
        let points = series([
            (0, 70), (3, 70), (7, 72.9), (10, 72.9), (14, 75.8), (17, 75.8),
            (21, 78.8), (24, 78.8), (28, 81.7), (31, 81.7),
        ])
        let t = LiftTrend.of(points)
        #expect(t.status == .building && t.label == "building" && t.weeks == nil)
        // Reference = the latest point ≥ 28 days before day 31: day 3 (70); recent best 81.7.
        #expect(t.changeKg == 11.7 && t.windowDays == 28)
    }

    @Test func aDipFromThePRIsEasingOff() {
        let t = LiftTrend.of(series([(0, 80), (7, 85), (14, 90), (21, 86), (28, 85)]))
        #expect(t.status == .easingOff && t.label == "easing off")
        #expect(t.weeks == 2)  // best (90) set two weeks before the latest point
        #expect(t.changeKg == 5.0)  // recent best 85 (days 22…28) − 80 four weeks earlier
    }

    @Test func flatForWeeksAfterTheBestIsStalled() {
        let t = LiftTrend.of(series([(0, 99.5), (7, 100), (14, 100), (21, 99.6), (28, 100), (35, 99.8)]))
        #expect(t.status == .stalled && t.weeks == 4 && t.label == "stalled 4 wk")  // best first on day 7
        #expect(t.windowDays == 28)  // day 7 → day 35
    }

    @Test func flatWithARecentBestIsHolding() {
        // Within the noise floor (2 % of 100 = 2 kg) and the best was just set.
        let t = LiftTrend.of(series([(0, 100), (14, 100.5), (28, 101)]))
        #expect(t.status == .holding && t.weeks == nil && t.label == "holding")
        #expect(t.changeKg == 1.0)
    }

    @Test func aSinglePointIsANewLift() {
        let t = LiftTrend.of(series([(0, 70)]))
        #expect(t.status == .new && t.label == "new" && t.windowDays == 0 && t.changeKg == 0)
    }

    @Test func twoSessionsInOneWeekAreStillNew() {
        // Monday and Thursday: a 3-day window is shorter than the 7-day "recent" level.
        let t = LiftTrend.of(series([(0, 70), (3, 75)]))
        #expect(t.status == .new && t.label == "new" && t.windowDays == 3 && t.changeKg == 5.0)
        // A week apart the rule applies: +5 kg beats the 1.4 kg floor.
        #expect(LiftTrend.of(series([(0, 70), (7, 75)])).status == .building)
    }

    @Test func theNoiseFloorHasAOneKilogramMinimum() {
        #expect(LiftTrend.noiseFloor(reference: 20) == 1.0)
        #expect(abs(LiftTrend.noiseFloor(reference: 150) - 3.0) < 1e-9)
    }
}
