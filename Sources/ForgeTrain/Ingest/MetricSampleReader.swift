import ForgeCore
import Foundation

/// One metric sample read from a payload, ready to store.
package struct IngestSample: Sendable, Equatable {
    package let type: String
    package let unit: String
    /// Canonical value, rounded to 2 dp (half-even).
    package let value: Double
    package let instant: Date
}

/// Reads metric samples (docs/contract.md §4.14).
package enum MetricSampleReader {
    /// Sample time keys, first present wins.
    static let timeKeys = ["date", "startDate", "sleepStart", "inBedStart"]
    /// Sleep totals when no stage breakdown is usable, first present wins.
    static let sleepTotalKeys = ["asleep", "totalSleep", "totalSleepTime", "qty", "value"]

    /// The sample, or nil when it is unusable (no parseable time, no usable
    /// value) or impossible (outside ``IngestPlausibility/metric(_:_:)``,
    /// e.g. a negative body mass). Values: first of `qty`, `Avg`, `avg` × the unit factor.
    /// Sleep: the sum of the `core`, `deep` and `rem` stages when any is a
    /// number and the sum is > 0, else the first total; minutes (`units` of
    /// `min|mins|minute|minutes`) are divided by 60, so the value is hours.
    package static func read(
        _ raw: JSONValue, mapping: MetricMapping, units: String?,
        zone: TimeZone
    ) -> IngestSample? {
        guard let o = raw.objectValue,
            let timeText = IngestValues.first(o, timeKeys)?.stringValue,
            let ts = IngestTimestamp.parse(timeText, zone: zone)
        else { return nil }
        var value: Double
        if mapping.type == "sleep_h" {
            let stages = ["core", "deep", "rem"].compactMap { o[$0].flatMap(IngestValues.number) }
            let sum = stages.reduce(0, +)
            if !stages.isEmpty, sum > 0 {
                value = sum
            } else if let total = IngestValues.number(IngestValues.first(o, sleepTotalKeys)) {
                value = total
            } else {
                return nil
            }
            let u = (units ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            if ["min", "mins", "minute", "minutes"].contains(u) { value /= 60 }
        } else {
            guard let v = IngestValues.number(IngestValues.first(o, ["qty", "Avg", "avg"])) else { return nil }
            value = v * mapping.factor(units: units)
        }
        guard IngestPlausibility.metric(mapping.type, value) else { return nil }
        return IngestSample(type: mapping.type, unit: mapping.unit, value: Rounding.round2(value), instant: ts.instant)
    }
}
