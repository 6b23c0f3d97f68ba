import ForgeCore

/// The five-zone breakdown of a session's HR trace (docs/contract.md §4.12, with the
/// time-between-samples rule of docs/architecture.md §16.9).
///
/// Model: zones as fractions of maximum heart rate — Z1 `[0, 0.60)`,
/// Z2 `[0.60, 0.70)`, Z3 `[0.70, 0.80)`, Z4 `[0.80, 0.90)`, Z5 `[0.90, 2.0)` —
/// the common %HRmax five-zone scheme (e.g. Edwards, S. (1993), *The Heart
/// Rate Monitor Book*), as the contract specifies it. `hr_max` is
/// `prefs.hr_max` when set (`estimated: false`), else `max(190, highest bpm
/// in the trace)` (`estimated: true`).
///
/// Classification uses the reported integer bounds, `round(fraction ×
/// hr_max)`: a sample exactly on a boundary belongs to the upper zone
/// (bpm ≥ low of that zone), so what the client shows and what is counted
/// agree. Minutes are fractional, 1 dp (half-even).
package struct FiveZones: Sendable, Equatable {
    /// One zone: its number (1-5), its bounds and the time spent in it.
    package struct Zone: Sendable, Equatable {
        /// 1 (easiest) to 5.
        package let zone: Int
        /// Lower bound, bpm (inclusive).
        package let low: Int
        /// Upper bound, bpm (exclusive); nil for Z5.
        package let high: Int?
        /// Time in the zone, minutes, 1 dp.
        package let minutes: Double
    }

    /// Maximum heart rate used, bpm, and whether it was estimated from the trace (see above).
    package let hrMax: Double
    package let estimated: Bool
    /// Z1 to Z5, in order.
    package let zones: [Zone]

    /// Zone fractions of `hr_max`: lower bounds of Z1…Z5 and Z5's ceiling.
    package static let fractions = [0.0, 0.60, 0.70, 0.80, 0.90, 2.0]

    /// The breakdown of `trace`, or nil when it has no HR samples.
    /// - Parameter prefsHRMax: `prefs.hr_max` in bpm when the member set one (> 0).
    package static func of(_ trace: CardioTrace, prefsHRMax: Double?) -> FiveZones? {
        guard let highest = trace.hr.map(\.bpm).max() else { return nil }
        let hrMax: Double
        let estimated: Bool
        if let p = prefsHRMax, p > 0 {
            hrMax = p
            estimated = false
        } else {
            hrMax = max(190, highest)
            estimated = true
        }
        let bounds = fractions.map { Int(Rounding.halfEven($0 * hrMax)) }
        let credit = ZoneTime.credits(trace)
        var seconds = [Double](repeating: 0, count: 5)
        for (i, s) in trace.hr.enumerated() {
            var z = 0
            for k in 1..<5 where s.bpm >= Double(bounds[k]) { z = k }
            seconds[z] += credit[i]
        }
        let zones = (0..<5).map { k in
            Zone(
                zone: k + 1, low: bounds[k], high: k == 4 ? nil : bounds[k + 1],
                minutes: Rounding.round1(seconds[k] / 60))
        }
        return FiveZones(hrMax: hrMax, estimated: estimated, zones: zones)
    }

    /// The contract's `Zones` document.
    package var json: JSONValue {
        [
            "hr_max": .int(Int(Rounding.halfEven(hrMax))), "estimated": .bool(estimated),
            "zones": .array(
                zones.map { z in
                    [
                        "zone": .int(z.zone), "low": .int(z.low), "high": .integerOrNull(z.high),
                        "min": .double(z.minutes),
                    ]
                }),
        ]
    }
}
