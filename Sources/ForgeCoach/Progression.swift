import ForgeTrain

/// The built-in coach's written-down progression rules, applied per planned
/// exercise to the sets logged in the last seven days (and the seven before):
///
/// - **met**: a set met its target when `reps ≥ planned reps` and its RPE is
///   8 or lower (a set logged without an RPE counts as RPE ≤ 8);
/// - **progress**: every logged set of the exercise this week met its target →
///   add the exercise's increment: 2.5 kg for a barbell lift, 2 kg for a
///   dumbbell lift, nothing (hold) for machines, bodyweight and unloaded entries;
///   the new load is the nearest the active profile can make, and at least
///   one loadable step up (``LoadingKit/increased(kg:by:kind:)``, issue 14:
///   on a 45 lb bar with 2.5 lb plates, 135 lb → 140 lb);
/// - **hold**: nothing logged, or some set missed;
/// - **no load yet** (a loaded lift planned at 0 kg, as a swapped-in lift
///   never logged or a first week's unloaded entry starts): the top working
///   load logged this week becomes the plan's load; nothing loaded logged → hold;
/// - **body weight** (a `bw` lift): progress by reps,
///   never by load — every set met → ``repStep`` more reps a set, up to
///   ``repCeiling``; at the ceiling the lift holds and a harder variation is
///   next; short two weeks running → ``repStep`` fewer (at least ``repFloor``);
/// - **deload**: some set missed this week *and* in the week before (two
///   stalled weeks) → 90 % of the load, rounded to the nearest weight the
///   active profile can load (ties half-to-even, ``LoadGrid``; §4.2's 2.5 kg
///   grid when the profile does not say), never below 0: 52.5 kg → 47.5 kg.
package enum Progression {
    /// The next load for a lift, kg: up one step, held (with the reason), or deloaded.
    package enum Decision: Sendable, Equatable {
        case increase(from: Double, to: Double)
        case hold(Double, reason: String)
        case deload(from: Double, to: Double)
        /// A body-weight lift's new reps a set (up or eased).
        case reps(from: Int, to: Int)
        /// A body-weight lift at ``repCeiling`` with every set met: a harder variation next.
        case variation(reps: Int)
        /// A loaded lift planned at 0 kg takes the top load logged this week, kg.
        case adopt(Double)
    }

    /// Reps added a set when a body-weight lift met every set; also the step eased after two short weeks.
    package static let repStep = 2
    /// Reps a set beyond which a body-weight lift progresses by variation instead.
    package static let repCeiling = 20
    /// Fewest reps a set an eased body-weight lift is given.
    package static let repFloor = 5

    /// True when the entry progresses by reps: a body-weight lift. A loaded lift
    /// planned at 0 kg does not; it takes the load logged (``Decision/adopt(_:)``).
    package static func byReps(_ planned: PlanExercise, kind: ExerciseKind) -> Bool {
        kind == .bw
    }

    /// Load step, kg: 2.5 barbell, 2 dumbbell, else 0.
    package static func increment(for kind: ExerciseKind) -> Double {
        switch kind {
        case .bb: 2.5
        case .db: 2
        default: 0
        }
    }

    /// 90 % of `weight` (kg), as the nearest load `kit` makes for a lift of `kind`.
    package static func deload(_ weight: Double, kind: ExerciseKind = .bb, kit: LoadingKit = .unknown) -> Double {
        kit.nearest(kg: weight * 0.9, kind: kind)
    }

    /// True when the set met `reps` at RPE ≤ 8.
    package static func met(_ set: LoggedSet, reps: Int) -> Bool {
        set.reps >= reps && (set.rpe ?? 0) <= 8
    }

    /// The decision for `planned` given this week's and last week's sets of it,
    /// loads rounded to what `kit` (the active profile) can make.
    package static func decide(
        _ planned: PlanExercise, kind: ExerciseKind,
        thisWeek: [LoggedSet], lastWeek: [LoggedSet], kit: LoadingKit = .unknown
    ) -> Decision {
        let w = planned.weight
        guard !thisWeek.isEmpty else { return .hold(w, reason: "not logged this week") }
        if byReps(planned, kind: kind) { return decideReps(planned, thisWeek: thisWeek, lastWeek: lastWeek) }
        if w == 0 {
            guard let top = thisWeek.map(\.weight).max(), top > 0 else {
                return .hold(w, reason: "no load logged yet")
            }
            return .adopt(top)
        }
        if thisWeek.allSatisfy({ met($0, reps: planned.reps) }) {
            let step = increment(for: kind)
            guard step > 0 else { return .hold(w, reason: "every set met; no load step for this lift") }
            return .increase(from: w, to: kit.increased(kg: w, by: step, kind: kind))
        }
        let stalledBefore = !lastWeek.isEmpty && !lastWeek.allSatisfy { met($0, reps: planned.reps) }
        if stalledBefore { return .deload(from: w, to: deload(w, kind: kind, kit: kit)) }
        return .hold(w, reason: "some sets fell short")
    }

    /// The body-weight rule (see the type).
    static func decideReps(_ planned: PlanExercise, thisWeek: [LoggedSet], lastWeek: [LoggedSet]) -> Decision {
        let r = planned.reps
        if thisWeek.allSatisfy({ met($0, reps: r) }) {
            return r >= repCeiling ? .variation(reps: r) : .reps(from: r, to: min(repCeiling, r + repStep))
        }
        let stalledBefore = !lastWeek.isEmpty && !lastWeek.allSatisfy { met($0, reps: r) }
        if stalledBefore, r > repFloor { return .reps(from: r, to: max(repFloor, r - repStep)) }
        return .hold(planned.weight, reason: "some sets fell short")
    }
}
