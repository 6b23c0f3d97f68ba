import Foundation

/// What a body or workout value may be before it is stored, the one source
/// of these ranges for every writer: `/ingest` skips and counts a sample or
/// workout outside them (docs/contract.md §3.14: odd shapes never fail the push, but
/// nothing impossible is stored), `POST /api/body` and the prefs refuse them
/// with a 422. Values are canonical units (docs/contract.md §1.3), checked after unit
/// conversion.
package enum IngestPlausibility {
    /// Heart rate, beats per minute: resting HR samples, workout average and
    /// maximum, and every point of an HR trace.
    package static let heartRate = 20.0...250.0
    /// Body mass and fat-free mass of an adult household member, kg.
    package static let massKg = 20.0...400.0
    /// Body-fat percentage (essential fat to the highest measured).
    package static let percent = 1.0...75.0
    /// Height of an adult, cm (up to the tallest recorded human, 272 cm).
    package static let heightCm = 50.0...272.0
    /// VO2max, ml/kg/min.
    package static let vo2max = 1.0...100.0
    /// One night's sleep, hours.
    package static let sleepHours = 0.0...24.0
    /// Heart-rate variability, ms.
    package static let hrvMs = 0.0...1000.0
    /// Steps in one sample (a day's total at most).
    package static let steps = 0.0...1_000_000.0
    /// Workout duration, seconds (7 days).
    package static let durationS = 0.0...604_800.0
    /// Workout distance, km.
    package static let distanceKm = 0.0...2000.0
    /// Workout active energy, kcal.
    package static let kcal = 0.0...50_000.0
    /// Calendar years a recorded time may fall in (the API's own date checks
    /// accept the same years), so a `0001-01-01` time never becomes a session day.
    package static let years = 1900...2100
    /// Latitude and longitude, degrees (WGS 84).
    package static let latitude = -90.0...90.0
    package static let longitude = -180.0...180.0

    /// True when `instant` falls in ``years`` (UTC).
    package static func instant(_ instant: Date) -> Bool {
        // Days since 1970-01-01 of 1900-01-01 and 2101-01-01.
        let seconds = instant.timeIntervalSince1970
        return seconds.isFinite && seconds >= -2_208_988_800 && seconds < 4_133_980_800
    }

    /// True when `value` (canonical unit of `type`) can be stored as a
    /// metric of that stored type; unknown types need only be finite.
    package static func metric(_ type: String, _ value: Double) -> Bool {
        guard value.isFinite else { return false }
        switch type {
        case "weight", "fat_free_mass": return massKg.contains(value)
        case "body_fat_pct": return percent.contains(value)
        case "height": return heightCm.contains(value)
        case "resting_hr": return heartRate.contains(value)
        case "vo2max": return vo2max.contains(value)
        case "sleep_h": return sleepHours.contains(value)
        case "hrv": return hrvMs.contains(value)
        case "steps": return steps.contains(value)
        default: return true
        }
    }

    /// True when every stat the workout carries is finite and in range
    /// (duration, distance, energy, average and maximum HR). Trace points
    /// are checked one by one by the reader.
    package static func workout(_ w: CardioWorkout) -> Bool {
        func ok(_ v: Double?, _ range: ClosedRange<Double>) -> Bool {
            v.map { $0.isFinite && range.contains($0) } ?? true
        }
        return ok(w.durationS, durationS) && ok(w.distanceKm, distanceKm) && ok(w.kcal, kcal)
            && ok(w.avgHR, heartRate) && ok(w.maxHR, heartRate)
    }
}
