import ForgeCore

/// Cool-down length chosen by fitting: `full` = 5 minutes, `short` = 2.
package enum CooldownMode: String, Codable, Sendable {
    case full, short

    /// Seconds the cool-down takes in the time model.
    package var seconds: Int { self == .full ? 300 : 120 }
}

/// The result of fitting a strength day into a time budget.
package struct FitResult: Sendable, Hashable {
    /// Fitted set count per plan entry, in plan order (0 = dropped).
    package var sets: [Int]
    package var cooldown: CooldownMode
    /// Estimated minutes after trimming.
    package var est: Int
    /// Estimated minutes untrimmed, with the full cool-down.
    package var fullEst: Int
    /// Trim labels in application order.
    package var trims: [String]
}

/// Time-budget fitting (docs/contract.md §4.1).
///
/// Time model, seconds: general warm-up 480 (always); cool-down 300 full or
/// 120 short; each entry with n > 0 sets `n × 60 + (n − 1) × rest + 240`.
/// Estimates are `round_half_even(seconds / 60)` minutes, so 3150 s → 52.
package enum Fitting {
    static let warmUpSeconds = 480
    static let workSecondsPerSet = 60
    static let setupSeconds = 240

    /// Total seconds for `exercises` with `sets` (per entry; defaults to each
    /// entry's planned sets) and the given cool-down.
    package static func estimateSeconds(
        _ exercises: [PlanExercise], sets: [Int]? = nil,
        cooldown: CooldownMode = .full
    ) -> Int {
        var total = warmUpSeconds + cooldown.seconds
        for (i, e) in exercises.enumerated() {
            let n = sets?[i] ?? e.sets
            guard n > 0 else { continue }
            total += n * workSecondsPerSet + (n - 1) * e.rest + setupSeconds
        }
        return total
    }

    /// Estimated minutes: `round_half_even(estimateSeconds / 60)`.
    package static func estimateMinutes(
        _ exercises: [PlanExercise], sets: [Int]? = nil,
        cooldown: CooldownMode = .full
    ) -> Int {
        minutes(estimateSeconds(exercises, sets: sets, cooldown: cooldown))
    }

    static func minutes(_ seconds: Int) -> Int {
        Int(Rounding.halfEven(Double(seconds) / 60))
    }

    private enum Step {
        case setTo(index: Int, sets: Int)
        case shortenCooldown
        case drop(index: Int)
    }

    /// The trim ladder, built once from the base plan: accessories are the
    /// entries with priority > 1, visited in descending priority (ties in
    /// plan order).
    private static func ladder(_ exercises: [PlanExercise]) -> [Step] {
        let accessories = exercises.indices
            .filter { exercises[$0].priority > 1 }
            .enumerated()
            .sorted { a, b in
                let pa = exercises[a.element].priority
                let pb = exercises[b.element].priority
                return pa != pb ? pa > pb : a.offset < b.offset
            }
            .map(\.element)
        var steps: [Step] = []
        for i in accessories {
            let e = exercises[i]
            if e.sets - 1 >= max(e.minSets, 1) { steps.append(.setTo(index: i, sets: e.sets - 1)) }
        }
        for i in accessories {
            let e = exercises[i]
            if e.minSets >= 1, e.sets - 1 > e.minSets { steps.append(.setTo(index: i, sets: e.minSets)) }
        }
        steps.append(.shortenCooldown)
        for i in accessories where exercises[i].minSets == 0 {
            steps.append(.drop(index: i))
        }
        return steps
    }

    /// Fits `exercises` into `budget` minutes (docs/contract.md §4.1). With no budget
    /// (nil or 0) nothing is trimmed and the cool-down is full. Otherwise the
    /// trim ladder is walked: before each step, stop if the estimate is within
    /// budget, else apply it and record its label (`"cool-down 5→2 min"`,
    /// `"<label> <cur>→<new> sets"`, `"<label> dropped"`; label = name or slug).
    /// The budget may remain unmet after the last step; the priority-1 lift is
    /// never trimmed and the cool-down never removed.
    package static func fit(_ exercises: [PlanExercise], budget: Int?) -> FitResult {
        var sets = exercises.map(\.sets)
        var cooldown = CooldownMode.full
        var trims: [String] = []
        let fullEst = estimateMinutes(exercises, sets: sets, cooldown: .full)
        if let budget, budget != 0 {
            for step in ladder(exercises) {
                if estimateMinutes(exercises, sets: sets, cooldown: cooldown) <= budget { break }
                switch step {
                case .setTo(let i, let n):
                    trims.append("\(exercises[i].label) \(sets[i])→\(n) sets")
                    sets[i] = n
                case .shortenCooldown:
                    trims.append("cool-down 5→2 min")
                    cooldown = .short
                case .drop(let i):
                    trims.append("\(exercises[i].label) dropped")
                    sets[i] = 0
                }
            }
        }
        return FitResult(
            sets: sets, cooldown: cooldown,
            est: estimateMinutes(exercises, sets: sets, cooldown: cooldown),
            fullEst: fullEst, trims: trims)
    }
}
