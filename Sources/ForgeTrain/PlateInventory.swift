import ForgeCore

/// A barbell and its plates in the profile's own unit (issue 14), held in
/// integer steps of that unit (grams for kg, hundredths of a pound for lb),
/// so 45 lb plates stay exactly 45 lb however they are stored.
package struct PlateInventory: Sendable, Hashable {
    /// The unit the bar and plates are marked in.
    package let unit: LoadUnit
    /// Bar weight in steps of `unit`.
    package let bar: Int
    /// Plate denominations per side in steps of `unit`: positive, distinct, largest first.
    package let plates: [Int]

    package init(unit: LoadUnit, bar: Int, plates: [Int]) {
        self.unit = unit
        self.bar = bar
        self.plates = Array(Set(plates.filter { $0 > 0 })).sorted(by: >)
    }

    /// From stored kg values (docs/contract.md §1.3 canonical storage), re-expressed in `unit`.
    package init(unit: LoadUnit, barKg: Double, platesKg: [Double]) {
        self.init(unit: unit, bar: unit.steps(kg: barKg), plates: platesKg.map { unit.steps(kg: $0) })
    }

    /// True when there are no plates (no plate math, no warm-ups).
    package var isEmpty: Bool { plates.isEmpty }
    /// The bar, kg (exact conversion).
    package var barKg: Double { unit.kg(steps: bar) }

    /// The loadable totals either side of `target` in steps: `(target, target)`
    /// when exact; the bar for both when the target is at or below it or there
    /// are no plates; `up` ≥ `down` always. Unlimited pairs of each plate.
    package func neighbours(_ target: Int) -> (down: Int, up: Int) {
        guard let reach = reachable(through: target - bar) else { return (bar, bar) }
        var down = 0
        var up: Int?
        for n in reach.flags.indices where reach.flags[n] {
            let g = n * reach.step
            if g <= target - bar { down = g }
            if g >= target - bar {
                up = g
                break
            }
        }
        return (bar + down, bar + (up ?? down))
    }

    /// The plates per side, largest first, for the heaviest loadable total at
    /// or below `target` steps (the `down` of ``neighbours(_:)``), so the plate
    /// text and `loadable` come from one search. Among the combinations for
    /// that total the one taking the largest plate first is returned: each
    /// plate is the largest whose rest is still reachable, which is the greedy
    /// answer whenever greedy loads the total exactly. `[]` at or below the bar.
    /// With plates [20, 15] kg on a 20 kg bar, 80 kg → [15, 15] (greedy takes
    /// 20 and strands 10 kg).
    package func perSide(_ target: Int) -> [Int] {
        guard let reach = reachable(through: target - bar) else { return [] }
        var n = reach.flags.indices.last { $0 * reach.step <= target - bar && reach.flags[$0] } ?? 0
        var taken: [Int] = []
        while n > 0,
            let plate = plates.first(where: {
                let s = 2 * $0 / reach.step
                return s <= n && reach.flags[n - s]
            })
        {
            taken.append(plate)
            n -= 2 * plate / reach.step
        }
        return taken
    }

    /// Which totals above the bar (both sides) unlimited pairs reach, in grid
    /// steps of `step` (the gcd of the pairs), from 0 up to one smallest pair
    /// beyond `excess`: adding the smallest pair repeatedly always crosses
    /// `excess` there. nil when `excess` ≤ 0 or there are no plates.
    private func reachable(through excess: Int) -> (step: Int, flags: [Bool])? {
        let pairs = plates.map { 2 * $0 }
        guard excess > 0, let smallest = pairs.min() else { return nil }
        let step = pairs.reduce(0, LoadGrid.gcd)
        let limit = (excess + smallest) / step + 1
        var flags = [Bool](repeating: false, count: limit + 1)
        flags[0] = true
        let sizes = Set(pairs.map { $0 / step })
        for n in 1...limit {
            for s in sizes where s <= n && flags[n - s] {
                flags[n] = true
                break
            }
        }
        return (step, flags)
    }

    /// The loadable kg weights either side of `kg` (exact conversions).
    package func loadable(kg: Double) -> (down: Double, up: Double) {
        let (d, u) = neighbours(unit.steps(kg: kg))
        return (unit.kg(steps: d), unit.kg(steps: u))
    }

    /// The nearest loadable total to `target` steps (``LoadGrid`` rule, grid
    /// base the bar, step the gcd of the plate pairs).
    package func nearest(steps target: Int) -> Int {
        let (d, u) = neighbours(target)
        return LoadGrid.nearest(target, down: d, up: u, base: bar, step: plates.map { 2 * $0 }.reduce(0, LoadGrid.gcd))
    }

    /// The nearest loadable weight to `kg`, as its exact kg equivalent:
    /// 47.25 kg on the 20 kg bar with 1.25 kg plates → 47.5; 60 kg on a
    /// 45 lb bar with 2.5 lb plates → 130 lb = 58.9670081 kg.
    package func nearest(kg: Double) -> Double { unit.kg(steps: nearest(steps: unit.steps(kg: kg))) }

    /// The lightest loadable weight strictly above `kg` (the bar when `kg` is below it).
    package func above(kg: Double) -> Double {
        unit.kg(steps: neighbours(unit.steps(kg: kg) + 1).up)
    }
}
