import Testing

@testable import ForgeTrain

@Suite struct PlateMathTests {
    static let gym: [Double] = [25, 20, 15, 10, 5, 2.5, 1.25]

    @Test(arguments: [
        (60.0, "Per side: 20"),
        (100.0, "Per side: 25 + 15"),
        (62.5, "Per side: 20 + 1.25"),
        (142.5, "Per side: 25 + 25 + 10 + 1.25"),
        (20.0, "Empty bar (20 kg)"),
        (10.0, "Empty bar (20 kg)"),
        (20.019, "Empty bar (20 kg)"),  // 9.5 g per side < 0.01 kg
        (0.0, ""),
        (-5.0, ""),
        (61.0, "Per side: 20 — no plate for 0.50 kg"),
        (21.0, "Per side: — — no plate for 0.50 kg"),
        (20.02, "Per side: —"),  // exactly 0.01 kg per side: no suffix
        (20.025, "Per side: — — no plate for 0.01 kg"),  // 12.5 g → 0.0125 → 0.01
        (63.75, "Per side: 20 + 1.25 — no plate for 0.62 kg"),  // 0.625 → 0.62 (half-even)
        (60.75, "Per side: 20 — no plate for 0.38 kg"),  // 0.375 → 0.38 (half-even)
    ])
    func gymBar(weight: Double, text: String) {
        #expect(PlateMath.text(weight: weight, barKg: 20, plates: Self.gym) == text)
    }

    /// Plate sets where largest-first misses a combination that loads the
    /// weight (review of issue 14): the text lists the plates the
    /// reachability search finds, agreeing with `loadable`, and reports a
    /// remainder only from the heaviest loadable weight below the target.
    @Test(arguments: [
        ([20.0, 15], 80.0, "Per side: 15 + 15"),
        ([20.0, 15], 85.0, "Per side: 15 + 15 — no plate for 2.50 kg"),
        ([20.0, 15], 90.0, "Per side: 20 + 15"),  // greedy exact: kept
        ([20.0, 15], 120.0, "Per side: 20 + 15 + 15"),
        ([25.0, 10, 4], 80.0, "Per side: 10 + 10 + 10"),
        ([25.0, 10, 4], 44.0, "Per side: 4 + 4 + 4"),
        ([25.0, 10, 4], 86.0, "Per side: 25 + 4 + 4"),  // greedy exact: kept
        ([25.0, 10, 4], 81.0, "Per side: 10 + 10 + 10 — no plate for 0.50 kg"),
        ([25.0, 20], 100.0, "Per side: 20 + 20"),
        ([5.0, 3], 26.0, "Per side: 3"),
        ([5.0, 3], 32.0, "Per side: 3 + 3"),
    ])
    func nonGreedySets(plates: [Double], weight: Double, text: String) {
        #expect(PlateMath.text(weight: weight, barKg: 20, plates: plates) == text)
        let loadable = PlateMath.loadable(target: weight, barKg: 20, plates: plates)
        #expect(text.contains("no plate for") == (loadable.down != weight))
    }

    /// Every weight the inventory calls loadable reads without a remainder,
    /// and every plate list sums to the loadable weight at or below the target.
    @Test(arguments: [[20.0, 15], [25.0, 10, 4], [25.0, 20, 15, 10, 5, 2.5, 1.25], [7.0, 5, 3]])
    func textAgreesWithLoadable(plates: [Double]) {
        for half in 0...160 {
            let weight = 20 + Double(half) * 0.5
            let text = PlateMath.text(weight: weight, barKg: 20, plates: plates)
            let down = PlateMath.loadable(target: weight, barKg: 20, plates: plates).down
            #expect(text.contains("no plate for") == (down != weight), "\(plates) \(weight): \(text)")
            guard text.hasPrefix("Per side: "), !text.hasPrefix("Per side: —") else { continue }
            let list = text.dropFirst("Per side: ".count).split(separator: " — ").first!
            let sum = list.split(separator: " + ").reduce(0.0) { $0 + Double($1)! }
            #expect(20 + 2 * sum == down, "\(plates) \(weight): \(text)")
        }
    }

    @Test func noPlatesLeavesEverythingOver() {
        #expect(PlateMath.text(weight: 60, barKg: 20, plates: []) == "Per side: — — no plate for 20.00 kg")
    }

    @Test func unsortedPlatesAreUsedLargestFirst() {
        #expect(PlateMath.text(weight: 70, barKg: 20, plates: [1.25, 5, 20]) == "Per side: 20 + 5")
    }

    @Test func gramArithmeticHasNoFloatDrift() {
        // 0.1 + 0.2 = 0.30000000000000004 in binary; in grams it is 300.
        #expect(PlateMath.text(weight: 0.1 + 0.2, barKg: 0, plates: [0.1]) == "Per side: 0.1 — no plate for 0.05 kg")
        #expect(PlateMath.text(weight: 20 + 2 * (0.1 + 0.2), barKg: 20, plates: [0.3]) == "Per side: 0.3")
    }

    @Test func otherBars() {
        #expect(PlateMath.text(weight: 15, barKg: 15, plates: Self.gym) == "Empty bar (15 kg)")
        #expect(PlateMath.text(weight: 10, barKg: 0, plates: Self.gym) == "Per side: 5")
        #expect(PlateMath.text(weight: 30, barKg: 7.5, plates: Self.gym) == "Per side: 10 + 1.25")
    }

    @Test(arguments: [
        (12.5, "2 × 12.5 kg dumbbells"), (20.0, "2 × 20 kg dumbbells"), (0.1 + 0.2, "2 × 0.3 kg dumbbells"),
    ])
    func dumbbells(weight: Double, text: String) {
        #expect(PlateMath.dumbbellText(weight: weight) == text)
    }

    @Test(arguments: [
        (61.0, 60.0, 62.5),
        (62.5, 62.5, 62.5),
        (10.0, 20.0, 20.0),
        (20.0, 20.0, 20.0),
        (21.0, 20.0, 22.5),
    ])
    func loadableOnGymBar(target: Double, down: Double, up: Double) {
        let r = PlateMath.loadable(target: target, barKg: 20, plates: Self.gym)
        #expect(r.down == down)
        #expect(r.up == up)
    }

    @Test func loadableWithCoarsePlates() {
        // Pairs of 50 and 40 kg reach 0, 40, 50, 80, 90, 100, … above the bar.
        let r = PlateMath.loadable(target: 101, barKg: 20, plates: [25, 20])
        #expect(r.down == 100)
        #expect(r.up == 110)
        let none = PlateMath.loadable(target: 60, barKg: 20, plates: [])
        #expect(none.down == 20 && none.up == 20)
    }
}
