import ForgeCore

/// The `fitted` document frozen into a strength session at start (docs/contract.md §2
/// `Fitted`, §4.6, §4.7): `{name, budget, est, cd, targets, cooldown}`.
/// Targets are the plan entries with the fitted set count; barbell targets
/// with a load also carry `loadable: {down_kg, up_kg}` for the active
/// profile (``PlateInventory/loadable(kg:)``); barbell and dumbbell
/// targets sit on loads the profile can make (issue 14).
package enum FittedSnapshot {
    /// `{down_kg, up_kg}` for a barbell load, or nil when not applicable
    /// (not `bb`, no load, no plates).
    package static func loadable(kind: ExerciseKind?, weight: Double, plates: PlateInventory?) -> Loadable? {
        guard (kind ?? .bb) == .bb, weight > 0, let plates, !plates.isEmpty else { return nil }
        let (down, up) = plates.loadable(kg: weight)
        return Loadable(downKg: down, upKg: up)
    }

    /// Targets for `exercises` with `sets` per entry (plan order). With a
    /// profile's `kit`, a barbell or dumbbell target's `weight` is the nearest
    /// load the profile can make (``LoadingKit/nearest(kg:kind:)``, issue 14)
    /// and `loadable` gives the planned weight's neighbours.
    package static func targets(
        _ exercises: [PlanExercise], sets: [Int], library: ExerciseLibrary,
        kit: LoadingKit?
    ) -> [FittedTarget] {
        zip(exercises, sets).map { entry, n in
            var e = entry
            e.sets = n
            let kind = library.exercise(entry.slug)?.kind ?? .bb
            if let kit, entry.weight > 0, kit.rounds(kind) {
                e.weight = kit.nearest(kg: entry.weight, kind: kind)
            }
            return FittedTarget(entry: e, loadable: loadable(kind: kind, weight: entry.weight, plates: kit?.plates))
        }
    }

    /// A new snapshot for `day` fitted to `budget` (nil/0 = none).
    package static func make(
        day: StrengthDay, budget: Int?, cooldown: [CooldownItem], library: ExerciseLibrary,
        kit: LoadingKit?
    ) -> StrengthFitted {
        let fit = Fitting.fit(day.exercises, budget: budget)
        return StrengthFitted(
            name: day.name.isEmpty ? "Session" : day.name, budget: budget, est: fit.est,
            cd: fit.cooldown.rawValue,
            targets: targets(day.exercises, sets: fit.sets, library: library, kit: kit),
            cooldown: cooldown)
    }

    /// The re-fit of §4.7: fit the plan entries to `budget`, then per slug
    /// take `max(fitted sets, sets already logged for it)` (a set logged with
    /// `substituted_for` counts for the original slug); recompute `est` with
    /// the fitted cool-down mode; replace `budget`, `cd`, `est`, `targets`;
    /// keep `name`, `cooldown` and any other keys.
    package static func refit(
        _ stored: StrengthFitted, day: StrengthDay, budget: Int?, logged: [LoggedSet],
        library: ExerciseLibrary, kit: LoadingKit?
    ) -> StrengthFitted {
        let fit = Fitting.fit(day.exercises, budget: budget)
        var counts: [String: Int] = [:]
        for s in logged { counts[s.substitutedFor ?? s.slug, default: 0] += 1 }
        let sets = zip(day.exercises, fit.sets).map { max($1, counts[$0.slug] ?? 0) }
        var fitted = stored
        fitted.budget = budget
        fitted.cd = fit.cooldown.rawValue
        fitted.est = Fitting.estimateMinutes(day.exercises, sets: sets, cooldown: fit.cooldown)
        fitted.targets = targets(day.exercises, sets: sets, library: library, kit: kit)
        return fitted
    }
}
