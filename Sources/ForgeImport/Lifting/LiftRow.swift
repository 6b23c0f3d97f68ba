import ForgeTrain
import Foundation

/// One set row of a lifting app's history, read but not yet checked: the
/// common shape of Strong, Hevy and FitNotes rows (``LiftHistoryWriter`` checks and writes it).
package struct LiftRow: Sendable {
    /// Record number in the file (the header is 1).
    package var line: Int
    /// The workout's start instant (its identity: one session per start).
    package var start: Date
    package var workoutName: String
    /// The workout's duration, seconds, when the file gives one.
    package var duration: Double?
    /// The workout's end, when the file gives one (Hevy).
    package var end: Date?
    package var workoutNotes: String = ""
    /// The app's exercise name.
    package var exercise: String
    package var marker: SetMarker = .normal
    /// Load, kg, full precision (0 for none).
    package var weightKg: Double = 0
    /// Repetitions as the file wrote them (Strong writes `5.0`).
    package var reps: Double = 0
    package var seconds: Double?
    /// Metres.
    package var distanceM: Double?
    /// The file's RPE (may be a decimal).
    package var rpe: Double?
    package var note: String = ""

    package init(line: Int, start: Date, workoutName: String, exercise: String) {
        self.line = line
        self.start = start
        self.workoutName = workoutName
        self.exercise = exercise
    }
}

/// Exact unit conversions to forged's canonical units.
package enum UnitConversion {
    /// The international pound, kg (exact by definition, 1959).
    package static let kgPerLb = 0.45359237
    /// The international mile, m (exact).
    package static let metresPerMile = 1609.344
    package static let metresPerFoot = 0.3048
    package static let metresPerYard = 0.9144

    /// kg for `value` in `unit` (`kg`, `kgs`, `lb`, `lbs`, `pounds`…); nil for an unknown unit.
    package static func kilograms(_ value: Double, unit: String) -> Double? {
        switch unit.trimmedBlanks.lowercased() {
        case "kg", "kgs", "kilograms", "kilogram", "": value
        case "lb", "lbs", "pound", "pounds": value * kgPerLb
        default: nil
        }
    }

    /// Metres for `value` in `unit` (`km`, `m`, `mi`, `miles`, `ft`, `yd`…); nil for an unknown unit.
    package static func metres(_ value: Double, unit: String) -> Double? {
        switch unit.trimmedBlanks.lowercased() {
        case "km", "kms", "kilometers", "kilometres", "": value * 1000
        case "m", "meters", "metres", "meter", "metre": value
        case "mi", "mile", "miles": value * metresPerMile
        case "ft", "feet", "foot": value * metresPerFoot
        case "yd", "yds", "yard", "yards": value * metresPerYard
        default: nil
        }
    }
}
