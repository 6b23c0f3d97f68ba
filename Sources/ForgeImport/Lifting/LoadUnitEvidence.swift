import ForgeTrain
import Foundation

/// What a lifting file's unitless loads say about their unit (issue 38), counted before anything is
/// written, so an lb history is never stored as kg (or a kg one as lb) on a guess.
///
/// Lifters load a barbell with the plates they own, so the main barbell lifts' totals show the unit:
/// 135, 225, 315 lb are a 45 lb bar with one, two, three pairs of 45 lb plates; 60, 100, 140 kg a 20 kg
/// bar with pairs of 20 kg plates (70, 120, 170 with 25 kg ones). A load that is a quarter pound
/// multiple times 0.45359237 written as a long float (`61.23496995` = 135 lb) is kg already: the app
/// converted it.
struct LoadUnitEvidence: Sendable, Equatable {
    /// Sets of a main barbell lift (squat, bench press, deadlift, overhead press, barbell row) with a load.
    var mainLiftSets = 0
    /// Of those, loads that are lb bar-and-plate totals (``lbTotals``).
    var lbTotals = 0
    /// Of those, loads that are kg bar-and-plate totals (``kgTotals``).
    var kgTotals = 0
    /// Loads of any set written as pounds converted to kg (long floats; ``isPoundsInKilograms(_:)``).
    var poundsInKilograms = 0

    /// The fewest main-lift sets that make evidence, and the most a scan needs to count.
    static let enough = 20
    static let sample = 400

    /// A 45 lb bar with pairs of 45 lb plates.
    static let lbTotals: Set<Double> = [135, 225, 315, 405, 495, 585, 675]
    /// A 20 kg bar with pairs of 20 kg or of 25 kg plates.
    static let kgTotals: Set<Double> = [60, 100, 140, 180, 220, 260, 300, 340, 70, 120, 170, 270, 320]

    /// Counts one set's `load` (as written) of the exercise `name`.
    mutating func add(exercise name: String, load: Double) {
        guard load > 0 else { return }
        if Self.isPoundsInKilograms(load) { poundsInKilograms += 1 }
        guard Self.isMainBarbellLift(name) else { return }
        mainLiftSets += 1
        if Self.lbTotals.contains(load) { lbTotals += 1 }
        if Self.kgTotals.contains(load) { kgTotals += 1 }
    }

    /// Whether the count is large enough to stop reading.
    var isDecided: Bool { mainLiftSets >= Self.sample }

    /// What shows the loads are not in `unit`, for the refusal (nil when nothing does): at least
    /// ``enough`` main-lift sets, at least 15 % of them totals of the other unit and three times as
    /// many as of `unit`; or, for lb, at least ``enough`` loads that are pounds already converted to kg.
    func contradiction(of unit: LoadUnit) -> String? {
        if unit == .lb, poundsInKilograms >= Self.enough {
            return "\(poundsInKilograms) loads are pounds converted to kilograms (such as 61.23496995 kg = 135 lb)"
        }
        guard mainLiftSets >= Self.enough else { return nil }
        let (other, own) = unit == .kg ? (lbTotals, kgTotals) : (kgTotals, lbTotals)
        guard other * 100 >= mainLiftSets * 15, other >= 3 * own else { return nil }
        let otherName = unit == .kg ? "lb" : "kg"
        let examples = unit == .kg ? "135, 225, 315" : "60, 100, 140"
        return "\(other) of the first \(mainLiftSets) main-lift barbell sets are \(otherName) bar-and-plate totals "
            + "(\(examples)…) and \(own) are \(unit.rawValue) ones"
    }

    /// A main barbell lift by its name's words (``ExerciseNameSignature``): a squat, press, deadlift or row,
    /// written with "Barbell"/"BB" or with no equipment at all ("Squat", "Deadlift"), never one with other
    /// equipment (dumbbell, machine, cable, Smith, kettlebell…) or another lift sharing the word (leg press,
    /// hack/goblet/split squat, upright/T-bar/inverted row).
    static func isMainBarbellLift(_ name: String) -> Bool {
        let words = ExerciseNameSignature.wordSet(name)
        guard !words.isDisjoint(with: ExerciseNameSignature.mainLiftWords) else { return false }
        // Other equipment (ExerciseNameSignature.equipment) and the lifts that share a main lift's word.
        let other: Set<String> = ["hack", "goblet", "leg", "upright", "split", "bulgarian", "pistol", "t", "inverted"]
        guard words.isDisjoint(with: ExerciseNameSignature.equipment.subtracting(["barbell"])),
            words.isDisjoint(with: other)
        else { return false }
        return true
    }

    /// Whether `load` is a multiple of a quarter pound written in kg at full precision (more than three
    /// decimals): `61.23496995` is 135 lb.
    static func isPoundsInKilograms(_ load: Double) -> Bool {
        let thousandths = load * 1000
        guard abs(thousandths - thousandths.rounded()) > 1e-6 else { return false }
        let quarters = load / LoadUnit.kgPerLb * 4
        return abs(quarters - quarters.rounded()) < 0.004
    }
}
