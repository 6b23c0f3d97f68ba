import ForgeCore

/// One warm-up set: load in kilograms and repetitions.
public struct WarmUpSet: Codable, Sendable, Hashable {
    public var weight: Double
    public var reps: Int

    public init(weight: Double, reps: Int) {
        self.weight = weight; self.reps = reps
    }
}

/// The warm-up ramp for a day's priority-1 barbell lift (API.md §4.2).
public enum WarmUp {
    /// Work weights below this (kg) get no ramp.
    public static let minimumWorkKg = 50.0

    /// Four sets: the empty bar × 10, `r(0.50 w)` × 8, `r(0.70 w)` × 5 and
    /// `r(0.85 w)` × 3, where `r(x) = 2.5 × round_half_even(x / 2.5)`;
    /// nil when `work` < 50 kg. Example: 82.5 kg → 20×10, 40×8, 57.5×5, 70×3.
    /// - Parameters:
    ///   - work: the work-set load, kg.
    ///   - barKg: the active profile's bar weight, kg.
    public static func ramp(work: Double, barKg: Double) -> [WarmUpSet]? {
        guard work >= minimumWorkKg else { return nil }
        return [
            WarmUpSet(weight: barKg, reps: 10),
            WarmUpSet(weight: step(0.50 * work), reps: 8),
            WarmUpSet(weight: step(0.70 * work), reps: 5),
            WarmUpSet(weight: step(0.85 * work), reps: 3),
        ]
    }

    /// `2.5 × round_half_even(x / 2.5)`: 41.25 → 40 (16.5 steps → 16), 63.75 → 65 (25.5 → 26).
    public static func step(_ x: Double) -> Double {
        2.5 * Rounding.halfEven(x / 2.5)
    }
}
