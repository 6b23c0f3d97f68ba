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
        (20.019, "Empty bar (20 kg)"),                        // 9.5 g per side < 0.01 kg
        (0.0, ""),
        (-5.0, ""),
        (61.0, "Per side: 20 — no plate for 0.50 kg"),
        (21.0, "Per side: — — no plate for 0.50 kg"),
        (20.02, "Per side: —"),                               // exactly 0.01 kg per side: no suffix
        (20.025, "Per side: — — no plate for 0.01 kg"),       // 12.5 g → 0.0125 → 0.01
        (63.75, "Per side: 20 + 1.25 — no plate for 0.62 kg"), // 0.625 → 0.62 (half-even)
        (60.75, "Per side: 20 — no plate for 0.38 kg"),        // 0.375 → 0.38 (half-even)
    ])
    func gymBar(weight: Double, text: String) {
        #expect(PlateMath.text(weight: weight, barKg: 20, plates: Self.gym) == text)
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

    @Test(arguments: [(12.5, "2 × 12.5 kg dumbbells"), (20.0, "2 × 20 kg dumbbells"), (0.1 + 0.2, "2 × 0.3 kg dumbbells")])
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
