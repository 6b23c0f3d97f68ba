import ForgeCore

/// The `stats` document of a cardio session (docs/contract.md §4.14, §4.9, §4.11).
package enum CardioStats {
    /// Base stats: `duration_s`, `distance` (km), `avg_hr`, `max_hr`, `kcal`
    /// (each rounded to 3 dp, present when known; `avg_hr`/`max_hr` from the
    /// heart-rate series when the source states none, issue 41 item 7), `pace_min_km =
    /// round2(duration_s / 60 / distance)` when both are non-zero, and with
    /// HR samples `hr_samples` (count) and `zone2_min` (minutes in 110–145
    /// bpm by ``ZoneTime``, 1 dp).
    package static func base(_ w: CardioWorkout) -> [String: JSONValue] {
        var s: [String: JSONValue] = [:]
        func put(_ key: String, _ v: Double?) { if let v { s[key] = .double(Rounding.halfEven(v, places: 3)) } }
        put("duration_s", w.durationS)
        put("distance", w.distanceKm)
        put("avg_hr", w.avgHR)
        put("max_hr", w.maxHR)
        put("kcal", w.kcal)
        if let d = w.durationS, let km = w.distanceKm, d != 0, km != 0 {
            s["pace_min_km"] = .double(
                Rounding.round2(Rounding.halfEven(d, places: 3) / 60 / Rounding.halfEven(km, places: 3)))
        }
        addHR(&s, trace: w.trace)
        return s
    }

    /// Adds `hr_samples` and `zone2_min` from `trace` when it has HR samples, and `avg_hr`/`max_hr`
    /// from it where `s` has none.
    package static func addHR(_ s: inout [String: JSONValue], trace: CardioTrace) {
        guard let heartRate = trace.heartRate else { return }
        if s["avg_hr"] == nil { s["avg_hr"] = .double(Rounding.halfEven(heartRate.mean, places: 3)) }
        if s["max_hr"] == nil { s["max_hr"] = .double(Rounding.halfEven(heartRate.max, places: 3)) }
        s["hr_samples"] = .int(trace.hr.count)
        s["zone2_min"] = .double(Rounding.round1(ZoneTime.minutes(trace, in: ZoneTime.zone2)))
    }

    /// Adds `zone_min` (minutes with `hr_low ≤ bpm ≤ hr_high`, 1 dp) and
    /// `pct_in_zone = round0(100 × zone_min / (duration_s / 60))` (0 without
    /// a duration; computed from the unrounded minutes).
    package static func addTarget(_ s: inout [String: JSONValue], trace: CardioTrace, low: Int, high: Int) {
        guard !trace.hr.isEmpty, low > 0, high > 0 else { return }
        let minutes = ZoneTime.minutes(trace, in: Double(low)...Double(max(low, high)))
        s["zone_min"] = .double(Rounding.round1(minutes))
        let duration = s["duration_s"]?.doubleValue ?? 0
        s["pct_in_zone"] = .int(duration > 0 ? Int(Rounding.halfEven(100 * minutes / (duration / 60))) : 0)
    }
}
