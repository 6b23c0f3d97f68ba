import ForgeCore

extension LoadUnit {
    /// Integer steps per unit for load arithmetic: grams (1000 per kg) or
    /// hundredths of a pound (100 per lb).
    public var stepsPerUnit: Int { self == .kg ? 1000 : 100 }

    /// `kg` in this unit's integer steps (grams or hundredths of a pound),
    /// rounded to the nearest step: 102.05828325 kg → 22500 (225 lb).
    public func steps(kg: Double) -> Int {
        Int((fromKg(kg) * Double(stepsPerUnit)).rounded(.toNearestOrEven))
    }

    /// The exact kg equivalent of `steps` of this unit, as the double nearest
    /// the exact decimal: 13500 (135 lb) → 61.23496995 kg, 11000 (110 lb) →
    /// 49.8951607 (not 49.895160700000005, which `110 × 0.45359237` gives in
    /// floating point). The product is formed in integers — hundredths of a
    /// pound × 45359237 (the pound in 10⁻⁸ kg) is an exact count of 10⁻¹⁰ kg,
    /// below 2⁵³ for any load under 19,000 lb — and divided once, so it is
    /// correctly rounded. Grams divide by 1000 the same way.
    public func kg(steps: Int) -> Double {
        switch self {
        case .kg: return Double(steps) / 1000
        case .lb: return Double(steps * 45_359_237) / 1e10
        }
    }

    /// Shortest decimal text of `steps` in this unit: 250 (lb) → `"2.5"`, 1250 (kg) → `"1.25"`.
    public func text(steps: Int) -> String {
        NumberText.shortest(Double(steps) / Double(stepsPerUnit))
    }
}

/// The nearest-loadable rule shared by plates, dumbbells and stacks.
///
/// A computed load goes to the nearer of its two loadable neighbours; an
/// exact tie goes to the neighbour an even number of grid steps from the
/// grid's base (round-half-to-even, as API.md §1.11 rounds: 41.25 kg on a
/// 20 kg bar with 1.25 kg plates → 40 kg, 8 steps of 2.5 rather than 9),
/// and to the lower one when parity cannot decide (an uneven inventory).
public enum LoadGrid {
    /// The neighbour of `target` chosen from `down ≤ target ≤ up`, all in integer steps.
    /// - Parameters:
    ///   - base: where the grid starts (the bar; the lightest dumbbell).
    ///   - step: the grid step (the gcd of the increments), > 0.
    public static func nearest(_ target: Int, down: Int, up: Int, base: Int, step: Int) -> Int {
        let below = target - down, above = up - target
        if below != above { return below < above ? down : up }
        guard step > 0 else { return down }
        let downEven = ((down - base) / step) % 2 == 0, upEven = ((up - base) / step) % 2 == 0
        return upEven && !downEven ? up : down
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (abs(a), abs(b))
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

/// A barbell and its plates in the profile's own unit (issue 14), held in
/// integer steps of that unit (grams for kg, hundredths of a pound for lb),
/// so 45 lb plates stay exactly 45 lb however they are stored.
public struct PlateInventory: Sendable, Hashable {
    /// The unit the bar and plates are marked in.
    public let unit: LoadUnit
    /// Bar weight in steps of `unit`.
    public let bar: Int
    /// Plate denominations per side in steps of `unit`: positive, distinct, largest first.
    public let plates: [Int]

    public init(unit: LoadUnit, bar: Int, plates: [Int]) {
        self.unit = unit; self.bar = bar
        self.plates = Array(Set(plates.filter { $0 > 0 })).sorted(by: >)
    }

    /// From stored kg values (API.md §1.3 canonical storage), re-expressed in `unit`.
    public init(unit: LoadUnit, barKg: Double, platesKg: [Double]) {
        self.init(unit: unit, bar: unit.steps(kg: barKg), plates: platesKg.map { unit.steps(kg: $0) })
    }

    /// True when there are no plates (no plate math, no warm-ups).
    public var isEmpty: Bool { plates.isEmpty }
    /// The bar, kg (exact conversion).
    public var barKg: Double { unit.kg(steps: bar) }

    /// The loadable totals either side of `target` in steps: `(target, target)`
    /// when exact; the bar for both when the target is at or below it or there
    /// are no plates; `up` ≥ `down` always. Unlimited pairs of each plate.
    public func neighbours(_ target: Int) -> (down: Int, up: Int) {
        let pairs = plates.map { 2 * $0 }
        let excess = target - bar
        guard excess > 0, let smallest = pairs.min() else { return (bar, bar) }
        let unitStep = pairs.reduce(0, LoadGrid.gcd)
        // Reachable totals (in grid steps) up to one smallest pair beyond the
        // target: adding the smallest pair repeatedly always crosses it there.
        let limit = (excess + smallest) / unitStep + 1
        var reachable = [Bool](repeating: false, count: limit + 1)
        reachable[0] = true
        let steps = Set(pairs.map { $0 / unitStep })
        for n in 1...limit {
            for s in steps where s <= n && reachable[n - s] { reachable[n] = true; break }
        }
        var down = 0
        var up: Int?
        for n in 0...limit where reachable[n] {
            let g = n * unitStep
            if g <= excess { down = g }
            if g >= excess { up = g; break }
        }
        return (bar + down, bar + (up ?? down))
    }

    /// The loadable kg weights either side of `kg` (exact conversions).
    public func loadable(kg: Double) -> (down: Double, up: Double) {
        let (d, u) = neighbours(unit.steps(kg: kg))
        return (unit.kg(steps: d), unit.kg(steps: u))
    }

    /// The nearest loadable total to `target` steps (``LoadGrid`` rule, grid
    /// base the bar, step the gcd of the plate pairs).
    public func nearest(steps target: Int) -> Int {
        let (d, u) = neighbours(target)
        return LoadGrid.nearest(target, down: d, up: u, base: bar, step: plates.map { 2 * $0 }.reduce(0, LoadGrid.gcd))
    }

    /// The nearest loadable weight to `kg`, as its exact kg equivalent:
    /// 47.25 kg on the 20 kg bar with 1.25 kg plates → 47.5; 60 kg on a
    /// 45 lb bar with 2.5 lb plates → 130 lb = 58.9670081 kg.
    public func nearest(kg: Double) -> Double { unit.kg(steps: nearest(steps: unit.steps(kg: kg))) }

    /// The lightest loadable weight strictly above `kg` (the bar when `kg` is below it).
    public func above(kg: Double) -> Double {
        unit.kg(steps: neighbours(unit.steps(kg: kg) + 1).up)
    }
}
