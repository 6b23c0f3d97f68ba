import ForgeCore

/// The `fitted` document frozen into a strength session at start (API.md §2
/// `Fitted`, §4.6, §4.7): `{name, budget, est, cd, targets, cooldown}`.
/// Targets are the plan entries with the fitted set count; barbell targets
/// with a load also carry `loadable: {down_kg, up_kg}` for the active
/// profile (``PlateMath/loadable(target:barKg:plates:)``).
public enum FittedSnapshot {
    /// The bar and plates used for `loadable`, or nil when the profile has no plates.
    public struct Plates: Sendable {
        public let barKg: Double
        public let platesKg: [Double]
        public init(barKg: Double, platesKg: [Double]) { self.barKg = barKg; self.platesKg = platesKg }
    }

    /// `{down_kg, up_kg}` for a barbell load, or nil when not applicable
    /// (not `bb`, no load, no plates).
    public static func loadable(kind: ExerciseKind?, weight: Double, plates: Plates?) -> Loadable? {
        guard (kind ?? .bb) == .bb, weight > 0, let plates, !plates.platesKg.isEmpty else { return nil }
        let (down, up) = PlateMath.loadable(target: weight, barKg: plates.barKg, plates: plates.platesKg)
        return Loadable(downKg: down, upKg: up)
    }

    /// Targets for `exercises` with `sets` per entry (plan order).
    public static func targets(_ exercises: [PlanExercise], sets: [Int], library: ExerciseLibrary,
                               plates: Plates?) -> [FittedTarget] {
        zip(exercises, sets).map { entry, n in
            var e = entry
            e.sets = n
            return FittedTarget(entry: e, loadable: loadable(kind: library.exercise(entry.slug)?.kind,
                                                             weight: entry.weight, plates: plates))
        }
    }

    /// A new snapshot for `day` fitted to `budget` (nil/0 = none).
    public static func make(day: StrengthDay, budget: Int?, cooldown: [CooldownItem], library: ExerciseLibrary,
                            plates: Plates?) -> StrengthFitted {
        let fit = Fitting.fit(day.exercises, budget: budget)
        return StrengthFitted(name: day.name.isEmpty ? "Session" : day.name, budget: budget, est: fit.est,
                              cd: fit.cooldown.rawValue,
                              targets: targets(day.exercises, sets: fit.sets, library: library, plates: plates),
                              cooldown: cooldown)
    }

    /// The re-fit of §4.7: fit the plan entries to `budget`, then per slug
    /// take `max(fitted sets, sets already logged for it)` (a set logged with
    /// `substituted_for` counts for the original slug); recompute `est` with
    /// the fitted cool-down mode; replace `budget`, `cd`, `est`, `targets`;
    /// keep `name`, `cooldown` and any other keys.
    public static func refit(_ stored: StrengthFitted, day: StrengthDay, budget: Int?, logged: [LoggedSet],
                             library: ExerciseLibrary, plates: Plates?) -> StrengthFitted {
        let fit = Fitting.fit(day.exercises, budget: budget)
        var counts: [String: Int] = [:]
        for s in logged { counts[s.substitutedFor ?? s.slug, default: 0] += 1 }
        let sets = zip(day.exercises, fit.sets).map { max($1, counts[$0.slug] ?? 0) }
        var fitted = stored
        fitted.budget = budget
        fitted.cd = fit.cooldown.rawValue
        fitted.est = Fitting.estimateMinutes(day.exercises, sets: sets, cooldown: fit.cooldown)
        fitted.targets = targets(day.exercises, sets: sets, library: library, plates: plates)
        return fitted
    }
}
