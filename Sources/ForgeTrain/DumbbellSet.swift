import ForgeCore

/// The dumbbells a profile owns, in its unit (issue 14): a list of the fixed
/// pairs, or an adjustable set `{min, max, step}`. Held in integer steps of
/// the unit (grams or hundredths of a pound).
package enum DumbbellSet: Sendable, Hashable {
    /// Fixed pairs, one weight per pair (each dumbbell's weight), ascending, distinct.
    case pairs([Int])
    /// An adjustable set: every weight `min, min + step, …` up to `max`.
    case adjustable(min: Int, max: Int, step: Int)

    /// The weights available, ascending, in steps of the unit.
    package var weights: [Int] {
        switch self {
        case .pairs(let w): return Array(Set(w.filter { $0 > 0 })).sorted()
        case .adjustable(let lo, let hi, let step):
            guard step > 0, lo > 0, hi >= lo else { return lo > 0 ? [lo] : [] }
            return Array(stride(from: lo, through: hi, by: step))
        }
    }

    /// The nearest owned weight to `target` steps (``LoadGrid`` rule, base the
    /// lightest dumbbell, step the set's step or the gcd of the gaps); the
    /// lightest or heaviest when `target` lies outside the set; nil when empty.
    package func nearest(steps target: Int) -> Int? {
        let w = weights
        guard let first = w.first, let last = w.last else { return nil }
        if target <= first { return first }
        if target >= last { return last }
        let up = w.first { $0 >= target }!
        let down = w.last { $0 <= target }!
        let step = zip(w, w.dropFirst()).map { $1 - $0 }.reduce(0, LoadGrid.gcd)
        return LoadGrid.nearest(target, down: down, up: up, base: first, step: step)
    }

    /// The lightest owned weight strictly above `target` steps, else the heaviest.
    package func above(steps target: Int) -> Int? {
        let w = weights
        return w.first { $0 > target } ?? w.last
    }
}
