/// Time in a heart-rate band, by the time between samples (docs/architecture.md §16.9, the method of
/// docs/contract.md §4.12, used for every time-in-zone figure
/// in place of §4.10's sample counting).
///
/// For each consecutive pair of samples, `dt = min(max(t₂ − t₁, 0), cap)`
/// seconds is credited to the band of the *earlier* sample; the last sample
/// credits nothing, and neither does the gap into a new recording segment
/// (a pause in a GPX/TCX file). Samples are taken in stored order.
///
/// `cap` is the contract's 30 s, or the series' own sampling interval where the
/// samples are regular and sparser than that (``cap(_:)``, issue 41 item 6): a
/// run sampled once a minute (Health Auto Export, an Apple Health export between
/// watch readings, a downsampled trace) credits each minute, while a gap well
/// beyond the interval (a pause) still credits only the cap.
package enum ZoneTime {
    /// The longest gap credited in a dense series, seconds: a longer gap is a
    /// dropout or a pause, not 30+ seconds at the earlier heart rate.
    package static let gapCap = 30.0
    /// How far past the series' interval a gap may run and still count in full
    /// (jitter of a once-a-minute series: 59, 61, 64 s).
    package static let intervalSlack = 1.25
    /// The fixed zone-2 band of docs/contract.md §4.11, bpm inclusive, independent of
    /// the plan so weeks stay comparable.
    package static let zone2 = 110.0...145.0

    /// Seconds credited to each sample (same length as `trace.hr`).
    package static func credits(_ trace: CardioTrace) -> [Double] {
        let hr = trace.hr
        guard !hr.isEmpty else { return [] }
        let limit = cap(trace)
        let breaks = Set(trace.breaks)
        var out = [Double](repeating: 0, count: hr.count)
        for i in 0..<(hr.count - 1) where !breaks.contains(i + 1) {
            out[i] = min(max(hr[i + 1].t - hr[i].t, 0), limit)
        }
        return out
    }

    /// The longest gap `trace` credits, seconds: ``gapCap`` (30), or ``intervalSlack`` × the
    /// series' sampling interval when that is longer and the series is regular. The interval is
    /// the median gap between consecutive samples within a segment; the series is regular when at
    /// least 5 gaps are measured and three in four lie within half to one and a half intervals.
    package static func cap(_ trace: CardioTrace) -> Double {
        let breaks = Set(trace.breaks)
        let gaps = trace.hr.indices.dropLast().filter { !breaks.contains($0 + 1) }
            .map { trace.hr[$0 + 1].t - trace.hr[$0].t }.filter { $0 > 0 }.sorted()
        guard gaps.count >= 5 else { return gapCap }
        let interval = gaps[gaps.count / 2]
        guard interval * intervalSlack > gapCap else { return gapCap }
        let regular = gaps.filter { $0 >= interval / 2 && $0 <= interval * 1.5 }.count
        return regular * 4 >= gaps.count * 3 ? interval * intervalSlack : gapCap
    }

    /// Minutes (fractional, unrounded) with `band.lowerBound ≤ bpm ≤ band.upperBound`.
    package static func minutes(_ trace: CardioTrace, in band: ClosedRange<Double>) -> Double {
        let credit = credits(trace)
        var seconds = 0.0
        for (i, s) in trace.hr.enumerated() where band.contains(s.bpm) { seconds += credit[i] }
        return seconds / 60
    }
}
