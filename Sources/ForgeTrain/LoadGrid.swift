import ForgeCore

/// The nearest-loadable rule shared by plates, dumbbells and stacks.
///
/// A computed load goes to the nearer of its two loadable neighbours; an
/// exact tie goes to the neighbour an even number of grid steps from the
/// grid's base (round-half-to-even, as docs/contract.md §1.11 rounds: 41.25 kg on a
/// 20 kg bar with 1.25 kg plates → 40 kg, 8 steps of 2.5 rather than 9),
/// and to the lower one when parity cannot decide (an uneven inventory).
package enum LoadGrid {
    /// The neighbour of `target` chosen from `down ≤ target ≤ up`, all in integer steps.
    /// - Parameters:
    ///   - base: where the grid starts (the bar; the lightest dumbbell).
    ///   - step: the grid step (the gcd of the increments), > 0.
    package static func nearest(_ target: Int, down: Int, up: Int, base: Int, step: Int) -> Int {
        let below = target - down
        let above = up - target
        if below != above { return below < above ? down : up }
        guard step > 0 else { return down }
        let downEven = ((down - base) / step) % 2 == 0
        let upEven = ((up - base) / step) % 2 == 0
        return upEven && !downEven ? up : down
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (abs(a), abs(b))
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
