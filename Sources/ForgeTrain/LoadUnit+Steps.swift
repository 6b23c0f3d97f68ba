import ForgeCore

extension LoadUnit {
    /// Integer steps per unit for load arithmetic: grams (1000 per kg) or
    /// hundredths of a pound (100 per lb).
    package var stepsPerUnit: Int { self == .kg ? 1000 : 100 }

    /// `kg` in this unit's integer steps (grams or hundredths of a pound),
    /// rounded to the nearest step: 102.05828325 kg → 22500 (225 lb).
    package func steps(kg: Double) -> Int {
        Int((fromKg(kg) * Double(stepsPerUnit)).rounded(.toNearestOrEven))
    }

    /// The exact kg equivalent of `steps` of this unit, as the double nearest
    /// the exact decimal: 13500 (135 lb) → 61.23496995 kg, 11000 (110 lb) →
    /// 49.8951607 (not 49.895160700000005, which `110 × 0.45359237` gives in
    /// floating point). The product is formed in integers — hundredths of a
    /// pound × 45359237 (the pound in 10⁻⁸ kg) is an exact count of 10⁻¹⁰ kg,
    /// below 2⁵³ for any load under 19,000 lb — and divided once, so it is
    /// correctly rounded. Grams divide by 1000 the same way.
    package func kg(steps: Int) -> Double {
        switch self {
        case .kg: return Double(steps) / 1000
        case .lb: return Double(steps * 45_359_237) / 1e10
        }
    }

    /// `steps` as a figure in this unit: 4500 (lb) → 45.0, 1250 (kg) → 1.25.
    package func value(steps: Int) -> Double {
        Double(steps) / Double(stepsPerUnit)
    }

    /// A figure in this unit as integer steps, rounded to the nearest step
    /// (ties to even): 45 (lb) → 4500, 2.5 (kg) → 2500, 0.0125 (kg) → 12.
    package func steps(value: Double) -> Int {
        Int((value * Double(stepsPerUnit)).rounded(.toNearestOrEven))
    }

    /// Shortest decimal text of `steps` in this unit: 250 (lb) → `"2.5"`, 1250 (kg) → `"1.25"`.
    package func text(steps: Int) -> String {
        NumberText.shortest(value(steps: steps))
    }
}
