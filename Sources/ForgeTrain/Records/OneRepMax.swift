import ForgeCore
import ForgeStore

/// Estimated one-rep max (docs/contract.md §4.4).
package enum OneRepMax {
    /// Estimated one-rep max by Epley: `weight × (1 + reps / 30)`.
    ///
    /// Source: Epley, B. (1985), *Poundage Chart*, Boyd Epley Workout,
    /// Lincoln, NE. A single is its own e1RM; no reps or no load gives 0.
    /// - Parameters:
    ///   - weight: load lifted, kilograms.
    ///   - reps: completed repetitions.
    /// - Returns: e1RM in kilograms, rounded half-to-even to 0.1
    ///   (`round1`, §1.11): `0` when `reps ≤ 0` or `weight ≤ 0`;
    ///   `round1(weight)` when `reps == 1`; else `round1(weight × (1 + reps / 30))`.
    ///   Example: 100 kg × 5 → 116.7.
    package static func epley(weight: Double, reps: Int) -> Double {
        guard weight > 0 else { return 0 }
        // The unrounded formula has one home, shared with `lift_day_best`'s rows.
        return Rounding.round1(LiftDayBests.e1rm(weight: weight, reps: reps))
    }
}
