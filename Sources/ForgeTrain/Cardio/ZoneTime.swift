/// Time in a heart-rate band, by the time between samples (docs/architecture.md §16.9, the method of
/// docs/contract.md §4.12, used for every time-in-zone figure
/// in place of §4.10's sample counting).
///
/// For each consecutive pair of samples, `dt = min(max(t₂ − t₁, 0), 30)`
/// seconds is credited to the band of the *earlier* sample; the last sample
/// credits nothing, and neither does the gap into a new recording segment
/// (a pause in a GPX/TCX file). Samples are taken in stored order.
package enum ZoneTime {
    /// The longest gap credited, seconds: a longer gap is a dropout or a
    /// pause, not 30+ seconds at the earlier heart rate.
    package static let gapCap = 30.0
    /// The fixed zone-2 band of docs/contract.md §4.11, bpm inclusive, independent of
    /// the plan so weeks stay comparable.
    package static let zone2 = 110.0...145.0

    /// Seconds credited to each sample (same length as `trace.hr`).
    package static func credits(_ trace: CardioTrace) -> [Double] {
        let hr = trace.hr
        guard !hr.isEmpty else { return [] }
        let breaks = Set(trace.breaks)
        var out = [Double](repeating: 0, count: hr.count)
        for i in 0..<(hr.count - 1) where !breaks.contains(i + 1) {
            out[i] = min(max(hr[i + 1].t - hr[i].t, 0), gapCap)
        }
        return out
    }

    /// Minutes (fractional, unrounded) with `band.lowerBound ≤ bpm ≤ band.upperBound`.
    package static func minutes(_ trace: CardioTrace, in band: ClosedRange<Double>) -> Double {
        let credit = credits(trace)
        var seconds = 0.0
        for (i, s) in trace.hr.enumerated() where band.contains(s.bpm) { seconds += credit[i] }
        return seconds / 60
    }
}
