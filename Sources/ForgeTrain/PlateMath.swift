import ForgeCore

/// Plate math for a barbell loaded symmetrically from an inventory of plate
/// denominations (API.md §4.3). All arithmetic is in integer grams
/// (DESIGN.md, Units): inputs in kg are converted with `round(kg × 1000)`,
/// so float drift such as 0.1 + 0.2 never reaches the result.
public enum PlateMath {
    /// Grams for a load in kilograms, rounded to the nearest gram.
    static func grams(_ kg: Double) -> Int {
        Int((kg * 1000).rounded(.toNearestOrAwayFromZero))
    }

    /// Shortest decimal kilogram text for a gram amount: 1250 → "1.25".
    static func kgText(grams: Int) -> String {
        NumberText.shortest(Double(grams) / 1000)
    }

    /// The per-side loading text for `weight` on a bar of `barKg` with
    /// unlimited pairs of each plate in `plates` (kg):
    /// - weight ≤ 0 → `""`;
    /// - less than 0.01 kg per side above the bar (including weights below
    ///   the bar) → `"Empty bar (20 kg)"`;
    /// - otherwise greedy, largest plate first: `"Per side: 20 + 5 + 1.25"`,
    ///   or `"Per side: —"` when no plate fits; when more than 0.01 kg per
    ///   side is left over, `" — no plate for 0.50 kg"` is appended.
    ///
    /// The leftover is printed with exactly two decimals, rounded half-to-even
    /// on its exact gram value (the contract's rounding, §1.11): 0.625 kg →
    /// "0.62", 0.375 kg → "0.38", 0.0125 kg → "0.01".
    public static func text(weight: Double, barKg: Double, plates: [Double]) -> String {
        let total = grams(weight)
        guard total > 0 else { return "" }
        let bar = grams(barKg)
        // Work with both sides together so a half-gram per side stays exact.
        var excess = total - bar
        if excess < 20 { return "Empty bar (\(kgText(grams: bar)) kg)" }
        var taken: [String] = []
        for plate in plates.map(grams).filter({ $0 > 0 }).sorted(by: >) {
            while excess >= 2 * plate {
                taken.append(kgText(grams: plate))
                excess -= 2 * plate
            }
        }
        var text = "Per side: " + (taken.isEmpty ? "—" : taken.joined(separator: " + "))
        if excess > 20 { text += " — no plate for \(twoDecimals(perSideOfExcessGrams: excess)) kg" }
        return text
    }

    /// `excess / 2` grams as kilograms with exactly two decimals, rounded
    /// half-to-even: units of 0.01 kg are 10 g per side = 20 g of excess.
    static func twoDecimals(perSideOfExcessGrams excess: Int) -> String {
        var centi = excess / 20
        let rest = excess % 20
        if rest > 10 || (rest == 10 && centi % 2 == 1) { centi += 1 }
        let frac = centi % 100
        return "\(centi / 100).\(frac < 10 ? "0" : "")\(frac)"
    }

    /// `"2 × <w> kg dumbbells"` with `w` in shortest decimal form: 12.5 →
    /// `"2 × 12.5 kg dumbbells"`.
    public static func dumbbellText(weight: Double) -> String {
        "2 × \(kgText(grams: grams(weight))) kg dumbbells"
    }

    /// The nearest loadable weights at or below and at or above `target` (kg)
    /// on a bar of `barKg` with unlimited pairs of each plate. An exactly
    /// loadable target gives `(target, target)`. A target at or below the bar,
    /// or an empty inventory, gives the bar for both; `up` is always ≥ `down`.
    public static func loadable(target: Double, barKg: Double, plates: [Double]) -> (down: Double, up: Double) {
        let bar = grams(barKg)
        let barKg = Double(bar) / 1000
        let pairs = plates.map { 2 * grams($0) }.filter { $0 > 0 }
        let excess = grams(target) - bar
        guard excess > 0, let smallest = pairs.min() else { return (barKg, barKg) }
        let unit = pairs.reduce(0) { gcd($0, $1) }
        // Reachable totals (in units) up to one smallest pair beyond the target:
        // adding the smallest pair repeatedly always crosses the target there.
        let limit = (excess + smallest) / unit + 1
        var reachable = [Bool](repeating: false, count: limit + 1)
        reachable[0] = true
        let steps = Set(pairs.map { $0 / unit })
        for n in 1...limit {
            for s in steps where s <= n && reachable[n - s] { reachable[n] = true; break }
        }
        var down = 0
        var up: Int?
        for n in 0...limit where reachable[n] {
            let g = n * unit
            if g <= excess { down = g }
            if g >= excess { up = g; break }
        }
        let upGrams = up ?? down
        return (Double(bar + down) / 1000, Double(bar + upGrams) / 1000)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
