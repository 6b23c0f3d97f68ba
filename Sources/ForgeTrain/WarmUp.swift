import ForgeCore

/// One warm-up set: load in kilograms and repetitions.
package struct WarmUpSet: Codable, Sendable, Hashable {
    package var weight: Double
    package var reps: Int

    package init(weight: Double, reps: Int) {
        self.weight = weight
        self.reps = reps
    }
}

/// The warm-up ramp for a day's priority-1 barbell lift (docs/contract.md §4.2).
package enum WarmUp {
    /// Work weights below this (kg) get no ramp.
    package static let minimumWorkKg = 50.0

    /// Four sets: the empty bar × 10, then 50 %, 70 % and 85 % of `work` × 8,
    /// 5 and 3, each the nearest weight `plates` can load (``PlateInventory/nearest(kg:)``,
    /// ties half-to-even in plate-pair steps from the bar); nil when `work` < 50 kg.
    /// On §5.2's kg Gym (20 kg bar, 1.25 kg plates) that is the contract's
    /// `r(x) = 2.5 × round_half_even(x / 2.5)`: 82.5 kg → 20×10, 40×8,
    /// 57.5×5, 70×3; on a 45 lb bar with 2.5 lb plates 225 lb → 45×10,
    /// 115×8, 155×5, 190×3 (lb; 112.5 and 157.5 are ties, each going to the
    /// even count of 5 lb pairs), each as its exact kg equivalent.
    /// - Parameters:
    ///   - work: the work-set load, kg.
    ///   - plates: the active profile's bar and plates.
    package static func ramp(work: Double, plates: PlateInventory) -> [WarmUpSet]? {
        guard work >= minimumWorkKg else { return nil }
        return [
            WarmUpSet(weight: plates.barKg, reps: 10),
            WarmUpSet(weight: plates.nearest(kg: 0.50 * work), reps: 8),
            WarmUpSet(weight: plates.nearest(kg: 0.70 * work), reps: 5),
            WarmUpSet(weight: plates.nearest(kg: 0.85 * work), reps: 3),
        ]
    }

    /// The contract's ramp on a kg bar with 2.5 kg steps (``step(_:)``).
    package static func ramp(work: Double, barKg: Double) -> [WarmUpSet]? {
        guard work >= minimumWorkKg else { return nil }
        return [
            WarmUpSet(weight: barKg, reps: 10),
            WarmUpSet(weight: step(0.50 * work), reps: 8),
            WarmUpSet(weight: step(0.70 * work), reps: 5),
            WarmUpSet(weight: step(0.85 * work), reps: 3),
        ]
    }

    /// `2.5 × round_half_even(x / 2.5)`: 41.25 → 40 (16.5 steps → 16), 63.75 → 65 (25.5 → 26).
    package static func step(_ x: Double) -> Double {
        2.5 * Rounding.halfEven(x / 2.5)
    }
}
