import ForgeCore

/// What a profile can load, for rounding computed loads (issue 14): its
/// plates (barbell lifts) and dumbbells, in the profile's unit. Machines
/// have no known stack step in a profile: their computed loads keep §4.2's
/// 2.5 kg grid (``fallback(_:)``).
package struct LoadingKit: Sendable, Hashable {
    package let unit: LoadUnit
    /// nil when the profile has no bar or no plates.
    package let plates: PlateInventory?
    /// nil when the profile does not describe its dumbbells.
    package let dumbbells: DumbbellSet?

    package init(unit: LoadUnit, plates: PlateInventory?, dumbbells: DumbbellSet?) {
        self.unit = unit
        self.plates = plates?.isEmpty == false ? plates : nil
        self.dumbbells = dumbbells
    }

    /// No profile: nothing is known, barbell and dumbbell loads fall back to
    /// the 2.5 kg grid (``fallback(_:)``).
    package static let unknown = LoadingKit(unit: .kg, plates: nil, dumbbells: nil)

    /// `2.5 × round_half_even(kg / 2.5)`, never below 0: the contract's
    /// warm-up rounding (docs/contract.md §4.2), used when the profile does not say.
    package static func fallback(_ kg: Double) -> Double { max(0, 2.5 * Rounding.halfEven(kg / 2.5)) }

    /// True when the profile says what a lift of `kind` can load, so its
    /// computed loads round to the profile (``nearest(kg:kind:)``): barbell
    /// lifts with plates described, dumbbell lifts with dumbbells described.
    /// False for every other case, whose loads fall back to §4.2's grid.
    package func rounds(_ kind: ExerciseKind) -> Bool {
        switch kind {
        case .bb: return plates != nil
        case .db: return dumbbells != nil
        default: return false
        }
    }

    /// The nearest load the profile can make for a lift of `kind`, kg (exact
    /// conversion of a weight in the profile's unit). Barbell lifts use the
    /// plates, dumbbell lifts the dumbbells; without them, barbell and
    /// dumbbell loads use ``fallback(_:)``, as do machine and other loads.
    /// A load ≤ 0 stays 0.
    package func nearest(kg: Double, kind: ExerciseKind) -> Double {
        guard kg > 0 else { return 0 }
        switch kind {
        case .bb:
            if let plates { return plates.nearest(kg: kg) }
            return Self.fallback(kg)
        case .db:
            if let dumbbells, let n = dumbbells.nearest(steps: unit.steps(kg: kg)) { return unit.kg(steps: n) }
            return Self.fallback(kg)
        default:
            return Self.fallback(kg)
        }
    }

    /// One loadable step up from `kg` for progression: the nearest load to
    /// `kg + increment`, and at least the next loadable weight above `kg`
    /// (so a 5 lb pair still moves a 2.5 kg increment on a lb profile).
    /// Without plates (barbell) or dumbbells (dumbbell) described, `kg + increment`.
    package func increased(kg: Double, by increment: Double, kind: ExerciseKind) -> Double {
        switch kind {
        case .bb:
            guard let plates else { return kg + increment }
            let target = plates.nearest(kg: kg + increment)
            return target > kg ? target : plates.above(kg: kg)
        case .db:
            guard let dumbbells else { return kg + increment }
            let target = nearest(kg: kg + increment, kind: .db)
            if target > kg { return target }
            return dumbbells.above(steps: unit.steps(kg: kg)).map { unit.kg(steps: $0) } ?? target
        default:
            return kg + increment
        }
    }
}
