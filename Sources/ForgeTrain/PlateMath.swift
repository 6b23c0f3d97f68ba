import ForgeCore

/// Plate math for a barbell loaded symmetrically from an inventory of plate
/// denominations (docs/contract.md §4.3), in the inventory's own unit (issue 14). All
/// arithmetic is in integer steps of that unit — grams for kg, hundredths of
/// a pound for lb (``PlateInventory``) — so float drift such as 0.1 + 0.2
/// never reaches the result.
package enum PlateMath {
    /// The per-side loading text for `weight` (kg) on `inventory`, read by a
    /// member whose load unit for the lift is `reader`:
    /// - weight ≤ 0 → `""`;
    /// - less than 0.01 unit per side above the bar (including weights below
    ///   the bar) → `"Empty bar (20 kg)"` / `"Empty bar (45 lb)"`;
    /// - otherwise greedy, largest plate first: `"Per side: 20 + 5 + 1.25"`,
    ///   or `"Per side: —"` when no plate fits; when more than 0.01 unit per
    ///   side is left over, `" — no plate for 0.50 kg"` is appended (the
    ///   remainder in the inventory's unit).
    /// - when greedy leaves more than 0.01 unit per side but a combination
    ///   comes closer, the plates of the heaviest loadable weight at or below
    ///   `weight` (``PlateInventory/perSide(_:)``, the same search as
    ///   `loadable`) and its remainder: plates [20, 15] kg, 80 kg on a 20 kg
    ///   bar → `"Per side: 15 + 15"`, not `"Per side: 20 — no plate for
    ///   10.00 kg"`. Greedy is kept whenever it is exact, so the contract's
    ///   texts for the usual kg plates are unchanged.
    ///
    /// A kg inventory read in kg keeps the contract's text byte for byte;
    /// otherwise the plate list names its unit so no bare number sits beside
    /// figures in another unit: `"Per side: 45 + 45 lb"` on lb plates,
    /// `"Per side: 20 kg"` on kg plates read by an lb member.
    ///
    /// The leftover is printed with exactly two decimals, rounded half-to-even
    /// on its exact integer value (the contract's rounding, §1.11): 0.625 kg →
    /// "0.62", 0.375 kg → "0.38", 0.0125 kg → "0.01".
    package static func text(weight: Double, inventory: PlateInventory, reader: LoadUnit) -> String {
        let unit = inventory.unit
        let total = unit.steps(kg: weight)
        guard weight > 0, total > 0 else { return "" }
        let bar = inventory.bar
        let hundredth = unit.stepsPerUnit / 100  // steps in 0.01 of the unit
        // Work with both sides together so a half-step per side stays exact.
        var excess = total - bar
        if excess < 2 * hundredth { return "Empty bar (\(unit.text(steps: bar)) \(unit.rawValue))" }
        var taken: [Int] = []
        for plate in inventory.plates {
            while excess >= 2 * plate {
                taken.append(plate)
                excess -= 2 * plate
            }
        }
        // Largest-first can strand weight a combination loads ([20, 15] on a
        // 20 kg bar: 80 kg is 15 + 15, not 20 + 10 left over). When greedy
        // leaves a remainder, list the plates of the heaviest loadable total
        // instead, the same search `loadable` answers from.
        if excess > 2 * hundredth {
            let found = inventory.perSide(total)
            let left = total - bar - 2 * found.reduce(0, +)
            if left < excess { (taken, excess) = (found, left) }
        }
        let named = !(unit == .kg && reader == .kg)
        var text =
            "Per side: "
            + (taken.isEmpty
                ? "—" : taken.map(unit.text(steps:)).joined(separator: " + ") + (named ? " \(unit.rawValue)" : ""))
        if excess > 2 * hundredth {
            text += " — no plate for \(twoDecimals(perSideOfExcess: excess, hundredth: hundredth)) \(unit.rawValue)"
        }
        return text
    }

    /// The contract's kg form: a kg bar and plates read in kg.
    package static func text(weight: Double, barKg: Double, plates: [Double]) -> String {
        text(weight: weight, inventory: PlateInventory(unit: .kg, barKg: barKg, platesKg: plates), reader: .kg)
    }

    /// `excess / 2` steps with exactly two decimals of the unit, rounded
    /// half-to-even: one 0.01 unit per side is `2 × hundredth` of excess.
    static func twoDecimals(perSideOfExcess excess: Int, hundredth: Int) -> String {
        let per = 2 * hundredth
        var centi = excess / per
        let rest = excess % per
        if 2 * rest > per || (2 * rest == per && centi % 2 == 1) { centi += 1 }
        let frac = centi % 100
        return "\(centi / 100).\(frac < 10 ? "0" : "")\(frac)"
    }

    /// `"2 × <w> kg dumbbells"` with `w` in shortest decimal form: 12.5 →
    /// `"2 × 12.5 kg dumbbells"`; in lb (`unit` .lb) → `"2 × 25 lb dumbbells"`.
    package static func dumbbellText(weight: Double, unit: LoadUnit = .kg) -> String {
        "2 × \(unit.text(steps: unit.steps(kg: weight))) \(unit.rawValue) dumbbells"
    }

    /// The nearest loadable weights at or below and at or above `target` (kg)
    /// on a kg bar of `barKg` with unlimited pairs of each plate
    /// (``PlateInventory/loadable(kg:)``).
    package static func loadable(target: Double, barKg: Double, plates: [Double]) -> (down: Double, up: Double) {
        PlateInventory(unit: .kg, barKg: barKg, platesKg: plates).loadable(kg: target)
    }
}
