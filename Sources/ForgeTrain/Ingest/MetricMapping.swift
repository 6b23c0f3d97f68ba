import Foundation

/// Health Auto Export metric names → stored metric types, canonical units
/// and unit conversion (docs/contract.md §4.14).
package struct MetricMapping: Sendable, Equatable {
    /// Stored `metrics.type`.
    package let type: String
    /// Canonical unit of the type (docs/contract.md §1.3).
    package let unit: String

    /// Payload name (lower-cased) → mapping. Unknown names are ignored.
    package static let byName: [String: MetricMapping] = [
        "weight_body_mass": .init(type: "weight", unit: "kg"),
        "body_mass": .init(type: "weight", unit: "kg"),
        "body_fat_percentage": .init(type: "body_fat_pct", unit: "%"),
        "lean_body_mass": .init(type: "fat_free_mass", unit: "kg"),
        "height": .init(type: "height", unit: "cm"),
        "resting_heart_rate": .init(type: "resting_hr", unit: "bpm"),
        "vo2_max": .init(type: "vo2max", unit: "ml/kg/min"),
        "vo2max": .init(type: "vo2max", unit: "ml/kg/min"),
        "vo2 max": .init(type: "vo2max", unit: "ml/kg/min"),
        "cardio_fitness": .init(type: "vo2max", unit: "ml/kg/min"),
        "sleep_analysis": .init(type: "sleep_h", unit: "h"),
        "heart_rate_variability": .init(type: "hrv", unit: "ms"),
        "step_count": .init(type: "steps", unit: "count"),
    ]

    /// The mapping for a payload metric name, matched case-insensitively.
    package static func named(_ name: String) -> MetricMapping? {
        byName[name.trimmingCharacters(in: .whitespaces).lowercased()]
    }

    /// Pounds to kilograms (exact, by definition of the international pound).
    package static let kgPerLb = 0.45359237
    /// Stones to kilograms (14 lb).
    package static let kgPerStone = 6.35029318

    /// The factor from the payload's `units` to the canonical unit: mass
    /// types from `lb`/`lbs` × 0.45359237 and `st` × 6.35029318; height from
    /// metres × 100 and inches × 2.54; everything else is taken as canonical.
    /// Sleep minutes are handled by the sleep reader, not here.
    package func factor(units: String?) -> Double {
        let u = (units ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "weight", "fat_free_mass":
            if u == "lb" || u == "lbs" { return Self.kgPerLb }
            if u == "st" { return Self.kgPerStone }
        case "height":
            if ["m", "meter", "metres", "meters"].contains(u) { return 100 }
            if ["in", "inch", "inches"].contains(u) { return 2.54 }
        default: break
        }
        return 1
    }
}
