import ForgeCore
import ForgeTrain
import Foundation

/// One `<Workout>` of an Apple Health export as read, before its heart rate (from the export's heart-rate
/// records, which sit in another part of the file) and its route are joined to it. Canonical units.
struct HealthWorkout {
    /// 1-based line of the `<Workout>` element, for the report.
    var line: Int
    /// `workoutActivityType` without its prefix (`Running`, `TraditionalStrengthTraining`).
    var activity: String
    var start: HealthDate
    var end: HealthDate?
    /// Seconds.
    var durationS: Double?
    /// km.
    var distanceKm: Double?
    /// kcal.
    var kcal: Double?
    /// bpm, from `<WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate">` (newer exports).
    var avgHR: Double?
    var maxHR: Double?
    /// The `workout-routes/*.gpx` file a `<FileReference>` names (its file name).
    var routeFile: String?
    /// The inline `<Location>` points, as a range of the route spool.
    var inlineRoute: Range<Int>?

    /// `HKWorkoutActivityTypeTraditionalStrengthTraining` → "Traditional Strength Training".
    var name: String {
        var out = ""
        for c in activity {
            if c.isUppercase, let last = out.last, last.isLowercase { out.append(" ") }
            out.append(c)
        }
        return out.isEmpty ? "Workout" : out
    }

    /// `value` in Health's `unit` as seconds (`min`, `s`, `h`; minutes when no unit is given, as every
    /// export writes `durationUnit="min"`).
    static func seconds(_ value: Double, unit: String) -> Double? {
        switch unit.lowercased() {
        case "min", "", "mins": value * 60
        case "s", "sec": value
        case "h", "hr": value * 3600
        default: nil
        }
    }

    /// `value` in `unit` as km (`km`, `mi` × 1.609344, `m`, `yd` × 0.0009144, `ft` × 0.0003048, `cm`).
    static func kilometres(_ value: Double, unit: String) -> Double? {
        switch unit.lowercased() {
        case "km": value
        case "mi": value * 1.609344
        case "m": value / 1000
        case "yd": value * 0.0009144
        case "ft": value * 0.0003048
        case "cm": value / 100_000
        default: nil
        }
    }

    /// `value` in `unit` as kcal (`kcal` and `Cal` are kilocalories, `cal` calories, `kJ` × 0.2390057, `J`).
    static func kilocalories(_ value: Double, unit: String) -> Double? {
        switch unit {
        case "kcal", "Cal", "Kcal": value
        case "cal": value / 1000
        case "kJ", "kj": value * 0.2390057
        case "J": value * 0.0002390057
        default: nil
        }
    }

    /// The workout for ``CardioRecorder``: `hr` (seconds since the start, bpm; in time order) is the
    /// heart rate recorded during it, `route` its points. Average and maximum heart rate come from the
    /// export's statistics when it has them, else from `hr`.
    func cardio(hr: [HRSample], route: [RoutePoint]) -> CardioWorkout {
        let duration = durationS ?? end.map { Double($0.seconds - start.seconds) }
        let trace = CardioTrace(hr: hr, route: route)
        return CardioWorkout(
            name: name, start: start.instant, day: start.localDate, end: end?.instant, durationS: duration,
            distanceKm: distanceKm, avgHR: avgHR ?? trace.heartRate?.mean, maxHR: maxHR ?? trace.heartRate?.max,
            kcal: kcal, trace: trace, source: "watch")
    }
}
