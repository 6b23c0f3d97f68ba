import ForgeCore

/// One point of an e1RM series: the best e1RM (kg) on a trained day.
package struct SeriesPoint: Sendable, Hashable {
    package let day: LocalDate
    package let value: Double
    package init(day: LocalDate, value: Double) {
        self.day = day
        self.value = value
    }
}

/// A lift's direction in plain words, added as `trend` on each
/// `progress.e1rm[slug]` entry.
package struct LiftTrend: Sendable, Hashable {
    /// The trend in words; the raw value is the label's first words (`"easing off"`).
    package enum Status: String, Sendable {
        case new, building, holding, stalled
        case easingOff = "easing off"
    }

    /// Which way the lift is going.
    package let status: Status
    /// Whole weeks since the best e1RM was first reached (``Status/stalled``
    /// and ``Status/easingOff`` only); nil otherwise.
    package let weeks: Int?
    /// `"new"`, `"building"`, `"holding"`, `"stalled 2 wk"`, `"easing off"`.
    package let label: String
    /// Recent best minus the reference e1RM, kg, 0.1 (half-even).
    package let changeKg: Double
    /// Days between the reference point and the latest point.
    package let windowDays: Int

    /// Days back the comparison looks: "about four weeks earlier".
    package static let lookbackDays = 28
    /// Days up to the latest point whose best counts as "recent", so two
    /// sessions a week read as one level.
    package static let recentDays = 7
    /// Weeks without a new best after which a flat lift reads "stalled".
    package static let stallWeeks = 2

    /// The noise floor, kg: `max(1.0, 2 % of the reference)`. One more rep at
    /// the same load moves Epley's e1RM by `weight / 30` (≈ 3 % of it), one
    /// 2.5 kg step at 5 reps by 2.9 kg, while an ordinary day-to-day wobble
    /// (an RPE-8 set logged a rep short, the 0.1 kg rounding) stays below
    /// 2 %; 1 kg keeps light lifts from flickering.
    package static func noiseFloor(reference: Double) -> Double { max(1.0, 0.02 * reference) }

    /// The trend of `points` (any order; one per trained day):
    ///
    /// - latest = the last point; recent = the best e1RM among points within
    ///   ``recentDays`` up to it; peak = the best e1RM of the whole series,
    ///   first reached on peakDay.
    /// - reference = the latest point dated at least ``lookbackDays`` before
    ///   latest; when there is none, the first point. window = days between.
    /// - change = recent − reference; floor = ``noiseFloor(reference:)``.
    ///
    /// Then, first match wins:
    /// 1. fewer than two points, or a window shorter than ``recentDays`` (every
    ///    point is "recent", so there is no earlier level to compare) → **new**
    ///    (issue 14: one session is not a trend);
    /// 2. recent < peak − floor → **easing off** (a dip from the best), weeks
    ///    since peakDay;
    /// 3. change > floor → **building** (the same load twice a week while
    ///    climbing still beats the level four weeks ago);
    /// 4. peakDay ≥ ``stallWeeks`` weeks before latest → **stalled N wk**;
    /// 5. otherwise **holding** (flat, best set recently).
    package static func of(_ points: [SeriesPoint]) -> LiftTrend {
        let sorted = points.sorted { $0.day < $1.day }
        guard let latest = sorted.last, sorted.count >= 2 else {
            return LiftTrend(status: .new, weeks: nil, label: "new", changeKg: 0, windowDays: 0)
        }
        let recent =
            sorted.filter { latest.day.dayNumber - $0.day.dayNumber < recentDays }.map(\.value).max() ?? latest.value
        let peak = sorted.map(\.value).max() ?? latest.value
        let peakDay = sorted.first { $0.value == peak }?.day ?? latest.day
        let reference = sorted.last { latest.day.dayNumber - $0.day.dayNumber >= lookbackDays } ?? sorted[0]
        let window = latest.day.dayNumber - reference.day.dayNumber
        let change = recent - reference.value
        let floor = noiseFloor(reference: reference.value)
        let weeksSincePeak = (latest.day.dayNumber - peakDay.dayNumber) / 7
        let changeKg = Rounding.round1(change)
        func make(_ status: Status, weeks: Int? = nil, label: String? = nil) -> LiftTrend {
            LiftTrend(
                status: status, weeks: weeks, label: label ?? status.rawValue, changeKg: changeKg, windowDays: window)
        }
        if window < recentDays { return make(.new) }
        if recent < peak - floor { return make(.easingOff, weeks: weeksSincePeak) }
        if change > floor { return make(.building) }
        if weeksSincePeak >= stallWeeks {
            return make(.stalled, weeks: weeksSincePeak, label: "stalled \(weeksSincePeak) wk")
        }
        return make(.holding)
    }
}
