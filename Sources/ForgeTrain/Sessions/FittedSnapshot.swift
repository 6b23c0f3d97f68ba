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
    public static func loadable(kind: ExerciseKind?, weight: Double, plates: Plates?) -> JSONValue? {
        guard (kind ?? .bb) == .bb, weight > 0, let plates, !plates.platesKg.isEmpty else { return nil }
        let (down, up) = PlateMath.loadable(target: weight, barKg: plates.barKg, plates: plates.platesKg)
        return ["down_kg": .double(down), "up_kg": .double(up)]
    }

    /// Targets for `exercises` with `sets` per entry (plan order).
    public static func targets(_ exercises: [PlanExercise], sets: [Int], library: ExerciseLibrary,
                               plates: Plates?) throws -> JSONValue {
        var list: [JSONValue] = []
        for (entry, n) in zip(exercises, sets) {
            var e = entry
            e.sets = n
            guard case .object(var object) = try JSONValue.encoded(e) else { continue }
            if let l = loadable(kind: library.exercise(entry.slug)?.kind, weight: entry.weight, plates: plates) {
                object["loadable"] = l
            }
            list.append(.object(object))
        }
        return .array(list)
    }

    /// A new snapshot for `day` fitted to `budget` (nil/0 = none).
    public static func make(day: StrengthDay, budget: Int?, cooldown: [CooldownItem], library: ExerciseLibrary,
                            plates: Plates?) throws -> JSONValue {
        let fit = Fitting.fit(day.exercises, budget: budget)
        return ["name": .string(day.name.isEmpty ? "Session" : day.name), "budget": .integerOrNull(budget),
                "est": .int(fit.est), "cd": .string(fit.cooldown.rawValue),
                "targets": try targets(day.exercises, sets: fit.sets, library: library, plates: plates),
                "cooldown": try .encoded(cooldown)]
    }

    /// The slugs of stored targets, as a set.
    public static func targetSlugs(_ fitted: JSONValue) -> Set<String> {
        Set((fitted["targets"]?.arrayValue ?? []).compactMap { $0["slug"]?.stringValue })
    }

    /// Σ `targets[].sets`.
    public static func plannedSets(_ fitted: JSONValue) -> Int {
        (fitted["targets"]?.arrayValue ?? []).reduce(0) { $0 + ($1["sets"]?.intValue ?? 0) }
    }

    /// The re-fit of §4.7: fit the plan entries to `budget`, then per slug
    /// take `max(fitted sets, sets already logged for it)` (a set logged with
    /// `substituted_for` counts for the original slug); recompute `est` with
    /// the fitted cool-down mode; replace `budget`, `cd`, `est`, `targets`;
    /// keep `name`, `cooldown` and any other keys.
    public static func refit(_ stored: JSONValue, day: StrengthDay, budget: Int?, logged: [LoggedSet],
                             library: ExerciseLibrary, plates: Plates?) throws -> JSONValue {
        let fit = Fitting.fit(day.exercises, budget: budget)
        var counts: [String: Int] = [:]
        for s in logged { counts[s.substitutedFor ?? s.slug, default: 0] += 1 }
        let sets = zip(day.exercises, fit.sets).map { max($1, counts[$0.slug] ?? 0) }
        var object = stored.objectValue ?? [:]
        object["budget"] = .integerOrNull(budget)
        object["cd"] = .string(fit.cooldown.rawValue)
        object["est"] = .int(Fitting.estimateMinutes(day.exercises, sets: sets, cooldown: fit.cooldown))
        object["targets"] = try targets(day.exercises, sets: sets, library: library, plates: plates)
        return .object(object)
    }
}
