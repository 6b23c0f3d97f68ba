import ForgeTrain
import Foundation

/// What an Apple Health `<Record type=...>` becomes in forged (the stored metric types of
/// docs/contract.md §4.14, the same as /ingest writes from Health Auto Export):
///
/// | Health type | forged | unit conversion |
/// |---|---|---|
/// | `HKQuantityTypeIdentifierBodyMass` | `weight` | kg; `lb` × 0.45359237, `g` ÷ 1000, `st` × 6.35029318, `oz` × 0.028349523125 |
/// | `HKQuantityTypeIdentifierLeanBodyMass` | `fat_free_mass` | as body mass |
/// | `HKQuantityTypeIdentifierBodyFatPercentage` | `body_fat_pct` | `%` is written as a fraction (`0.185`): × 100 (a value above 1 is taken as percent) |
/// | `HKQuantityTypeIdentifierHeight` | `height` | cm; `m` × 100, `in` × 2.54, `ft` × 30.48, `mm` ÷ 10 |
/// | `HKQuantityTypeIdentifierRestingHeartRate` | `resting_hr` | `count/min` = bpm |
/// | `HKQuantityTypeIdentifierVO2Max` | `vo2max` | `mL/min·kg` = ml/kg/min |
/// | `HKQuantityTypeIdentifierHeartRateVariabilitySDNN` | `hrv` | ms; `s` × 1000 |
/// | `HKQuantityTypeIdentifierStepCount` | `steps` | a day's total (``HealthDailyTotals``) |
/// | `HKCategoryTypeIdentifierSleepAnalysis` | `sleep_h` | a night's hours asleep (``HealthDailyTotals``) |
///
/// `HKQuantityTypeIdentifierHeartRate` feeds workouts' heart-rate traces; every other type is counted
/// as not kept.
enum HealthRecordKind: Equatable {
    /// One sample stored as it is (type and canonical unit of ``MetricMapping``).
    case point(MetricMapping)
    /// Summed per day into one `steps` sample.
    case steps
    /// Summed per night into one `sleep_h` sample.
    case sleep
    /// A heart-rate sample, for workout traces.
    case heartRate
    /// Not kept by forged.
    case other

    static let byType: [String: HealthRecordKind] = [
        "HKQuantityTypeIdentifierBodyMass": .point(ingest("body_mass")),
        "HKQuantityTypeIdentifierLeanBodyMass": .point(ingest("lean_body_mass")),
        "HKQuantityTypeIdentifierBodyFatPercentage": .point(ingest("body_fat_percentage")),
        "HKQuantityTypeIdentifierHeight": .point(ingest("height")),
        "HKQuantityTypeIdentifierRestingHeartRate": .point(ingest("resting_heart_rate")),
        "HKQuantityTypeIdentifierVO2Max": .point(ingest("vo2_max")),
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": .point(ingest("heart_rate_variability")),
        "HKQuantityTypeIdentifierStepCount": .steps,
        "HKCategoryTypeIdentifierSleepAnalysis": .sleep,
        "HKQuantityTypeIdentifierHeartRate": .heartRate,
    ]

    /// /ingest's mapping of a Health Auto Export name (docs/contract.md §4.14): one table of stored types.
    private static func ingest(_ name: String) -> MetricMapping { MetricMapping.named(name)! }

    static func of(_ type: String) -> HealthRecordKind { byType[type] ?? .other }

    /// `value` in `unit` as the canonical unit of stored type `type`, or nil when the unit is not one
    /// that type can be written in (the record is then skipped and listed).
    static func canonical(_ value: Double, unit: String, type: String) -> Double? {
        let u = unit.trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "weight", "fat_free_mass":
            switch u {
            case "kg", "": return value
            case "g": return value / 1000
            case "lb", "lbs": return value * MetricMapping.kgPerLb
            case "st": return value * MetricMapping.kgPerStone
            case "oz": return value * 0.028349523125
            default: return nil
            }
        case "body_fat_pct":
            guard u == "%" || u.isEmpty else { return nil }
            return value <= 1 ? value * 100 : value
        case "height":
            switch u {
            case "cm", "": return value
            case "m": return value * 100
            case "mm": return value / 10
            case "in": return value * 2.54
            case "ft": return value * 30.48
            default: return nil
            }
        case "resting_hr":
            return u == "count/min" || u == "bpm" || u.isEmpty ? value : (u == "count/s" ? value * 60 : nil)
        case "vo2max":
            return u.contains("ml") && u.contains("kg") && u.contains("min") || u.isEmpty ? value : nil
        case "hrv":
            switch u {
            case "ms", "": return value
            case "s": return value * 1000
            default: return nil
            }
        default: return value
        }
    }

    /// The asleep stages of `HKCategoryTypeIdentifierSleepAnalysis`: `Asleep` (before iOS 16),
    /// `AsleepUnspecified`, `AsleepCore`, `AsleepDeep`, `AsleepREM`, or the numeric raw values 1, 3, 4, 5
    /// of older files. `InBed` (0) and `Awake` (2) are not sleep.
    static func isAsleep(_ value: UnsafePointer<CChar>) -> Bool {
        if strstr(value, "Asleep") != nil { return true }
        var end: UnsafeMutablePointer<CChar>?
        let number = strtod(value, &end)
        guard let end, UnsafePointer(end) != value, end.pointee == 0 else { return false }
        return [1, 3, 4, 5].contains(number)
    }
}
