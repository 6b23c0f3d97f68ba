import Testing

@testable import ForgeTrain

@Suite struct WarmUpTests {
    @Test(arguments: [
        (82.5, [20.0, 40, 57.5, 70]),
        (75.0, [20.0, 37.5, 52.5, 65]),  // 0.85 × 75 = 63.75 → 25.5 steps → 26 → 65
        (52.5, [20.0, 25, 37.5, 45]),  // 26.25 → 10.5 steps → 10 → 25
        (50.0, [20.0, 25, 35, 42.5]),
        (60.0, [20.0, 30, 42.5, 50]),
    ])
    func rampFollowsTheTable(work: Double, weights: [Double]) throws {
        let ramp = try #require(WarmUp.ramp(work: work, barKg: 20))
        #expect(ramp.map(\.weight) == weights)
        #expect(ramp.map(\.reps) == [10, 8, 5, 3])
    }

    @Test(arguments: [41.25, 49.99, 0.0])
    func noRampBelow50(work: Double) {
        #expect(WarmUp.ramp(work: work, barKg: 20) == nil)
    }

    @Test func firstSetIsTheProfileBar() throws {
        #expect(try #require(WarmUp.ramp(work: 100, barKg: 15)).first == WarmUpSet(weight: 15, reps: 10))
    }

    @Test(arguments: [(41.25, 40.0), (63.75, 65.0), (26.25, 25.0), (28.75, 30.0), (57.75, 57.5), (70.125, 70.0)])
    func stepRoundsHalfToEven(x: Double, expected: Double) {
        #expect(WarmUp.step(x) == expected)
    }
}
